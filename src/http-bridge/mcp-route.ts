import type { McpEndpoint } from '../mcp/index.js';
import { AppError, clip } from '../core/errors.js';
import type { Authenticator } from './auth.js';
import { bearerChallenge } from './errors.js';
import type { AnyOperation } from '../operations/types.js';
import { insufficientScope, insufficientScopeChallenge, missingScopes } from './scope-challenge.js';
import { type Req, type Res, setHeader } from './http.js';
import { type JsonBody, MalformedJson, TooDeepJson } from '../core/json-body.js';
import { INVALID_REQUEST, PARSE_ERROR, SERVER_BUSY } from '../mcp/jsonrpc-refusals.js';
import { acceptsMessage, type McpEdgePolicy, mcpEdgeGuard, sendJsonRpcError } from './mcp-guard.js';
import { type FaultLog, loggableError } from './fault-log.js';
import type { Handler } from './router.js';

export interface McpRouteOptions {
  mcp: McpEndpoint;
  auth: Authenticator;
  edge: McpEdgePolicy;
  /** Reads the body within the size and time bounds (any content type is read as JSON here). */
  readBody: (req: Req, res: Res) => Promise<JsonBody | undefined>;
  admit: (res: Res) => Promise<void>;
  /** Names the request's operation (from the JSON-RPC body) for the request metrics. */
  label: (res: Res, body: unknown) => void;
  faults: FaultLog;
  /** The protected resource metadata URL that 401 and 403 challenges point at. */
  resourceMetadataUrl: () => string;
  /** The tool of a `tools/call`, by name (a token's scopes are checked before the SDK runs it). */
  toolNamed: (name: string) => AnyOperation | undefined;
  /** Aborts when the response can no longer be delivered (drain.ts); nothing is charged then. */
  signalFor: (res: Res) => AbortSignal;
}

/**
 * What the SDK reported about a request, logged by the status answered: a 5xx with its cause (the
 * first report, stack kept), a rejected message (4xx) at info without a stack; client text cut to
 * 200 characters.
 */
function logOutcome(faults: FaultLog, res: Res, reported: readonly Error[]): void {
  const status = res.statusCode;
  if (status >= 500) {
    const cause = reported[0] === undefined ? {} : { err: loggableError(reported[0]) };
    faults.fault(res, 'error', { status, ...cause }, 'mcp request failed');
  } else if (reported.length) {
    const reason = reported.map((e) => clip(e.message)).join('; ');
    faults.log[status >= 400 ? 'info' : 'debug']({ status, reason }, 'mcp request rejected');
  }
}

/**
 * A `tools/call` that the key's plan covers but the token's scopes do not: HTTP 403 with the
 * `insufficient_scope` challenge naming the scope, so the client can ask the person again (the MCP
 * authorization spec's step-up), rather than a tool error it cannot act on.
 */
function stepUpIfNeeded(options: McpRouteOptions, req: Req, res: Res, body: unknown, caller: unknown): void {
  const message = body as { method?: unknown; params?: { name?: unknown } } | null;
  if (message?.method !== 'tools/call' || typeof message.params?.name !== 'string') return;
  const tool = options.toolNamed(message.params.name);
  const scopes = tool ? missingScopes(tool, caller as Parameters<typeof missingScopes>[1]) : null;
  if (!tool || !scopes) return;
  res.setHeader('WWW-Authenticate', insufficientScopeChallenge(scopes, options.resourceMetadataUrl()));
  throw insufficientScope(tool, scopes);
}

/**
 * The steps of `/mcp`, in the order every route follows: what the headers decide (Host and Origin,
 * the key), then the body (malformed JSON is a JSON-RPC parse error), then the JSON-RPC shape (one
 * message, not a batch), then an admission slot, then the SDK with the body already parsed.
 */
export function mcpRoute(options: McpRouteOptions): Handler {
  const { mcp, auth } = options;
  const guard = mcpEdgeGuard(options.edge);
  return async (req, res) => {
    options.label(res, null);
    guard(req);
    const caller = await auth.authenticate(req).catch((e: unknown) => {
      if (e instanceof AppError && e.code === 'unauthorized')
        res.setHeader('WWW-Authenticate', bearerChallenge(e.message, options.resourceMetadataUrl()));
      throw e;
    });
    let read: JsonBody | undefined;
    try {
      read = await options.readBody(req, res);
    } catch (e) {
      if (e instanceof TooDeepJson) {
        sendJsonRpcError(res, 400, INVALID_REQUEST, `Invalid Request: ${e.message}`, e.rawId);
        return;
      }
      if (!(e instanceof MalformedJson)) throw e;
      sendJsonRpcError(res, 400, PARSE_ERROR, 'Parse error: the request body is not valid JSON.');
      return;
    }
    const body = read?.value;
    options.label(res, body);
    if (!acceptsMessage(body, read?.rawId, res)) return;
    stepUpIfNeeded(options, req, res, body, caller);
    try {
      await options.admit(res);
    } catch (e) {
      // At capacity: an MCP client reads a JSON-RPC error for its own request, not the REST envelope.
      if (!(e instanceof AppError) || (e.code !== 'queue_full' && e.code !== 'queue_timeout')) throw e;
      // Logged as REST logs it, at warn with its code (unlogged, it read as an unexplained 5xx error).
      options.faults.appError(res, e, { path: clip(req.url ?? '') });
      if (e.retryAfter !== undefined) res.setHeader('Retry-After', String(e.retryAfter));
      const data = {
        code: e.code,
        ...(e.retryAfter === undefined ? {} : { retryAfterSeconds: e.retryAfter }),
      };
      sendJsonRpcError(res, 503, SERVER_BUSY, e.message, read?.rawId, data);
      return;
    }
    const state = {
      caller,
      setHeader: (name: string, value: string) => setHeader(res, name, value),
      signal: options.signalFor(res),
    };
    const { reported } = await mcp.handle(req, res, state, body);
    logOutcome(options.faults, res, reported);
  };
}
