import { connect } from 'node:net';
import type { RouteEntry } from '../../src/http-bridge/router.js';

/**
 * Broken bodies sent to a route over a raw socket, as a careless or hostile client sends them: the
 * request-body paths of a service (its size and time bounds, a client leaving mid-body) are where a
 * failure can outlive the request that caused it.
 */
export type BodyShape =
  /** A Content-Length over every limit, the whole body sent. */
  | 'oversized'
  /** The same size chunked, with no Content-Length to refuse it by. */
  | 'oversized-chunked'
  /** Part of the announced body, then the client closes its side (a premature end). */
  | 'truncated'
  /** Part of the announced body, then a reset. */
  | 'aborted'
  /** Part of the announced body, then silence until the service answers (or the client gives up). */
  | 'stalled';

export const BODY_SHAPES: readonly BodyShape[] = [
  'oversized',
  'oversized-chunked',
  'truncated',
  'aborted',
  'stalled',
];

export interface Shot {
  method: string;
  path: string;
  contentType: string;
  /** An API key sent as a bearer token, or none. */
  key: string | null;
  shape: BodyShape;
}

/** The answer's status, or null when the connection ended without one (expected after a reset). */
export type Outcome = number | null;

/** Larger than any body limit of a fuzzed service (BODY_LIMIT is set below it; the sign-in form's is 8 KB). */
export const OVERSIZED_BYTES = 40 * 1024;
const ANNOUNCED_BYTES = 4096;
const PART_BYTES = 100;
/** How long a client waits for an answer before it gives up (stalled) or stops listening. */
const PATIENCE_MS = 1_500;

const METHODS_OF_ANY = ['POST', 'GET'];

/** The request target of a route: its path (a prefix's first child), with the query sign-in needs. */
function targetOf(entry: RouteEntry): string {
  return `${entry.prefix ? `${entry.path}x` : entry.path}?uid=x`;
}

/** Every shot at one route: each of its methods, JSON and form bodies, with and without a key, each shape. */
export function shotsAt(entry: RouteEntry, key: string): Shot[] {
  const methods = entry.method === '*' ? METHODS_OF_ANY : [entry.method];
  return methods.flatMap((method) =>
    ['application/json', 'application/x-www-form-urlencoded'].flatMap((contentType) =>
      [null, key].flatMap((k) =>
        BODY_SHAPES.map((shape) => ({ method, path: targetOf(entry), contentType, key: k, shape })),
      ),
    ),
  );
}

function filler(contentType: string, bytes: number): Buffer {
  const start = contentType === 'application/json' ? '{"birthDate":"' : 'csrf=x&api_key=';
  return Buffer.from(start.padEnd(bytes, 'a'));
}

/** Sends one shot on a fresh connection and resolves with the answer's status, if one came. */
export function fire(port: number, shot: Shot): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      clearTimeout(patience);
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      resolve(status ? Number(status[1]) : null);
    };
    const patience = setTimeout(() => {
      if (shot.shape === 'stalled') socket.resetAndDestroy();
      settle();
    }, PATIENCE_MS);
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n\r\n')) settle();
    });
    // Writing into a connection the service closed (it refused the body) is expected.
    socket.on('error', settle);
    socket.on('close', settle);

    const chunked = shot.shape === 'oversized-chunked';
    const length = shot.shape === 'oversized' ? OVERSIZED_BYTES : ANNOUNCED_BYTES;
    const headers = [
      `${shot.method} ${shot.path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      `Content-Type: ${shot.contentType}`,
      chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`,
      ...(shot.key ? [`Authorization: Bearer ${shot.key}`] : []),
      '',
      '',
    ].join('\r\n');
    socket.write(headers);
    if (shot.shape === 'oversized') {
      socket.write(filler(shot.contentType, OVERSIZED_BYTES));
    } else if (chunked) {
      const body = filler(shot.contentType, OVERSIZED_BYTES);
      for (let at = 0; at < body.length; at += 4096) {
        const piece = body.subarray(at, at + 4096);
        socket.write(`${piece.length.toString(16)}\r\n`);
        socket.write(piece);
        socket.write('\r\n');
      }
      socket.write('0\r\n\r\n');
    } else {
      socket.write(filler(shot.contentType, PART_BYTES));
      if (shot.shape === 'truncated') socket.end();
      if (shot.shape === 'aborted') setTimeout(() => socket.resetAndDestroy(), 20);
    }
  });
}
