import { serveStdio, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import type { Logger } from 'pino';
import { clip } from '../core/errors.js';
import { LOCAL_OWNER } from '../operations/access.js';
import type { ResultCache } from '../operations/cache.js';
import type { AnyTool, Deps } from '../operations/types.js';
import { type AnyPrompt, PROMPTS } from '../prompts/index.js';
import { type AnyResource, RESOURCE_FAMILIES, type ResourceFamily } from '../resources/index.js';
import { serverFactory } from './server.js';
import { type McpRequestState, toolCaller } from './tool-call.js';

export interface StdioOptions {
  tools: readonly AnyTool[];
  resources: readonly AnyResource[];
  families?: readonly ResourceFamily[];
  prompts?: readonly AnyPrompt[];
  deps: Deps;
  cache: ResultCache;
  log: Logger;
}

/**
 * MCP over this process's stdin and stdout, from the same server factory and tool path as the HTTP
 * endpoint. One connection, one client: the person who started the process, so every call runs as
 * the local owner (no key, nothing metered). The SDK's `serveStdio` settles the protocol era from
 * the opening message and pins one server instance for the connection; it stops reading when stdin
 * ends, and the command that started it then closes the rest.
 */
export function serveMcpStdio(options: StdioOptions): StdioServerHandle {
  const { tools, resources, deps, cache, log } = options;
  const { families = RESOURCE_FAMILIES, prompts = PROMPTS } = options;
  // No HTTP exchange: no headers to set, and cancellation comes from the SDK's own request signal.
  const owner: McpRequestState = { caller: LOCAL_OWNER, setHeader: () => {} };
  const onerror = (err: Error) => log.warn({ reason: clip(err.message) }, 'mcp stdio: transport error');
  const newServer = serverFactory({
    tools,
    resources,
    families,
    prompts,
    deps,
    callTool: toolCaller(deps, cache, log),
    stateOf: () => owner,
    onerror,
  });
  return serveStdio(newServer, { onerror });
}
