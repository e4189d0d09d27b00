import type { IncomingMessage, ServerResponse } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  type AuthInfo,
  type CallToolResult,
  createMcpHandler,
  isLegacyRequest,
  type LegacyHttpHandler,
  type McpHandlerRequestOptions,
  McpServer,
  type ServerContext,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { Logger } from 'pino';
import { AppError, isClientFault } from '../core/errors.js';
import type { ResultCache } from '../operations/cache.js';
import { parseInput } from '../operations/input.js';
import { MCP_ANSWER_LIMIT } from '../operations/answer-limit.js';
import { invokeOperation } from '../operations/invoke.js';
import type { AnyTool, Caller, Deps } from '../operations/types.js';
import type { AnyResource } from '../resources/index.js';
import { directToolCall, encodeDirectAnswer, type ToolAnswer, toolResult } from './direct-call.js';
import { pictureBlock } from './picture.js';
import { SERVER_INFO } from './server-info.js';
import { toolConfig } from './tool-listing.js';

export { SERVER_INFO };

/** What the HTTP layer knows about one authenticated /mcp request. */
export interface McpRequestState {
  caller: Caller;
  /** Lets a tool call set response headers (X-Cache) while they are still unsent. */
  setHeader: (name: string, value: string) => void;
}

export interface McpOptions {
  tools: readonly AnyTool[];
  resources: readonly AnyResource[];
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

const INSTRUCTIONS =
  'Chart calculation and knowledge service. Resolve uncertain birth places with validate_location first; ' +
  'chart tools take birthDate (YYYY-MM-DD), birthTime (HH:MM, local wall clock) and birthLocation.';

/**
 * 2025-era requests, served statelessly as the SDK's own fallback does, but answered with one JSON
 * body instead of a one-event SSE stream: the transport allows either for a POST, and the stream
 * (web streams, SSE framing, keep-alive timer) cost about a fifth of a chart call.
 */
function legacyJsonLeg(newServer: () => McpServer): LegacyHttpHandler {
  return async (request, options) => {
    if (request.method.toUpperCase() !== 'POST') {
      const error = { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null };
      return Response.json(error, { status: 405, headers: { Allow: 'POST' } });
    }
    const server = newServer();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, {
        ...(options?.authInfo ? { authInfo: options.authInfo } : {}),
        ...(options?.parsedBody !== undefined ? { parsedBody: options.parsedBody } : {}),
      });
    } finally {
      // The JSON answer is complete once handleRequest resolves: nothing is left to stream.
      void transport.close().catch(() => {});
      void server.close().catch(() => {});
    }
  };
}

/**
 * Stateless MCP endpoint over the official SDK, serving 2025-era clients (initialize) and 2026-07-28
 * clients alike. Every tool runs through the same invoke path as REST.
 *
 * The SDK asks for a fresh server instance per HTTP request (an instance serves one exchange at a
 * time and keeps its negotiated era), so the factory only assembles parts built once here: the tool
 * handlers, and schemas whose JSON Schema conversion is memoised. The caller reaches a tool call
 * through the `AuthInfo` object the HTTP layer hands the SDK and the SDK passes to the handler
 * (`ctx.http.authInfo`): a private map from that object to the request state is the one typed
 * accessor, with no untyped bag in between.
 */
export function createMcpEndpoint(options: McpOptions): McpEndpoint {
  const { tools, resources, deps, cache, log, direct = true } = options;
  const states = new WeakMap<AuthInfo, McpRequestState>();
  const stateOf = (authInfo: AuthInfo | undefined): McpRequestState | undefined =>
    authInfo ? states.get(authInfo) : undefined;

  /** Runs one tool call for the request's caller: the same path behind the SDK and the direct one. */
  const answerCall = async (
    tool: AnyTool,
    args: unknown,
    state: McpRequestState | undefined,
  ): Promise<ToolAnswer> => {
    try {
      const input = parseInput(tool, args);
      const caller = state?.caller ?? null;
      const out = await invokeOperation(tool, input, caller, deps, cache, { answerLimit: MCP_ANSWER_LIMIT });
      const format = (input as { image?: 'png' | 'svg' }).image;
      const image = format ? pictureBlock(tool, format, input, out.data(), caller, cache) : undefined;
      if (out.cache) state?.setHeader('X-Cache', out.cache);
      const meta: Record<string, unknown> = {};
      if (out.cache) meta.cache = out.cache;
      if (tool.meter) meta.units = out.charged;
      if (out.warnings.length) meta.warnings = out.warnings;
      return {
        ok: true,
        json: out.json,
        data: out.data,
        meta: Object.keys(meta).length ? meta : undefined,
        ...(image ? { image } : {}),
      };
    } catch (e) {
      if (e instanceof AppError && isClientFault(e.code)) {
        const details = e.details?.length ? `\n${JSON.stringify(e.details)}` : '';
        return { ok: false, message: `${e.message}${details}` };
      }
      log.error({ err: e, tool: tool.name }, 'tool failed');
      return {
        ok: false,
        message: 'Internal error while running the tool; it has been logged. Please retry later.',
      };
    }
  };
  const toolHandler =
    (tool: AnyTool) =>
    async (args: unknown, ctx: ServerContext): Promise<CallToolResult> =>
      toolResult(await answerCall(tool, args, stateOf(ctx.http?.authInfo)));

  const toolParts = tools.map((tool) => ({
    name: tool.name,
    config: toolConfig(tool, tools),
    handler: toolHandler(tool),
  }));
  const resourceParts = resources.map((r) => ({
    name: r.name,
    uri: r.uri,
    metadata: { title: r.title, description: r.description, mimeType: r.mimeType },
    read: async (uri: URL) => ({
      contents: [{ uri: uri.href, mimeType: r.mimeType, text: r.read(deps) }],
    }),
  }));

  const newServer = () => {
    const server = new McpServer(SERVER_INFO, {
      // Stateless and fixed: the lists never change, so no list_changed notifications are promised.
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
      instructions: INSTRUCTIONS,
    });
    for (const t of toolParts) server.registerTool(t.name, t.config, t.handler);
    for (const r of resourceParts) server.registerResource(r.name, r.uri, r.metadata, r.read);
    return server;
  };
  const onerror = (err: Error) => log.warn({ err }, 'mcp request rejected');
  const modern = createMcpHandler(newServer, { legacy: 'reject', onerror });
  const legacy = legacyJsonLeg(newServer);
  const handler = {
    fetch: async (request: Request, options?: McpHandlerRequestOptions): Promise<Response> =>
      (await isLegacyRequest(request, options?.parsedBody))
        ? legacy(request, options)
        : modern.fetch(request, options),
  };
  const serve = toNodeHandler(handler);

  const toolsByName = new Map(tools.map((t) => [t.name, t]));
  const isTool = (name: string) => toolsByName.has(name);

  return {
    async handle(req, res, state, body) {
      const call = direct ? directToolCall(req.headers, body, isTool) : undefined;
      if (call) {
        const answer = await answerCall(toolsByName.get(call.name)!, call.args, state);
        const text = encodeDirectAnswer(call, answer, SERVER_INFO);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.end(text);
        return;
      }
      const id = state.caller?.id ?? 'anonymous';
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
