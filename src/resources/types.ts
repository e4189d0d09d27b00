import type { Deps } from '../operations/types.js';

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
