import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Logger } from 'pino';
import { AppError } from '../core/errors.js';
import { charsetOf, ClientGone, hasBody, isJsonType, type Req, type Res } from './http.js';
import { type JsonBody, parseJsonBody } from '../core/json-body.js';

export interface BodyOptions {
  /** Largest accepted body after decompression, e.g. "100kb". */
  limit: string;
  /** Longest time the whole body may take to arrive, in milliseconds. */
  timeoutMs: number;
  log: Logger;
  /** Read any Content-Type as JSON (/mcp); by default only JSON types are read. */
  anyType?: boolean;
}

const ACCEPTED_ENCODINGS = 'identity, gzip, deflate or br';
const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 };

/** "100kb" -> 102400 (the config has already checked the form). */
export function byteLimit(limit: string): number {
  const m = /^(\d+)(b|kb|mb)$/i.exec(limit);
  if (!m) throw new Error(`body limit "${limit}" must look like 100kb`);
  return Number(m[1]) * UNITS[m[2]!.toLowerCase()]!;
}

function decoderFor(req: Req): Transform | null {
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding === 'identity') return null;
  const decoder =
    encoding === 'gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  if (!decoder) {
    throw new AppError(
      'unsupported_media_type',
      `Unsupported Content-Encoding "${req.headers['content-encoding'] ?? ''}"; send the body as ${ACCEPTED_ENCODINGS}.`,
    );
  }
  req.pipe(decoder);
  return decoder;
}

const tooLarge = (limit: string) =>
  new AppError('payload_too_large', `The request body is larger than ${limit}.`);

/**
 * Reads a JSON body within a size and a time bound (parsed by json-body.ts: nesting bounded, the
 * top-level `id` kept as sent); undefined when the request has none (or, unless `anyType`, when it
 * is not JSON: the route decides what that means). It runs after authentication
 * and before an admission slot is taken, so a slow or abandoned upload costs a socket, never a slot.
 * A body that has not arrived in time is 408 and its connection closed; a client that leaves
 * mid-body is logged at debug level and rejects with ClientGone.
 */
export function bodyReader(options: BodyOptions): (req: Req, res: Res) => Promise<JsonBody | undefined> {
  const limitBytes = byteLimit(options.limit);
  const seconds = options.timeoutMs / 1000;
  return (req, res) => {
    if (!hasBody(req) || (!options.anyType && !isJsonType(req))) return Promise.resolve(undefined);
    const charset = charsetOf(req);
    if (charset !== undefined && !charset.startsWith('utf-'))
      return Promise.reject(new AppError('invalid_input', 'Unsupported body encoding; send UTF-8 JSON.'));
    const declared = Number(req.headers['content-length'] ?? Number.NaN);
    const decoder = decoderFor(req);
    // An honest Content-Length over the limit is refused before a byte is read.
    if (!decoder && declared > limitBytes) {
      res.setHeader('Connection', 'close');
      return Promise.reject(tooLarge(options.limit));
    }
    const source = decoder ?? req;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let received = 0;
      const finish = (fail?: unknown): void => {
        clearTimeout(timer);
        source.off('data', onData);
        source.off('end', onEnd);
        source.off('error', onError);
        req.off('error', onError);
        req.off('aborted', onGone);
        res.off('close', onGone);
        if (fail === undefined) return;
        if (!(fail instanceof ClientGone)) {
          // The rest of the body is not wanted: the connection closes after the answer.
          res.setHeader('Connection', 'close');
          if (decoder) req.unpipe(decoder);
          req.resume();
        }
        reject(fail);
      };
      const onData = (chunk: Buffer) => {
        received += chunk.length;
        if (received > limitBytes) finish(tooLarge(options.limit));
        else chunks.push(chunk);
      };
      const onEnd = () => {
        finish();
        try {
          resolve(parseJsonBody(Buffer.concat(chunks, received)));
        } catch (e) {
          reject(e);
        }
      };
      const onError = () => {
        // A finished request reads as destroyed too: only a closed socket means the client left.
        if (!req.socket || req.socket.destroyed || res.destroyed) {
          onGone();
          return;
        }
        const encoding = req.headers['content-encoding'];
        finish(
          decoder
            ? new AppError('invalid_input', `The request body is not valid ${encoding} data.`, {
                details: [{ field: '(body)', message: `send JSON encoded as ${ACCEPTED_ENCODINGS}` }],
              })
            : new AppError('invalid_input', 'The request body could not be read; send a JSON object.', {
                details: [
                  { field: '(body)', message: 'send a JSON object with Content-Type: application/json' },
                ],
              }),
        );
      };
      const onGone = () => {
        options.log.debug({ path: req.url }, 'client aborted the body');
        finish(new ClientGone());
      };
      const timer = setTimeout(() => {
        finish(
          new AppError(
            'request_timeout',
            `The request body did not arrive within ${seconds} s; send the whole body without pauses.`,
          ),
        );
      }, options.timeoutMs);
      source.on('data', onData);
      source.on('end', onEnd);
      source.on('error', onError);
      if (decoder) req.on('error', onError);
      req.once('aborted', onGone);
      res.once('close', onGone);
    });
  };
}
