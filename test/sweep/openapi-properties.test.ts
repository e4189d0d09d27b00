/**
 * The property test of test/e2e/openapi-properties.test.ts with more requests per operation and
 * another seed: schema-valid requests get no 400 the schema allows (only the named refusals), and
 * schema-invalid ones no 2xx.
 */
import { describeOpenApiProperties } from '../helpers/openapi-properties.js';

describeOpenApiProperties(2_022, 30);
