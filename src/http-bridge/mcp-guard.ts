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

/** A raw JSON scalar token that may be spliced into an answer as the id: a number or a string. */
const NUMBER_TOKEN = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
function idToken(rawId: string | undefined): string {
  if (rawId === undefined) return 'null';
  if (NUMBER_TOKEN.test(rawId)) return rawId;
  try {
    return typeof JSON.parse(rawId) === 'string' ? rawId : 'null';
  } catch {
    return 'null';
  }
}

/**
 * A JSON-RPC error answer for a message the MCP layer will not run (parse error, batch, nesting,
 * an id it cannot echo exactly), with the request's id exactly as its bytes were sent when known.
 */
export function sendJsonRpcError(
  res: Res,
  status: number,
  code: number,
  message: string,
  rawId?: string,
  data?: Record<string, unknown>,
): void {
  const error = JSON.stringify(data === undefined ? { code, message } : { code, message, data });
  sendJson(res, status, `{"jsonrpc":"2.0","id":${idToken(rawId)},"error":${error}}`);
}

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
/** JSON-RPC's range for server-defined errors (-32000 to -32099): the service is at capacity. */
export const SERVER_BUSY = -32000;

/** Integer ids as digits only: `7`, `-12`, never `7.0`, `7e0` or `-0` (which would come back as `0`). */
const INTEGER_TOKEN = /^(0|-?[1-9]\d*)$/;

/**
 * Why a numeric JSON-RPC id could not come back exactly as sent, or null when it can. JSON numbers
 * are read as doubles, so an id above 2^53 (`12345678901234567890`) would be answered with other
 * digits, and `7.0` as `7`; such ids are refused, echoing the id's own bytes. Strings and integers
 * within ±(2^53-1) pass.
 */
export function idProblem(body: unknown, rawId: string | undefined): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const id = (body as { id?: unknown }).id;
  if (typeof id !== 'number') return null;
  if (Number.isSafeInteger(id) && rawId !== undefined && INTEGER_TOKEN.test(rawId)) return null;
  return (
    `Invalid Request: the id ${rawId ?? String(id)} cannot be answered exactly (JSON numbers are read as ` +
    'doubles); send a string id, or an integer written as digits between -9007199254740991 and 9007199254740991.'
  );
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
