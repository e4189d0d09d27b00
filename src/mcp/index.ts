import type { IncomingMessage, ServerResponse } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  type AuthInfo,
  createMcpHandler,
  isLegacyRequest,
  type McpHandlerRequestOptions,
} from '@modelcontextprotocol/server';
import type { Logger } from 'pino';
import type { ResultCache } from '../operations/cache.js';
import type { AnyTool, Deps } from '../operations/types.js';
import { type AnyPrompt, PROMPTS } from '../prompts/index.js';
import { type AnyResource, RESOURCE_FAMILIES, type ResourceFamily } from '../resources/index.js';
import { directToolCall, encodeDirectAnswer } from './direct-call.js';
import { InFlightCalls } from './feedback.js';
import { legacyJsonLeg, SERVER_INFO, serverFactory } from './server.js';
import { type McpRequestState, toolCaller } from './tool-call.js';

export { SERVER_INFO } from './server.js';
export type { McpRequestState } from './tool-call.js';

export interface McpOptions {
  tools: readonly AnyTool[];
  resources: readonly AnyResource[];
  /** Resource templates and prompts; the service's own by default. */
  families?: readonly ResourceFamily[];
  prompts?: readonly AnyPrompt[];
  deps: Deps;
  cache: ResultCache;
  log: Logger;
  /**
   * Answer plain tool calls without the SDK's per-request machinery (./direct-call.ts). On by
   * default; off only to compare both paths in tests.
   */
  direct?: boolean;
}

export interface McpEndpoint {
  /**
   * Serves one /mcp request for an authenticated caller. `body` is the JSON body the HTTP layer has
   * already read within its size and time bounds (undefined when the request has none).
   */
  handle(req: IncomingMessage, res: ServerResponse, state: McpRequestState, body?: unknown): Promise<void>;
}

/**
 * Stateless MCP endpoint over the official SDK, serving 2025-era clients (initialize) and 2026-07-28
 * clients alike. Every tool runs through the same invoke path as REST.
 *
 * The caller reaches a tool call through the `AuthInfo` object the HTTP layer hands the SDK and the
 * SDK passes to the handler (`ctx.http.authInfo`): a private map from that object to the request
 * state is the one typed accessor, with no untyped bag in between.
 */
export function createMcpEndpoint(options: McpOptions): McpEndpoint {
  const { tools, resources, deps, cache, log, direct = true } = options;
  const { families = RESOURCE_FAMILIES, prompts = PROMPTS } = options;
  const states = new WeakMap<AuthInfo, McpRequestState>();
  const stateOf = (authInfo: AuthInfo | undefined): McpRequestState | undefined =>
    authInfo ? states.get(authInfo) : undefined;
  const callTool = toolCaller(deps, cache, log);
  const newServer = serverFactory({ tools, resources, families, prompts, deps, callTool, stateOf });
  const onerror = (err: Error) => log.warn({ err }, 'mcp request rejected');
  const modern = createMcpHandler(newServer, { legacy: 'reject', onerror });
  const legacy = legacyJsonLeg(newServer, onerror);
  const inFlight = new InFlightCalls();
  const serve = toNodeHandler({
    fetch: async (request: Request, options?: McpHandlerRequestOptions): Promise<Response> =>
      (await isLegacyRequest(request, options?.parsedBody))
        ? legacy(request, options)
        : modern.fetch(request, options),
  });
  const toolsByName = new Map(tools.map((t) => [t.name, t]));
  const isTool = (name: string) => toolsByName.has(name);

  return {
    async handle(req, res, requestState, body) {
      const id = requestState.caller?.id ?? 'anonymous';
      // A cancellation reaches its call here: the endpoint is stateless, so it comes as its own POST.
      inFlight.cancel(id, body);
      const state = { ...requestState, signal: inFlight.track(res, id, body) };
      const call = direct ? directToolCall(req.headers, body, isTool) : undefined;
      if (call) {
        const answer = await callTool(toolsByName.get(call.name)!, call.args, state, {
          signal: state.signal,
        });
        const text = encodeDirectAnswer(call, answer, SERVER_INFO);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.end(text);
        return;
      }
      const authInfo: AuthInfo = {
        token: 'api-key',
        clientId: id,
        scopes: [...(state.caller?.products ?? [])],
      };
      states.set(authInfo, state);
      await serve(Object.assign(req, { auth: authInfo }), res, body);
    },
  };
}
