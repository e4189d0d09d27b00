import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  type AuthInfo,
  createMcpHandler,
  isLegacyRequest,
  type McpHandlerRequestOptions,
} from '@modelcontextprotocol/server';
import type { Logger } from 'pino';
import { clip } from '../core/errors.js';
import type { ResultCache } from '../operations/cache.js';
import type { AnyTool, Deps } from '../operations/types.js';
import { type AnyPrompt, PROMPTS } from '../prompts/index.js';
import { type AnyResource, RESOURCE_FAMILIES, type ResourceFamily } from '../resources/index.js';
import { directToolCall, encodeDirectAnswer } from './direct-call.js';
import { InFlightCalls } from './feedback.js';
import { legacyJsonLeg, SERVER_INFO, serverFactory } from './server.js';
import { type McpRequestState, toolCaller } from './tool-call.js';
import { type DeliveryReport, UNCHARGED } from '../operations/invoke.js';

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
  /**
   * The last step of every answer the SDK builds (the HTTP layer's compression); the direct path's
   * answers are sent by `send` instead.
   */
  encode?: (request: Request, response: Response) => Promise<Response>;
  /**
   * Sends a complete answer of the direct path (the HTTP layer's `send`, which compresses), telling
   * `report` about its delivery (a reserved charge, see DeliveryReport).
   */
  sendJson: (res: ServerResponse, text: string, report: DeliveryReport) => void;
  /**
   * The answer for a request refused while the SDK served it (McpRequestState.refused: the shutdown
   * deadline passed before its tool finished), instead of the SDK's tool error result.
   */
  refusal?: (reason: unknown) => Response;
}

export interface McpEndpoint {
  /**
   * Serves one /mcp request for an authenticated caller. `body` is the JSON body the HTTP layer has
   * already read within its size and time bounds (undefined when the request has none). Resolves
   * with what the SDK reported while serving it (a rejected message, a failure behind a 500), for
   * the HTTP layer to log by the status it answered.
   */
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    state: McpRequestState,
    body?: unknown,
  ): Promise<{ reported: Error[] }>;
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
  const { tools, resources, deps, cache, log, direct = true, encode, refusal, sendJson } = options;
  const { families = RESOURCE_FAMILIES, prompts = PROMPTS } = options;
  const states = new WeakMap<AuthInfo, McpRequestState>();
  const stateOf = (authInfo: AuthInfo | undefined): McpRequestState | undefined =>
    authInfo ? states.get(authInfo) : undefined;
  const callTool = toolCaller(deps, cache, log);
  // What the SDK reports (its handler, transports and servers, and the Node adapter) is collected per
  // request, so the HTTP layer can log it by the answer's status: a rejection at info, a 500 with
  // its cause. The adapter's own 500 (a request it could not convert) used to be reported nowhere.
  const reported = new AsyncLocalStorage<Error[]>();
  const onerror = (err: Error) => {
    const list = reported.getStore();
    if (list) list.push(err);
    else log.warn({ reason: clip(err.message) }, 'mcp: an error outside any request');
  };
  const newServer = serverFactory({ tools, resources, families, prompts, deps, callTool, stateOf, onerror });
  const modern = createMcpHandler(newServer, { legacy: 'reject', onerror });
  const legacy = legacyJsonLeg(newServer, onerror);
  const inFlight = new InFlightCalls();
  const serve = toNodeHandler(
    {
      fetch: async (request: Request, options?: McpHandlerRequestOptions): Promise<Response> => {
        const response = (await isLegacyRequest(request, options?.parsedBody))
          ? await legacy(request, options)
          : await modern.fetch(request, options);
        const refused = stateOf(options?.authInfo)?.refused;
        if (refused !== undefined && refusal) return refusal(refused);
        return encode ? encode(request, response) : response;
      },
    },
    { onerror },
  );
  const toolsByName = new Map(tools.map((t) => [t.name, t]));
  const isTool = (name: string) => toolsByName.has(name);

  return {
    async handle(req, res, requestState, body) {
      const id = requestState.caller?.id ?? 'anonymous';
      // A cancellation reaches its call here: the endpoint is stateless, so it comes as its own POST.
      inFlight.cancel(id, body);
      const state = { ...requestState, cancel: inFlight.track(res, id, body) };
      const call = direct ? directToolCall(req.headers, body, isTool) : undefined;
      if (call) {
        // Charged as delivered: the answer is written here, so its delivery settles the charge.
        const answer = await callTool(
          toolsByName.get(call.name)!,
          call.args,
          state,
          { signal: state.cancel },
          { reportsDelivery: true },
        );
        const report = (answer.ok && answer.report) || UNCHARGED;
        let text: string;
        try {
          text = encodeDirectAnswer(call, answer, SERVER_INFO);
        } catch (e) {
          report.sent(false);
          throw e;
        }
        sendJson(res, text, report);
        return { reported: [] };
      }
      const authInfo: AuthInfo = {
        token: 'api-key',
        clientId: id,
        scopes: [...(state.caller?.products ?? [])],
      };
      states.set(authInfo, state);
      const errors: Error[] = [];
      await reported.run(errors, () => serve(Object.assign(req, { auth: authInfo }), res, body));
      return { reported: errors };
    },
  };
}
