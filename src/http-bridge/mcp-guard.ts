import {
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  validateHostHeader,
  validateOriginHeader,
} from '@modelcontextprotocol/server';
import { AppError } from '../core/errors.js';
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
 * DNS-rebinding and cross-site protection for /mcp (MCP Streamable HTTP transport, security warning):
 * on a loopback bind the Host header must be a loopback name; a present Origin must be the request's
 * own origin, a loopback origin when bound to loopback, or listed in ALLOWED_ORIGINS. Clients that are
 * not browsers send no Origin and pass. Refusals throw 403.
 */
export function mcpEdgeGuard(policy: McpEdgePolicy): (req: Req) => void {
  const allowed = new Set(policy.allowedOrigins);
  return (req) => {
    const host = req.headers.host;
    if (policy.loopbackOnly && !validateHostHeader(host, localhostAllowedHostnames()).ok) {
      throw new AppError(
        'forbidden',
        `Host "${host ?? ''}" is not accepted: this server listens on loopback and answers only localhost, 127.0.0.1 or [::1].`,
      );
    }
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

/** A JSON-RPC error answer for a message the MCP layer will not run (parse error, batch). */
export function sendJsonRpcError(res: Res, status: number, code: number, message: string): void {
  sendJson(res, status, { jsonrpc: '2.0', id: null, error: { code, message } });
}

export const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

/**
 * After the body has been read: batches (arrays) are refused, one message per HTTP request. The MCP
 * revisions this server speaks (2025-06-18 onwards) have no batches, and one request carrying a
 * hundred tool calls would bypass admission. Returns whether the message may go on.
 */
export function acceptsMessage(body: unknown, res: Res): boolean {
  if (!Array.isArray(body)) return true;
  sendJsonRpcError(
    res,
    400,
    INVALID_REQUEST,
    'JSON-RPC batches are not supported: send one JSON-RPC message per HTTP request.',
  );
  return false;
}
