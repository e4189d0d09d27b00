/**
 * The error answer of every route (http-bridge/errors.ts errorResponder) on a real node:http server:
 * an unexpected error is a 500 logged once (the fault log's watch adds no second line), and a
 * failure while answering an error is logged and ends that connection, never thrown: it runs in the
 * rejection handler of a route's promise, where a throw was an unhandled rejection that ended the
 * process (issue 37: the 401 challenge's URL read from a socket already gone). A 413 does not build
 * the challenge at all.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/errors.js';
import { errorResponder } from '../../src/http-bridge/errors.js';
import { FaultLog } from '../../src/http-bridge/fault-log.js';

interface Line {
  level: number;
  msg: string;
  err?: { message: string };
  cause?: { message: string };
}

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** A request that fails the test, rather than hanging it, when no answer comes. */
const get = (url: string) => fetch(url, { signal: AbortSignal.timeout(5_000) });

/** A server whose every request fails with `error`, answered by errorResponder; its log lines. */
async function failing(error: unknown, resourceMetadataUrl: () => string) {
  const lines: Line[] = [];
  const faults = new FaultLog(
    pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l)) }),
  );
  const onError = errorResponder(faults, undefined, resourceMetadataUrl);
  const thrown: unknown[] = [];
  server = createServer((req, res) => {
    faults.watch(req, res);
    try {
      onError(error, req, res);
    } catch (e) {
      thrown.push(e);
    }
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
  return { url, lines, thrown };
}

const brokenUrl = () => {
  throw new TypeError("Cannot read properties of null (reading 'localPort')");
};

describe('errorResponder', () => {
  it('an unexpected error: 500 with the envelope, logged once with its cause', async () => {
    const { url, lines, thrown } = await failing(new Error('boom'), () => 'http://x/meta');
    const res = await get(url);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      success: false,
      error: { code: 'internal_error', message: 'Internal error; it has been logged.' },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.map((l) => [l.level, l.msg, l.err?.message])).toEqual([[50, 'unexpected error', 'boom']]);
    expect(thrown).toEqual([]);
  });

  it('a failure while answering (the challenge URL throws): logged once, the connection closed, nothing thrown', async () => {
    const { url, lines, thrown } = await failing(new AppError('unauthorized', 'Missing API key.'), brokenUrl);
    await expect(get(url)).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.map((l) => [l.level, l.msg, l.err?.message, l.cause?.message])).toEqual([
      [
        50,
        'failed answering an error',
        "Cannot read properties of null (reading 'localPort')",
        'Missing API key.',
      ],
    ]);
    expect(thrown).toEqual([]);
  });

  it('a 413 needs no challenge: answered even when the challenge URL cannot be built', async () => {
    const tooLarge = new AppError('payload_too_large', 'The sign-in form must be under 8192 bytes.');
    const { url, lines } = await failing(tooLarge, brokenUrl);
    const res = await get(url);
    expect(res.status).toBe(413);
    expect(res.headers.get('www-authenticate')).toBeNull();
    expect(lines).toEqual([]);
  });
});
