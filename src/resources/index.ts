import type { Deps } from '../tools/types.js';
import { chartFieldsResource } from './chart_fields.js';
import { terminologyResource } from './terminology.js';

/** A read-only MCP resource: fixed URI, no parameters, the same bytes on every read. */
export interface Resource {
  name: string;
  uri: string;
  title: string;
  description: string;
  mimeType: 'application/json';
  read: (deps: Deps) => string;
}

export type AnyResource = Resource;

/** The one ordered list of MCP resources. */
export const RESOURCES: readonly AnyResource[] = [terminologyResource, chartFieldsResource];
