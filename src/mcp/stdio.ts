import { serveStdio, type StdioServerHandle, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { Logger } from 'pino';
import { clip } from '../core/errors.js';
import { LOCAL_OWNER } from '../operations/access.js';
import type { ResultCache } from '../operations/cache.js';
import type { AnyTool, Deps } from '../operations/types.js';
import { type AnyPrompt, PROMPTS } from '../prompts/index.js';
import { type AnyResource, RESOURCE_FAMILIES, type ResourceFamily } from '../resources/index.js';
import { serverFactory } from './server.js';
import { GatedTransport } from './stdio-gate.js';
import { type McpRequestState, toolCaller } from './tool-call.js';

export interface StdioOptions {
  tools: readonly AnyTool[];
  resources: readonly AnyResource[];
  families?: readonly ResourceFamily[];
  prompts?: readonly AnyPrompt[];
  /** The dependencies, still being built when the connection opens. */
  deps: Promise<Deps>;
  cache: ResultCache;
  log: Logger;
}

/**
 * Dependencies read only once `ready` has resolved. The server parts read `deps` inside their
 * handlers alone, and the gated transport lets no request that reaches a handler through before
 * then, so the listing is served from the registry while the store is still opening.
 */
function lateDeps(ready: Promise<Deps>): Deps {
  let deps: Deps | undefined;
  void ready.then((d) => (deps = d)).catch(() => {});
  return new Proxy({} as Deps, {
    get(_target, key) {
      if (!deps) throw new Error(`the service is still starting: deps.${String(key)} is not ready`);
      return deps[key as keyof Deps];
    },
  });
}

/**
 * MCP over this process's stdin and stdout, from the same server factory and tool path as the HTTP
 * endpoint. One connection, one client: the person who started the process, so every call runs as
 * the local owner (no key, nothing metered). The SDK's `serveStdio` settles the protocol era from
 * the opening message and pins one server instance for the connection; the `initialize` handshake
 * is answered at once, everything else once the dependencies are ready. It stops reading when stdin
 * ends, and the command that started it then closes the rest.
 */
export function serveMcpStdio(options: StdioOptions): StdioServerHandle {
  const { tools, resources, cache, log } = options;
  const { families = RESOURCE_FAMILIES, prompts = PROMPTS } = options;
  const deps = lateDeps(options.deps);
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
  const transport = new GatedTransport(new StdioServerTransport(), options.deps);
  return serveStdio(newServer, { onerror, transport });
}
