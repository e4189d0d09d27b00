import {
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  validateHostHeader,
  validateOriginHeader,
} from '@modelcontextprotocol/server';
import { AppError } from '../core/errors.js';
import { idProblem, INVALID_REQUEST, jsonRpcErrorText } from '../mcp/jsonrpc-refusals.js';
import { type Req, type Res, sendJson } from './http.js';

/** Who may reach /mcp from a browser, and under which Host names. */
export interface McpEdgePolicy {
  /** The server listens on a loopback address only: the Host header must then name loopback too. */
  loopbackOnly: boolean;
  /** Extra browser origins allowed to call /mcp, exactly as sent (`https://app.example.com`). */
  allowedOrigins: readonly string[];
}

const LOOPBACK_BINDS = new Set(['127.0.0.1', '::1', 'localhost', '[::1]']);

/** Whether the bind address is reachable from this machine only. */
export const isLoopbackBind = (host: string): boolean => LOOPBACK_BINDS.has(host) || /^127\./.test(host);

/** The same origin as the request itself: Origin's host and port equal the Host header. */
function sameOrigin(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * DNS-rebinding protection of every route a page on another site must not reach under its own name
 * (/mcp, the OAuth routes): on a loopback bind the Host header must be a loopback name, else 403.
 * Bound elsewhere the deployment's proxy owns host names.
 */
export function hostGuard(loopbackOnly: boolean): (req: Req) => void {
  return (req) => {
    const host = req.headers.host;
    if (loopbackOnly && !validateHostHeader(host, localhostAllowedHostnames()).ok) {
      throw new AppError(
        'forbidden',
        `Host "${host ?? ''}" is not accepted: this server listens on loopback and answers only localhost, 127.0.0.1 or [::1].`,
      );
    }
  };
}

/**
 * DNS-rebinding and cross-site protection for /mcp (MCP Streamable HTTP transport, security warning):
 * the Host rule of hostGuard; a present Origin must be the request's own origin, a loopback origin
 * when bound to loopback, or listed in ALLOWED_ORIGINS. Clients that are not browsers send no Origin
 * and pass. Refusals throw 403.
 */
export function mcpEdgeGuard(policy: McpEdgePolicy): (req: Req) => void {
  const allowed = new Set(policy.allowedOrigins);
  const checkHost = hostGuard(policy.loopbackOnly);
  return (req) => {
    checkHost(req);
    const host = req.headers.host;
    const origin = req.headers.origin;
    if (origin === undefined || origin === '') return;
    const ok =
      allowed.has(origin) ||
      (origin !== 'null' && sameOrigin(origin, host)) ||
      (policy.loopbackOnly && validateOriginHeader(origin, localhostAllowedOrigins()).ok);
    if (!ok) {
      throw new AppError(
        'forbidden',
        `Origin "${origin}" may not call /mcp; an operator can allow it with ALLOWED_ORIGINS.`,
      );
    }
  };
}

/** jsonRpcErrorText as an HTTP answer with `status`. */
export function sendJsonRpcError(
  res: Res,
  status: number,
  code: number,
  message: string,
  rawId?: string,
  data?: Record<string, unknown>,
): void {
  sendJson(res, status, jsonRpcErrorText(code, message, rawId, data));
}

/**
 * After the body has been read: batches (arrays) are refused, one message per HTTP request. The MCP
 * revisions this server speaks (2025-06-18 onwards) have no batches, and one request carrying a
 * hundred tool calls would bypass admission. An id that could not be echoed exactly is refused too.
 * Returns whether the message may go on.
 */
export function acceptsMessage(body: unknown, rawId: string | undefined, res: Res): boolean {
  if (Array.isArray(body)) {
    sendJsonRpcError(
      res,
      400,
      INVALID_REQUEST,
      'JSON-RPC batches are not supported: send one JSON-RPC message per HTTP request.',
    );
    return false;
  }
  const problem = idProblem(body, rawId);
  if (problem === null) return true;
  sendJsonRpcError(res, 400, INVALID_REQUEST, problem, rawId);
  return false;
}
