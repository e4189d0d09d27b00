/**
 * Every operation of the service's own `/openapi.json` driven with generated requests
 * (test/helpers/openapi-properties.ts, fast-check, fixed seed and a budget for every run; the sweep
 * tier runs more): schema-valid requests get no 400 the schema allows, except the named refusals of
 * test/helpers/openapi-refusals.ts (each with its reason), and schema-invalid ones no 2xx.
 * Regression test for "inputs looser or stricter than their documentation".
 */
import { describeOpenApiProperties } from '../helpers/openapi-properties.js';

describeOpenApiProperties(22, 4);
