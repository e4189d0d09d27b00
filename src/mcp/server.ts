import {
  type AuthInfo,
  type CallToolResult,
  type LegacyHttpHandler,
  McpServer,
  type ServerContext,
  legacyStatelessFallback,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { AnyTool, Deps } from '../operations/types.js';
import type { AnyPrompt } from '../prompts/index.js';
import type { AnyResource, ResourceFamily } from '../resources/index.js';
import { promptParts, registerPromptsAndFamilies } from './prompts.js';
import { toolResult } from './direct-call.js';
import { toolFeedback } from './feedback.js';
import { SERVER_INFO } from './server-info.js';
import { toolConfig } from './tool-listing.js';
import type { McpRequestState, ToolCaller } from './tool-call.js';

export { SERVER_INFO };

const INSTRUCTIONS =
  'Chart calculation and knowledge service. Resolve uncertain birth places with validate_location first; ' +
  'chart tools take birthDate (YYYY-MM-DD), birthTime (HH:MM, local wall clock) and birthLocation.';

export interface ServerParts {
  tools: readonly AnyTool[];
  resources: readonly AnyResource[];
  /** Resource templates (the knowledge base) and prompts. */
  families: readonly ResourceFamily[];
  prompts: readonly AnyPrompt[];
  deps: Deps;
  callTool: ToolCaller;
  /** The request state of an SDK request, from the `AuthInfo` the HTTP layer handed the SDK. */
  stateOf: (authInfo: AuthInfo | undefined) => McpRequestState | undefined;
  /** Where a server instance reports what went wrong (its transport's errors included). */
  onerror: (err: Error) => void;
}

/** A resource's `_meta`, on its listing and its content alike (MCP Apps: hosts check both). */
const meta = (r: AnyResource) => (r.meta ? { _meta: r.meta } : {});

/**
 * The factory of SDK server instances. The SDK asks for a fresh instance per HTTP request (an instance
 * serves one exchange at a time and keeps its negotiated era), so the factory only assembles parts
 * built once here: the tool handlers, and schemas whose JSON Schema conversion is memoised.
 */
export function serverFactory(parts: ServerParts): () => McpServer {
  const { tools, resources, families, deps, callTool, stateOf, onerror } = parts;
  const prompts = promptParts(parts.prompts, deps);
  const toolParts = tools.map((tool) => ({
    name: tool.name,
    config: toolConfig(tool, tools),
    handler: async (args: unknown, ctx: ServerContext): Promise<CallToolResult> => {
      const state = stateOf(ctx.http?.authInfo);
      return toolResult(await callTool(tool, args, state, toolFeedback(ctx, state)));
    },
  }));
  const resourceParts = resources.map((r) => ({
    name: r.name,
    uri: r.uri,
    metadata: { title: r.title, description: r.description, mimeType: r.mimeType, ...meta(r) },
    read: async (uri: URL) => ({
      contents: [{ uri: uri.href, mimeType: r.mimeType, text: r.read(deps), ...meta(r) }],
    }),
  }));
  return () => {
    const server = new McpServer(SERVER_INFO, {
      // Stateless and fixed: the lists never change, so no list_changed notifications are promised.
      capabilities: {
        tools: { listChanged: false },
        resources: { listChanged: false },
        prompts: { listChanged: false },
        completions: {},
        // logging/setLevel is accepted; being stateless, a level holds for the request that sets it.
        logging: {},
      },
      instructions: INSTRUCTIONS,
    });
    server.server.onerror = onerror;
    for (const t of toolParts) server.registerTool(t.name, t.config, t.handler);
    for (const r of resourceParts) server.registerResource(r.name, r.uri, r.metadata, r.read);
    registerPromptsAndFamilies(server, prompts, families, deps);
    return server;
  };
}

/**
 * 2025-era requests, served statelessly as the SDK's own fallback does, but answered with one JSON
 * body instead of a one-event SSE stream: the transport allows either for a POST, and the stream
 * (web streams, SSE framing, keep-alive timer) cost about a fifth of a chart call. A request with a
 * `progressToken` is the exception: its notifications need the stream.
 */
export function legacyJsonLeg(newServer: () => McpServer, onerror: (err: Error) => void): LegacyHttpHandler {
  // A call that asks for progress is answered as an SSE stream, the SDK's own stateless fallback.
  const streaming = legacyStatelessFallback(() => newServer(), onerror);
  return async (request, options) => {
    if (asksForProgress(options?.parsedBody)) return streaming(request, options);
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

/** Whether a request body asks for progress notifications (`params._meta.progressToken`). */
function asksForProgress(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const params = (body as { params?: { _meta?: { progressToken?: unknown } } }).params;
  return params?._meta?.progressToken !== undefined;
}
