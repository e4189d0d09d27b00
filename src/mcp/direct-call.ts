import type { IncomingHttpHeaders } from 'node:http';
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  classifyInboundRequest,
  isJsonContentType,
  PROTOCOL_VERSION_META_KEY,
  SERVER_INFO_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server';

/**
 * The hot path of /mcp: one plain `tools/call` for one of our tools, answered without the SDK's
 * per-request machinery (a web Request and Response around the node ones, a server and transport
 * built per exchange, zod parsing of the message and of the result). Under load that machinery cost
 * more than the chart itself.
 *
 * Only what the SDK would serve as an ordinary tool call takes this path, and the era is the SDK's own
 * classification (`classifyInboundRequest`). Everything else (other methods, notifications, a
 * `_meta` beyond the 2026-07-28 envelope, progress tokens, session ids, unknown tools, any header
 * the SDK would refuse) goes to the SDK, which owns every protocol answer. The tool itself runs
 * through the same handler either way, and test/e2e/mcp-direct.test.ts sends the same requests down
 * both paths and requires equal answers.
 */

import type { DeliveryReport } from '../operations/invoke.js';
import type { ImageBlock } from './picture.js';

export type McpEra = 'legacy' | 'modern';

export interface DirectCall {
  id: string | number;
  name: string;
  args: unknown;
  era: McpEra;
}

/** A tool call's outcome, before it is framed for one surface (SDK result object or JSON-RPC text). */
export type ToolAnswer =
  | {
      ok: true;
      json: string;
      data: () => unknown;
      meta: Record<string, unknown> | undefined;
      /** The chart drawn (the `image` argument), as a second content block. */
      image?: ImageBlock;
      /** Set when the charge waits for the answer's delivery (`reportsDelivery`). */
      report?: DeliveryReport;
    }
  | { ok: false; message: string };

const MODERN_VERSION = '2026-07-28';
const ENVELOPE_KEYS = new Set([
  PROTOCOL_VERSION_META_KEY,
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
]);
const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
const PARAM_KEYS = new Set(['name', 'arguments', '_meta']);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const onlyKeys = (o: Record<string, unknown>, allowed: ReadonlySet<string>): boolean =>
  Object.keys(o).every((k) => allowed.has(k));
const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const v = headers[name];
  return typeof v === 'string' ? v : undefined;
};

/** The call, when this request is one the direct path answers exactly as the SDK would; else undefined. */
export function directToolCall(
  headers: IncomingHttpHeaders,
  body: unknown,
  isTool: (name: string) => boolean,
): DirectCall | undefined {
  if (!isPlainObject(body) || !onlyKeys(body, REQUEST_KEYS)) return undefined;
  const { jsonrpc, id, method, params } = body;
  if (jsonrpc !== '2.0' || method !== 'tools/call') return undefined;
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return undefined;
  if (!isPlainObject(params) || !onlyKeys(params, PARAM_KEYS)) return undefined;
  const { name, arguments: args, _meta: meta } = params;
  if (typeof name !== 'string' || !isTool(name)) return undefined;
  if (args !== undefined && !isPlainObject(args)) return undefined;
  if (headers['mcp-session-id'] !== undefined || !isJsonContentType(header(headers, 'content-type') ?? null))
    return undefined;

  const version = header(headers, 'mcp-protocol-version');
  const route = classifyInboundRequest({
    httpMethod: 'POST',
    protocolVersionHeader: version,
    mcpMethodHeader: header(headers, 'mcp-method'),
    mcpNameHeader: header(headers, 'mcp-name'),
    body,
  });
  // The SDK hands a tool `{}` when the call names no arguments.
  const call = { id: id as string | number, name, args: args ?? {} };
  if (route.kind === 'legacy') {
    const accept = header(headers, 'accept') ?? '';
    if (meta !== undefined || !accept.includes('application/json') || !accept.includes('text/event-stream'))
      return undefined;
    if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
    return { ...call, era: 'legacy' };
  }
  if (route.kind === 'modern') {
    // The standard headers must be present and agree with the body, exactly, as the SDK demands.
    if (route.classification.revision !== MODERN_VERSION || version !== MODERN_VERSION) return undefined;
    if (header(headers, 'mcp-method') !== 'tools/call' || header(headers, 'mcp-name') !== name)
      return undefined;
    if (!isPlainObject(meta) || !onlyKeys(meta, ENVELOPE_KEYS)) return undefined;
    return { ...call, era: 'modern' };
  }
  return undefined;
}

/** The tool result as the SDK's handler returns it (MCP `CallToolResult`). */
export function toolResult(answer: ToolAnswer): {
  content: ({ type: 'text'; text: string } | ImageBlock)[];
  structuredContent?: Record<string, unknown>;
  isError?: true;
  _meta?: Record<string, unknown>;
} {
  if (!answer.ok) return { isError: true, content: [{ type: 'text', text: answer.message }] };
  return {
    content: [{ type: 'text', text: answer.json }, ...(answer.image ? [answer.image] : [])],
    structuredContent: answer.data() as Record<string, unknown>,
    ...(answer.meta ? { _meta: answer.meta } : {}),
  };
}

/**
 * The JSON-RPC response text for a direct call. The answer's JSON is spliced in as text, never
 * parsed and re-serialized: `structuredContent` is that same JSON. A 2026-07-28 result carries
 * `resultType` and the server's identity in `_meta`, as the SDK stamps them.
 */
export function encodeDirectAnswer(
  call: DirectCall,
  answer: ToolAnswer,
  serverInfo: { name: string; version: string },
): string {
  const id = JSON.stringify(call.id);
  let meta = answer.ok ? answer.meta : undefined;
  let stamp = '';
  if (call.era === 'modern') {
    meta = { ...meta, [SERVER_INFO_META_KEY]: serverInfo };
    stamp = ',"resultType":"complete"';
  }
  const metaText = meta ? `,"_meta":${JSON.stringify(meta)}` : '';
  const result = answer.ok
    ? `{"content":[{"type":"text","text":${JSON.stringify(answer.json)}}${
        answer.image ? `,${JSON.stringify(answer.image)}` : ''
      }],"structuredContent":${answer.json}`
    : `{"isError":true,"content":[{"type":"text","text":${JSON.stringify(answer.message)}}]`;
  return `{"result":${result}${stamp}${metaText}},"jsonrpc":"2.0","id":${id}}`;
}
