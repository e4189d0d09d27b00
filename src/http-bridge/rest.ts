import { createHash } from 'node:crypto';
import { AppError } from '../core/errors.js';
import type { ResultCache } from '../operations/cache.js';
import { parseInput } from '../operations/input.js';
import { authorize, type Grant } from '../operations/access.js';
import type { AnswerJson } from '../operations/answer-json.js';
import { type Delivery, invokeOperation, type InvokeResult, UNCHARGED } from '../operations/invoke.js';
import type { Deps } from '../operations/types.js';
import type { Authenticator } from './auth.js';
import {
  bodyLength,
  clientAddress,
  encodeAnswer,
  encodingFor,
  writeAnswer,
  whenHandedOver,
  isJsonType,
  JSON_TYPE,
  type Req,
  type Res,
  type Target,
} from './http.js';
import type { ProxyTrust } from './proxy-trust.js';
import type { JsonBody } from '../core/json-body.js';
import type { AddressRateLimiter } from './rate-limit.js';
import type { Router } from './router.js';
import type { RouteRow } from '../operations/routes.js';
import { readQuery } from './query.js';
import { insufficientScope, insufficientScopeChallenge, missingScopes } from './scope-challenge.js';

export interface RestOptions {
  routes: readonly RouteRow[];
  deps: Deps;
  cache: ResultCache;
  auth: Authenticator;
  limiter: AddressRateLimiter;
  /** The reverse proxies whose X-Forwarded-For names the client. */
  trust: ProxyTrust;
  /** Reads the JSON body within the size and time bounds. */
  readBody: (req: Req, res: Res) => Promise<JsonBody | undefined>;
  /** Takes an admission slot for the response. */
  admit: (res: Res) => Promise<void>;
  /** Names the request's operation and surface for the request metrics. */
  label: (res: Res, operation: string, surface: 'rest' | 'alias') => void;
  /** Aborts when the response can no longer be delivered (drain.ts); nothing is charged then. */
  signalFor: (res: Res) => AbortSignal;
  /** The protected resource metadata URL a 403 step-up challenge points at. */
  resourceMetadataUrl: () => string;
}

/**
 * The JSON object a body route reads. A body of another type (or with no Content-Type) is 415: the
 * JSON parser skips it, and "birthDate: required" would hide the real mistake. No body at all is
 * `{}`, so the answer lists the fields to send.
 */
function jsonObjectBody(row: RouteRow, req: Req, read: unknown): Record<string, unknown> {
  // An empty POST (`Content-Length: 0`) is no body here, whatever its type.
  const hasBytes =
    req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (hasBytes && !isJsonType(req)) {
    const sent = req.headers['content-type'];
    const got = sent ? `Content-Type "${sent}"` : 'no Content-Type';
    throw new AppError(
      'unsupported_media_type',
      `The request body must be JSON sent with Content-Type: application/json (got ${got}).`,
      {
        details: [
          {
            field: '(body)',
            message: 'send the header Content-Type: application/json',
            expected: 'application/json',
            received: sent ?? null,
          },
        ],
      },
    );
  }
  const body: unknown = read ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    const fields = Object.keys(row.op.input.shape as Record<string, unknown>).join(', ');
    const got = Array.isArray(body) ? 'an array' : body === null ? 'null' : `a ${typeof body}`;
    throw new AppError(
      'invalid_input',
      `The request body must be a JSON object with the fields ${fields}; got ${got}.`,
      {
        details: [
          {
            field: '(body)',
            message: `must be a JSON object, got ${got}`,
            expected: 'a JSON object',
            received: got,
          },
        ],
      },
    );
  }
  return body as Record<string, unknown>;
}

/**
 * An alias's fixed query wins, but a value the client sent for it is still checked: one that differs
 * is refused (it would otherwise be ignored without a word).
 */
function withFixed(row: RouteRow, sent: Record<string, unknown>): Record<string, unknown> {
  for (const [name, value] of Object.entries(row.fixedQuery)) {
    if (sent[name] === undefined || sent[name] === value) continue;
    const message = `${row.binding.path} always means ${name}=${value}; send ${JSON.stringify(value)} or leave ${name} out`;
    throw new AppError('invalid_input', `${name}: ${message}`, {
      details: [{ field: name, message, expected: value, received: sent[name] }],
    });
  }
  return { ...sent, ...row.fixedQuery };
}

/** The request's input: query (read against the schema) under the body, under an alias's fixed query. */
function rawInput(row: RouteRow, req: Req, target: Target, read: unknown): Record<string, unknown> {
  const query = readQuery(row.op.input, target.query, row.binding.queryNames);
  if (row.binding.from === 'query') return withFixed(row, query);
  const body = jsonObjectBody(row, req, read);
  const shape = row.op.input.shape as Record<string, unknown>;
  const fromQuery = Object.fromEntries(Object.entries(query).filter(([k]) => k in shape));
  return withFixed(row, { ...fromQuery, ...body });
}

/**
 * From the headers alone, before the body is read or a slot is taken: the address rate limit on
 * key-less routes, else the key (401) and the plan (403), so those answers never wait on a body.
 */
async function gate(row: RouteRow, req: Req, res: Res, options: RestOptions): Promise<Grant> {
  const op = row.op;
  if (op.access === 'public') {
    options.limiter.take(clientAddress(req, options.trust));
    return authorize(op, null);
  }
  const caller = await options.auth.authenticate(req);
  const scopes = missingScopes(op, caller);
  if (scopes) {
    res.setHeader('WWW-Authenticate', insufficientScopeChallenge(scopes, options.resourceMetadataUrl()));
    throw insufficientScope(op, scopes);
  }
  return authorize(op, caller);
}

/**
 * `meta` of chart-type answers (the spec's Versioning section), with the warnings for older readers
 * and, for metered operations, the units this call charged (0 on a cache hit).
 */
function metaOf(op: RouteRow['op'], out: { warnings: readonly string[]; charged: number }, deps: Deps) {
  if (!op.meta) return undefined;
  return {
    version: op.meta.version,
    timestamp: deps.now().toISOString(),
    endpoint: op.meta.endpoint,
    ...(op.meter ? { units: out.charged } : {}),
    ...(out.warnings.length ? { warnings: out.warnings } : {}),
  };
}

/**
 * The success envelope around the answer's JSON, which is spliced in rather than parsed and
 * serialized again: `{success, meta?, data}`, or the answer's own fields beside `success` (flat).
 * Text is written straight into the bytes sent: joined as a string, the answer was copied on the
 * heap twice more (the joined text flattened to measure it, then again behind the response
 * headers). Bytes (a worker's answer, a cached one) are neither decoded nor copied: the envelope
 * is sent in parts around them.
 */
function envelope(row: RouteRow, json: AnswerJson, meta: object | undefined): Buffer | Buffer[] {
  const held = json.held;
  if (row.binding.envelope === 'flat')
    return json.byteLength === 2 ? Buffer.from('{"success":true}') : spliced('{"success":true,', held, 1, '');
  return spliced(`{"success":true,${meta ? `"meta":${JSON.stringify(meta)},` : ''}"data":`, held, 0, '}');
}

/** `head`, then `json` from its first (ASCII) character `from` on, then `tail`, as UTF-8. */
function spliced(head: string, json: string | Buffer, from: number, tail: string): Buffer | Buffer[] {
  if (typeof json !== 'string')
    return [Buffer.from(head), json.subarray(from), ...(tail ? [Buffer.from(tail)] : [])];
  const body = json.slice(from);
  const headBytes = Buffer.byteLength(head);
  const bodyBytes = Buffer.byteLength(body);
  const out = Buffer.allocUnsafe(headBytes + bodyBytes + tail.length);
  out.write(head, 0);
  out.write(body, headBytes);
  out.write(tail, headBytes + bodyBytes);
  return out;
}

/**
 * One generic handler for every row of the route table, in the order every route follows: what the
 * headers decide (rate limit or key and plan), then the body, then an admission slot, then parse,
 * invoke, envelope.
 */
function handlerFor(row: RouteRow, options: RestOptions) {
  const { deps, cache } = options;
  const op = row.op;
  return async (req: Req, res: Res, target: Target): Promise<void> => {
    options.label(res, op.name, row.aliasOf ? 'alias' : 'rest');
    const grant = await gate(row, req, res, options);
    const read = row.method === 'GET' ? undefined : (await options.readBody(req, res))?.value;
    await options.admit(res);
    const input = parseInput(op, rawInput(row, req, target, read));
    const signal = options.signalFor(res);
    const ready = (out: InvokeResult) => readyAnswer(req, res, row, out, deps);
    const out = await invokeOperation(grant, input, deps, cache, { signal, prepare: ready });
    // A charged run was readied before its charge; a cache hit or a free answer is readied now.
    if (out.deliver) out.deliver();
    else (await ready(out))(UNCHARGED);
  };
}

/**
 * The answer's headers and bytes (envelope, compression, ETag), readied before the charge, and the
 * write that sends them and reports whether the last byte reached the socket (the charge's
 * settlement, see invoke.ts), compressed or not.
 */
async function readyAnswer(
  req: Req,
  res: Res,
  row: RouteRow,
  out: InvokeResult,
  deps: Deps,
): Promise<Delivery> {
  const op = row.op;
  const headers: [string, string][] = [];
  if (out.cache) headers.push(['X-Cache', out.cache]);
  if (row.aliasOf) headers.push(['Link', `<${row.aliasOf}>; rel="canonical"`]);
  let write: () => void;
  if (out.bytes && op.produces) {
    // A picture has no envelope: its warnings (DST gaps and folds) travel in a header.
    if (out.warnings.length) headers.push(['X-Warnings', asciiJson(out.warnings)]);
    write = await readyCacheable(
      req,
      res,
      op,
      op.produces === 'image/svg+xml' ? SVG_TYPE : op.produces,
      out.bytes,
    );
  } else {
    const body = envelope(row, out.json, metaOf(op, out, deps));
    if (op.httpCache) write = await readyCacheable(req, res, op, JSON_TYPE, body);
    else {
      const answer = await encodeAnswer(JSON_TYPE, body, encodingFor(res, JSON_TYPE, bodyLength(body)));
      write = () => writeAnswer(res, 200, answer);
    }
  }
  return (report) => {
    if (res.headersSent) return report.sent(false);
    for (const [name, value] of headers) res.setHeader(name, value);
    report.writing();
    write();
    whenHandedOver(res, report.sent);
  };
}

/** JSON with every non-ASCII character escaped: header values must be ASCII (place names are not). */
const asciiJson = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const SVG_TYPE = 'image/svg+xml; charset=utf-8';
/** Fixed answers (sample, template) for a day anywhere; keyed renders for a day in the caller's cache. */
const CACHE_CONTROL = { public: 'public, max-age=86400', private: 'private, max-age=86400' } as const;

/**
 * An answer with HTTP caching: a strong ETag from its bytes, Cache-Control by the operation's kind,
 * and 304 without a body when the client already holds these bytes. A compressed answer is another
 * representation with other bytes, so its strong ETag differs (RFC 9110 section 8.8.3): the tag of
 * the bytes with the coding appended (`"…-br"`), and a 304 names the representation it confirms.
 * Readies the bytes and returns their synchronous write.
 */
async function readyCacheable(
  req: Req,
  res: Res,
  op: RouteRow['op'],
  type: string,
  body: Buffer | readonly Buffer[],
): Promise<() => void> {
  const encoding = encodingFor(res, type, bodyLength(body));
  const hash = createHash('sha256');
  for (const part of Buffer.isBuffer(body) ? [body] : body) hash.update(part);
  const tag = hash.digest('base64url').slice(0, 32);
  const etag = `"${tag}${encoding ? `-${encoding}` : ''}"`;
  const cacheControl = CACHE_CONTROL[op.httpCache ?? 'private'];
  const cached = (status: number) => {
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', cacheControl);
    res.statusCode = status;
  };
  if (matchesEtag(req.headers['if-none-match'], etag)) {
    return () => {
      cached(304);
      res.end();
    };
  }
  const answer = await encodeAnswer(type, body, encoding);
  return () => {
    cached(200);
    writeAnswer(res, 200, answer);
  };
}

/** If-None-Match: `*` or a list of tags, weak ones compared by their opaque part (RFC 9110, 13.1.2). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/** The REST surface: every row of the route table on the router. */
export function addRestRoutes(router: Router, options: RestOptions): void {
  for (const row of options.routes) router.add(row.method, row.path, handlerFor(row, options));
}
