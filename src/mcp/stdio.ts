import { serveStdio, type StdioServerHandle, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { Logger } from 'pino';
import type { KnowledgeBase } from '../core/knowledge/index.js';
import { clip } from '../core/errors.js';
import { LOCAL_OWNER } from '../operations/access.js';
import type { ResultCache } from '../operations/cache.js';
import type { AnyTool, Deps } from '../operations/types.js';
import { type AnyPrompt, PROMPTS } from '../prompts/index.js';
import { type AnyResource, RESOURCE_FAMILIES, type ResourceFamily } from '../resources/index.js';
import { serverFactory } from './server.js';
import { type EarlyMethods, GatedTransport } from './stdio-gate.js';
import { screenedStdin } from './stdio-lines.js';
import { type McpRequestState, toolCaller } from './tool-call.js';

export interface StdioOptions {
  tools: readonly AnyTool[];
  resources: readonly AnyResource[];
  families?: readonly ResourceFamily[];
  prompts?: readonly AnyPrompt[];
  /** The dependencies, still being built when the connection opens. */
  deps: Promise<Deps>;
  /** The knowledge base, loaded ahead of the rest (deps.knowledge): `resources/list` lists its articles. */
  knowledge: Promise<KnowledgeBase>;
  cache: ResultCache;
  log: Logger;
  /** Called once the host has the answer to its first `tools/list`. */
  onListed?: () => void;
}

/**
 * Dependencies read only once they are there. The server parts read `deps` inside their handlers
 * alone, and the gated transport lets no request reach a handler before what it reads has loaded:
 * the knowledge for `resources/list`, everything for the rest.
 */
function lateDeps(ready: Promise<Deps>, knowledge: Promise<KnowledgeBase>): Deps {
  let deps: Deps | undefined;
  let early: Pick<Deps, 'knowledge'> | undefined;
  void ready.then((d) => (deps = d)).catch(() => {});
  void knowledge.then((k) => (early = { knowledge: k })).catch(() => {});
  return new Proxy({} as Deps, {
    get(_target, key) {
      if (deps) return deps[key as keyof Deps];
      if (key === 'knowledge' && early) return early.knowledge;
      throw new Error(`the service is still starting: deps.${String(key)} is not ready`);
    },
  });
}

/**
 * What is answered before the store is open (stdio-gate.ts): the handshake, liveness and the lists,
 * which come from the registry; `resources/list` also lists the knowledge base's articles.
 */
export function earlyMethods(knowledge: Promise<unknown>): EarlyMethods {
  return new Map<string, Promise<unknown> | null>([
    ['initialize', null],
    ['notifications/initialized', null],
    ['ping', null],
    ['tools/list', null],
    ['prompts/list', null],
    ['resources/templates/list', null],
    ['resources/list', knowledge],
  ]);
}

/**
 * MCP over this process's stdin and stdout, from the same server factory and tool path as the HTTP
 * endpoint. One connection, one client: the person who started the process, so every call runs as
 * the local owner (no key, nothing metered). The SDK's `serveStdio` settles the protocol era from
 * the opening message and pins one server instance for the connection; the `initialize` handshake
 * and the lists are answered at once, everything else once the dependencies are ready. It stops
 * reading when stdin ends, and the command that started it then closes the rest.
 */
export function serveMcpStdio(options: StdioOptions): StdioServerHandle {
  const { tools, resources, cache, log } = options;
  const { families = RESOURCE_FAMILIES, prompts = PROMPTS } = options;
  const deps = lateDeps(options.deps, options.knowledge);
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
  const stdin = screenedStdin(process.stdin, {
    write: (line) => process.stdout.write(line),
    onRefused: (reason) => log.info({ reason: clip(reason) }, 'mcp stdio: message refused'),
  });
  const transport = new GatedTransport(
    new StdioServerTransport(stdin),
    options.deps,
    earlyMethods(options.knowledge),
    options.onListed,
  );
  return serveStdio(newServer, { onerror, transport });
}
