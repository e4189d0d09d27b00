import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQueryString } from 'node:querystring';
import {
  compressBody,
  compressParts,
  type Encoding,
  isCompressible,
  MIN_COMPRESSED_BYTES,
  negotiateEncoding,
  varyOnEncoding,
} from './compression.js';
import type { DeliveryReport } from '../operations/invoke.js';
import type { ProxyTrust } from './proxy-trust.js';

/**
 * The few request and response primitives the HTTP surface needs, on Node's own objects: no
 * framework sits between a request and its handler (express cost a chart request about a fifth of
 * its server time; see docs/decisions.md).
 */
export type Req = IncomingMessage;
export type Res = ServerResponse;

/** The request target split once: the path as sent, and the query (a repeated name gives a list). */
export interface Target {
  path: string;
  query: Record<string, string | string[]>;
}

export function parseTarget(url: string | undefined): Target {
  const raw = url ?? '/';
  const q = raw.indexOf('?');
  if (q < 0) return { path: raw, query: {} };
  return { path: raw.slice(0, q), query: { ...parseQueryString(raw.slice(q + 1)) } as Target['query'] };
}

/** The client went away before its answer (mid-body or while queued): nobody is left to answer. */
export class ClientGone extends Error {}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';
export const JAVASCRIPT_TYPE = 'text/javascript; charset=utf-8';

/**
 * The coding an answer of this type and size will be sent in (compression.ts), or null. An answer
 * that could be compressed at all varies on Accept-Encoding, whatever this client asked for, so a
 * cache keeps each coding apart.
 */
export function encodingFor(res: Res, type: string, length: number): Encoding | null {
  if (length < MIN_COMPRESSED_BYTES || !isCompressible(type)) return null;
  res.setHeader('Vary', varyOnEncoding(res.getHeader('Vary') as string | undefined));
  return negotiateEncoding(res.req?.headers['accept-encoding']);
}

/**
 * An answer's bytes as they will be sent: compressed when the client accepts it. Uncompressed, a
 * large answer may stay in parts (an envelope around a worker's bytes): joined, a year of transits
 * was another 8 MB copy, and another full collection of the heap for every year or two served.
 */
export interface EncodedAnswer {
  type: string;
  body: Buffer | readonly Buffer[];
  encoding: Encoding | null;
}

/** The body's length in bytes, whole or in parts. */
export const bodyLength = (body: Buffer | readonly Buffer[]): number =>
  Buffer.isBuffer(body) ? body.length : body.reduce((n, part) => n + part.length, 0);

/**
 * Readies an answer's bytes, compressed on the thread pool when `encoding` says so (as encodingFor
 * decided); a compressor failure leaves them uncompressed rather than unanswered.
 */
export async function encodeAnswer(
  type: string,
  body: string | Buffer | readonly Buffer[],
  encoding: Encoding | null,
): Promise<EncodedAnswer> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (!encoding) return { type, body: bytes, encoding: null };
  try {
    const packed = Buffer.isBuffer(bytes) ? compressBody(bytes, encoding) : compressParts(bytes, encoding);
    return { type, body: await packed, encoding };
  } catch {
    return { type, body: bytes, encoding: null };
  }
}

/**
 * Writes a readied answer: status, type, exact length and body in one synchronous step (a body in
 * parts is corked, so the socket takes them in one write).
 */
export function writeAnswer(res: Res, status: number, answer: EncodedAnswer): void {
  if (res.destroyed || res.writableEnded || res.headersSent) return;
  res.statusCode = status;
  res.setHeader('Content-Type', answer.type);
  if (answer.encoding) res.setHeader('Content-Encoding', answer.encoding);
  res.setHeader('Content-Length', bodyLength(answer.body));
  if (Buffer.isBuffer(answer.body)) return void res.end(answer.body);
  // end() uncorks: the headers and every part go out together.
  res.cork();
  for (const part of answer.body) res.write(part);
  res.end();
}

/**
 * Tells `sent` whether a response just ended reached the socket: at once when the socket took its
 * last byte in the write (the usual case: Node writes synchronously what the kernel buffer takes);
 * else once the bytes queued behind it have been handed over, or not, when the connection fails.
 * (Not 'finish': Node emits it for a connection reset with the answer still queued.)
 */
export function whenHandedOver(res: Res, sent: (delivered: boolean) => void): void {
  if (res.writableFinished) return sent(true);
  const socket = res.socket;
  if (!res.writableEnded || !socket || socket.destroyed) return sent(false);
  // Node 24 marks the response finished a tick after end() even when the socket took every byte.
  if (socket.writableLength === 0) return sent(true);
  // An empty write queued behind the answer: its callback comes once all before it reached the
  // kernel, or with the error that dropped them.
  socket.write('', (error) => sent(!error));
}

/**
 * Sends a complete answer: status, type, exact length and body in one write, compressed on the
 * thread pool when the client accepts it (`encoding` as encodingFor decided, when the caller needed
 * to know first). A HEAD answer carries the same headers, its body left out by Node. `report`: the
 * delivery of a reserved charge (see DeliveryReport), told just before the write and after it.
 */
export function send(
  res: Res,
  status: number,
  type: string,
  body: string | Buffer,
  encoding: Encoding | null = encodingFor(
    res,
    type,
    typeof body === 'string' ? Buffer.byteLength(body) : body.length,
  ),
  report?: DeliveryReport,
): void {
  if (!encoding) {
    report?.writing();
    res.statusCode = status;
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Length', typeof body === 'string' ? Buffer.byteLength(body) : body.length);
    res.end(body);
    if (report) whenHandedOver(res, report.sent);
    return;
  }
  encodeAnswer(type, body, encoding)
    .then((answer) => {
      report?.writing();
      writeAnswer(res, status, answer);
      if (report) whenHandedOver(res, report.sent);
    })
    // Nobody awaits this promise: a failure (compressing, or writing to a connection gone wrong)
    // ends this answer's connection, never the process.
    .catch(() => {
      report?.sent(false);
      res.destroy();
    });
}

export function sendJson(res: Res, status: number, value: unknown): void {
  send(res, status, JSON_TYPE, typeof value === 'string' ? value : JSON.stringify(value));
}

/** Sets a header unless the answer has already started (late headers would throw). */
export function setHeader(res: Res, name: string, value: string): void {
  if (!res.headersSent) res.setHeader(name, value);
}

/** A body is coming: chunked, or a Content-Length that is a number (`0` included, as body-parser counts it). */
export function hasBody(req: Req): boolean {
  const length = req.headers['content-length'];
  return (
    req.headers['transfer-encoding'] !== undefined || (length !== undefined && !Number.isNaN(Number(length)))
  );
}

/** The media type of the body, lower case and without parameters; '' when none is sent. */
export function mediaType(req: Req): string {
  const type = req.headers['content-type'];
  if (!type) return '';
  const semi = type.indexOf(';');
  return (semi < 0 ? type : type.slice(0, semi)).trim().toLowerCase();
}

/** JSON bodies: `application/json` and the `+json` suffix types (`application/merge-patch+json`). */
export function isJsonType(req: Req): boolean {
  const type = mediaType(req);
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** The `charset` parameter of the Content-Type, lower case; undefined when none is given. */
export function charsetOf(req: Req): string | undefined {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(req.headers['content-type'] ?? '');
  return m?.[1]?.toLowerCase();
}

const firstOf = (header: string | string[] | undefined): string | undefined => {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0]?.trim() || undefined;
};

/**
 * The client's address: the peer, or when the peer is a trusted proxy (TRUST_PROXY), the nearest
 * address in X-Forwarded-For that is not one (read right to left, so a client cannot forge its way
 * past the proxies).
 */
export function clientAddress(req: Req, trust: ProxyTrust): string {
  // No socket once the client has gone (a route may still log who it was).
  let address = req.socket?.remoteAddress ?? 'unknown';
  if (!trust.trusts(address)) return address;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  for (let i = forwarded.length - 1; i >= 0; i--) {
    const hop = forwarded[i]!.trim();
    if (!hop) continue;
    address = hop;
    if (!trust.trusts(hop)) break;
  }
  return address;
}

/** Scheme and host the client used, honouring X-Forwarded-Proto/-Host from a trusted proxy. */
export function publicOrigin(req: Req, trust: ProxyTrust): { protocol: string; host: string | undefined } {
  const trusted = trust.trusts(req.socket?.remoteAddress);
  const encrypted = (req.socket as { encrypted?: boolean } | null)?.encrypted === true;
  const protocol = (trusted && firstOf(req.headers['x-forwarded-proto'])) || (encrypted ? 'https' : 'http');
  const host = (trusted && firstOf(req.headers['x-forwarded-host'])) || req.headers.host;
  return { protocol: protocol.toLowerCase(), host };
}
