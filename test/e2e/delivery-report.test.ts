/**
 * whenHandedOver (src/http-bridge/http.ts), the report a reserved charge is settled by
 * (docs/decisions.md, "REST charges what was delivered"): an answer the socket takes whole is
 * reported delivered in the same step as the write; a larger one once its last byte is handed over;
 * one the socket cannot take (a client that stops reading, then leaves) is reported undelivered
 * when the connection is reset, never delivered (Node still emits 'finish' for it). Real
 * HTTP on loopback; the client is a raw TCP socket so that it can stop reading.
 */
import http from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { whenHandedOver } from '../../src/http-bridge/http.js';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A server answering `bytes` bytes, resolving with what whenHandedOver reported and when. */
function serve(bytes: number) {
  let report: (r: { delivered: boolean; inWrite: boolean }) => void = () => {};
  const reported = new Promise<{ delivered: boolean; inWrite: boolean }>((r) => (report = r));
  server = http.createServer((_req, res) => {
    let writing = true;
    res.setHeader('Content-Length', bytes);
    res.end(Buffer.alloc(bytes, 97));
    whenHandedOver(res, (delivered) => report({ delivered, inWrite: writing }));
    writing = false;
  });
  return new Promise<{ port: number; reported: typeof reported }>((resolve) =>
    server!.listen(0, '127.0.0.1', () =>
      resolve({ port: (server!.address() as { port: number }).port, reported }),
    ),
  );
}

describe('whenHandedOver', () => {
  it('reports a small answer delivered in the same step as its write', async () => {
    const { port, reported } = await serve(20_000);
    const res = await fetch(`http://127.0.0.1:${port}/`);
    expect((await res.arrayBuffer()).byteLength).toBe(20_000);
    expect(await reported).toEqual({ delivered: true, inWrite: true });
  });

  it('reports an answer larger than the socket buffers delivered once its last byte is handed over', async () => {
    const { port, reported } = await serve(64 * 1024 * 1024);
    const res = await fetch(`http://127.0.0.1:${port}/`);
    expect((await res.arrayBuffer()).byteLength).toBe(64 * 1024 * 1024);
    expect(await reported).toEqual({ delivered: true, inWrite: false });
  });

  it('reports undelivered an answer whose client stopped reading and left', async () => {
    // Far more than loopback's socket buffers take while nobody reads.
    const { port, reported } = await serve(256 * 1024 * 1024);
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.pause();
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((r) => setTimeout(r, 300));
    socket.destroy();
    expect(await reported).toEqual({ delivered: false, inWrite: false });
  });
});
