import type { Deps } from '../operations/types.js';

/** A read-only MCP resource: fixed URI, no parameters, the same bytes on every read. */
export interface Resource {
  name: string;
  uri: string;
  title: string;
  description: string;
  mimeType: 'application/json' | 'text/html;profile=mcp-app';
  /** `_meta` of the listed resource and of its content (an MCP App's `ui`: CSP, border). */
  meta?: Record<string, unknown>;
  read: (deps: Deps) => string;
}

export type AnyResource = Resource;

/** One resource a template lists (MCP `resources/list`). */
export interface ListedResource {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
}

/**
 * A family of read-only MCP resources under one URI template (RFC 6570 level 1, e.g.
 * `svc://knowledge/{domain}/{id}`): which of them `resources/list` shows, how one is read from the
 * template's variables (undefined: no such resource), and how a client completes each variable.
 */
export interface ResourceFamily {
  name: string;
  uriTemplate: string;
  title: string;
  description: string;
  mimeType: string;
  list: (deps: Deps) => ListedResource[];
  read: (deps: Deps, variables: Record<string, string>) => string | undefined;
  complete: Record<string, (deps: Deps, value: string, context: Record<string, string>) => string[]>;
}
