import { chartFieldsResource } from './chart_fields.js';
import { terminologyResource } from './terminology.js';
import type { AnyResource } from './types.js';

export type { AnyResource, Resource } from './types.js';

/** The one ordered list of MCP resources. */
export const RESOURCES: readonly AnyResource[] = [terminologyResource, chartFieldsResource];
