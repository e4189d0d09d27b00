/**
 * Response compression per content type over real sockets: gzip and br chosen from Accept-Encoding
 * with its q-values (RFC 9110 section 12.5.3), answers of 1 KB and more, `Vary: Accept-Encoding`,
 * an exact Content-Length, a strong ETag of its own for each coding and 304 answered for it
 * (RFC 9110 sections 8.8.3 and 13.1.2), HEAD with GET's headers (section 9.3.2), SSE flushed event by
 * event. Each compressed body is decompressed here by zlib and compared with the identity answer.
 * Regression test for "nothing is compressed, even with Accept-Encoding: gzip, br".
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, createGunzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compressBody,
  compressParts,
  compressStream,
  negotiateEncoding,
} from '../../src/http-bridge/compression.js';
import { startService, type TestService } from '../helpers/service.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startService({ PUBLIC_RATE_BURST: '1000', PUBLIC_RATE_PER_MINUTE: '100000' });
});
afterAll(() => svc?.close());

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request with its raw (still encoded) answer. */
function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  const url = new URL(svc.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const decode = (r: Raw): Buffer =>
  r.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? gunzipSync(r.body)
      : r.body;

const auth = () => ({ Authorization: `Bearer ${svc.key}` });
const BIRTH = 'birthDate=1948-04-09&birthTime=00:14&birthLocation=Montreal%2C%20QC';

describe('Accept-Encoding negotiation', () => {
  it.each([
    ['gzip, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.8, br;q=0.9', 'br'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity', null],
    ['gzip;q=0, br;q=0', null],
    ['gzip;q=0.5, identity', null],
    ['deflate', null],
    ['', null],
  ])('%j -> %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('compressed answers per content type', () => {
  const cases: [string, string, string, boolean][] = [
    ['JSON (OpenAPI)', 'GET', '/openapi.json', false],
    ['HTML (docs)', 'GET', '/docs', false],
    ['HTML (playground)', 'GET', '/', false],
    ['JavaScript', 'GET', '/playground.js', false],
    ['SVG', 'GET', `/api/chart/bodygraph.svg?${BIRTH}`, true],
    [
      'JSON (REST series)',
      'GET',
      `/api/transits/moon?startDate=2025-03-14&endDate=2025-03-15&granularity=hourly`,
      true,
    ],
  ];
  it.each(cases)(
    '%s: br and gzip decode to the identity bytes, with Vary and an exact Content-Length',
    async (_label, method, path, keyed) => {
      const headers = keyed ? auth() : {};
      const plain = await raw(method, path, headers);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/);
      for (const coding of ['br', 'gzip']) {
        const packed = await raw(method, path, { ...headers, 'Accept-Encoding': coding });
        expect(packed.status).toBe(200);
        expect(packed.headers['content-encoding']).toBe(coding);
        expect(packed.headers.vary).toMatch(/Accept-Encoding/);
        expect(Number(packed.headers['content-length'])).toBe(packed.body.length);
        expect(packed.body.length).toBeLessThan(plain.body.length);
        // The answers embed a timestamp or a request-dependent detail only in JSON chart answers.
        if (!path.startsWith('/api/transits')) expect(decode(packed).equals(plain.body)).toBe(true);
        else
          expect(JSON.parse(decode(packed).toString()).data).toEqual(JSON.parse(plain.body.toString()).data);
      }
    },
  );

  it('small answers (under 1 KB) and PNGs are sent as they are, without Vary', async () => {
    const health = await raw('GET', '/health', { 'Accept-Encoding': 'gzip, br' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.headers.vary).toBeUndefined();
    const png = await raw('GET', '/api/chart/bodygraph/sample.png?width=200', {
      'Accept-Encoding': 'gzip, br',
    });
    expect(png.status).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.subarray(1, 4).toString()).toBe('PNG');
  });

  it('each coding has its own strong ETag, and a 304 answers for it; HEAD has the headers GET has', async () => {
    const path = '/api/chart/bodygraph/sample.svg';
    const plain = await raw('GET', path, {});
    const br = await raw('GET', path, { 'Accept-Encoding': 'br' });
    const gz = await raw('GET', path, { 'Accept-Encoding': 'gzip' });
    const tags = [plain, br, gz].map((r) => r.headers.etag!);
    expect(new Set(tags).size).toBe(3);
    expect(tags[1]).toBe(`${tags[0]!.slice(0, -1)}-br"`);
    const notModified = await raw('GET', path, { 'Accept-Encoding': 'br', 'If-None-Match': tags[1]! });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(tags[1]);
    expect(notModified.headers.vary).toMatch(/Accept-Encoding/);
    // The client holds the gzip bytes but now asks for br: the br representation is sent.
    expect((await raw('GET', path, { 'Accept-Encoding': 'br', 'If-None-Match': tags[2]! })).status).toBe(200);
    const head = await raw('HEAD', path, { 'Accept-Encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['content-encoding', 'content-length', 'etag', 'vary', 'content-type'])
      expect(head.headers[name], name).toBe(br.headers[name]);
  });

  it('MCP answers are compressed: the direct path, the SDK path in JSON, and the SDK stream', async () => {
    const mcp = (body: object, extra: Record<string, string> = {}) =>
      raw(
        'POST',
        '/mcp',
        {
          ...auth(),
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'Accept-Encoding': 'br',
          ...extra,
        },
        JSON.stringify(body),
      );
    const call = await mcp({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'generate_chart',
        arguments: { birthDate: '1948-04-09', birthTime: '00:14', birthLocation: 'Montreal, QC' },
      },
    });
    expect(call.headers['content-encoding']).toBe('br');
    expect(Number(call.headers['content-length'])).toBe(call.body.length);
    expect(JSON.parse(decode(call).toString()).result.structuredContent.chart.type).toMatch(/^[A-Z]/);
    const list = await mcp({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect(list.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(list).toString()).result.tools.length).toBeGreaterThan(10);
    const modern = await mcp(
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/list',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      },
      { 'MCP-Protocol-Version': '2026-07-28', 'MCP-Method': 'tools/list' },
    );
    expect(modern.status).toBe(200);
    expect(modern.headers['content-encoding']).toBe('br');
    const text = decode(modern).toString();
    const json = modern.headers['content-type']!.startsWith('text/event-stream')
      ? text
          .split('\n')
          .find((l) => l.startsWith('data: '))!
          .slice(6)
      : text;
    expect(JSON.parse(json).result.tools.length).toBeGreaterThan(10);
  });
});

describe("a body in parts (an envelope around a worker's bytes)", () => {
  // Series-like JSON over the 1 MB from which the pieces handed back grow: the joined body's bytes
  // are what every coding must give, whatever the cuts.
  const points = Array.from({ length: 30_000 }, (_, i) => ({
    utc: `2024-01-01T${i}Z`,
    longitude: (i * 7.31) % 360,
  }));
  const json = Buffer.from(JSON.stringify({ count: points.length, points }));
  const head = Buffer.from('{"success":true,"meta":{"units":366},"data":');
  const tail = Buffer.from('}');
  const whole = Buffer.concat([head, json, tail]);

  it.each(['gzip', 'br'] as const)('compresses to the same bytes as the joined body (%s)', async (coding) => {
    expect(whole.length).toBeGreaterThan(1024 * 1024);
    const parts = await compressParts([head, json, tail], coding);
    expect(parts.equals(await compressBody(whole, coding))).toBe(true);
    expect((coding === 'br' ? brotliDecompressSync : gunzipSync)(parts).equals(whole)).toBe(true);
  });
});

describe('streams', () => {
  it('an SSE stream is flushed event by event: the first event decodes before the second is written', async () => {
    let push!: (chunk: string | null) => void;
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (chunk) =>
          chunk === null ? controller.close() : controller.enqueue(new TextEncoder().encode(chunk));
      },
    });
    const reader = compressStream(source, 'gzip').getReader();
    const gunzip = createGunzip();
    let decoded = '';
    gunzip.on('data', (c: Buffer) => (decoded += c.toString()));
    // Reads compressed chunks until the text decodes (gunzip works on the thread pool: give it a moment).
    const readUntil = async (text: string) => {
      while (!decoded.includes(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        gunzip.write(value);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    push('event: message\ndata: {"n":1}\n\n');
    await readUntil('{"n":1}');
    expect(decoded).not.toContain('{"n":2}');
    push('event: message\ndata: {"n":2}\n\n');
    await readUntil('{"n":2}');
    push(null);
  });
});
