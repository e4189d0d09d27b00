/**
 * JSON-RPC 2.0 error answers for messages the MCP layer will not run, written the same by /mcp over
 * HTTP (http-bridge/mcp-guard.ts) and by the stdio screen (stdio-lines.ts).
 */

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
 * The text of a JSON-RPC error answer for a message the MCP layer will not run (parse error, batch,
 * nesting, an id it cannot echo exactly), with the request's id exactly as its bytes were sent when
 * known: what /mcp answers over HTTP and the stdio screen (mcp/stdio-lines.ts) writes as a line.
 */
export function jsonRpcErrorText(
  code: number,
  message: string,
  rawId?: string,
  data?: Record<string, unknown>,
): string {
  const error = JSON.stringify(data === undefined ? { code, message } : { code, message, data });
  return `{"jsonrpc":"2.0","id":${idToken(rawId)},"error":${error}}`;
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
