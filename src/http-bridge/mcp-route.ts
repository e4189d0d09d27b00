import type { McpEndpoint } from '../mcp/index.js';
import type { Authenticator } from './auth.js';
import { MalformedJson } from './body.js';
import { type Req, type Res, setHeader } from './http.js';
import {
  acceptsMessage,
  type McpEdgePolicy,
  mcpEdgeGuard,
  PARSE_ERROR,
  sendJsonRpcError,
} from './mcp-guard.js';
import type { Handler } from './router.js';

export interface McpRouteOptions {
  mcp: McpEndpoint;
  auth: Authenticator;
  edge: McpEdgePolicy;
  /** Reads the body within the size and time bounds (any content type is read as JSON here). */
  readBody: (req: Req, res: Res) => Promise<unknown>;
  admit: (res: Res) => Promise<void>;
  /** Names the request's operation (from the JSON-RPC body) for the request metrics. */
  label: (res: Res, body: unknown) => void;
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
    const caller = await auth.authenticate(req.headers.authorization);
    let body: unknown;
    try {
      body = await options.readBody(req, res);
    } catch (e) {
      if (!(e instanceof MalformedJson)) throw e;
      sendJsonRpcError(res, 400, PARSE_ERROR, 'Parse error: the request body is not valid JSON.');
      return;
    }
    options.label(res, body);
    if (!acceptsMessage(body, res)) return;
    await options.admit(res);
    const state = { caller, setHeader: (name: string, value: string) => setHeader(res, name, value) };
    await mcp.handle(req, res, state, body);
  };
}
