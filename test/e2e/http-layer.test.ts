/**
 * The HTTP layer itself (src/http-bridge/http.ts, router.ts, body.ts) over real sockets: what callers
 * relied on under express keeps working (paths without regard to case or a trailing slash, HEAD on
 * GET routes, the client address behind a proxy named in TRUST_PROXY for the public rate limit, and
 * no proxy trusted without it), and what a body may be.
 * Sources: the reference chart R1 for the answer, RFC 9110 (HEAD, 405 with Allow), RFC 7239/X-Forwarded-For practice (rightmost untrusted
 * hop), RFC 8259 section 8.1 (a BOM may be ignored), the spec's Conventions (JSON bodies, UTF-8).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/app/config.js';
import { clientAddress } from '../../src/http-bridge/http.js';
import { proxyTrust } from '../../src/http-bridge/proxy-trust.js';
import { REFERENCE_CHARTS } from '../fixtures/reference-charts.js';
import { authHeaders, startService, type TestService } from '../helpers/service.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startService({
    PUBLIC_RATE_PER_MINUTE: '60',
    PUBLIC_RATE_BURST: '3',
    BODY_LIMIT: '2kb',
    // The test stands for a reverse proxy on loopback.
    TRUST_PROXY: '127.0.0.1',
  });
});
afterAll(() => svc?.close());

/** Reference chart R1 (its published type and source in test/fixtures/reference-charts.ts). */
const R1 = REFERENCE_CHARTS.R1;
const BIRTH = R1.input;

/** One raw request (fetch would refuse some of these headers), with the whole answer. */
function request(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const url = new URL(svc.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path, headers, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('routing', () => {
  it("serves the playground's browser script as a file, byte for byte, as JavaScript", async () => {
    const page = await request('GET', '/', {});
    expect(page.text).toContain('<script type="module" src="/playground.js"></script>');
    const script = await request('GET', '/playground.js', {});
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const source = readFileSync(new URL('../../src/reference/playground-client.js', import.meta.url), 'utf8');
    expect(script.text).toBe(source);
  });

  it("serves the playground's CJK font (the pictures' own subset), key-less, as font/otf, cached a day", async () => {
    const res = await fetch(`${svc.url}/fonts/chart-han.otf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('font/otf');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const bytes = Buffer.from(await res.arrayBuffer());
    const file = readFileSync(new URL('../../data/fonts/ChartHan-Regular.otf', import.meta.url));
    expect(bytes.equals(file)).toBe(true);
    const page = await request('GET', '/', { 'X-Forwarded-For': '192.0.2.77' });
    expect(page.text).toContain("src: url(/fonts/chart-han.otf) format('opentype')");
    expect(page.headers['content-security-policy']).toContain("font-src 'self'");
  });

  it('regression: the pages sent no Content-Security-Policy, frame-ancestors or nosniff (the playground holds a key and could be framed)', async () => {
    const pages = ['/', '/docs', '/openapi.json', '/playground.js', '/fonts/chart-han.otf'];
    for (const [i, path] of pages.entries()) {
      // A client of its own per page: the key-less rate limit (burst 3) does not refuse the fourth.
      const res = await request('GET', path, { 'X-Forwarded-For': `192.0.2.${i + 1}` });
      expect(res.status, path).toBe(200);
      const csp = res.headers['content-security-policy'] ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("default-src 'none'");
      expect(csp, path).not.toContain('unsafe-inline');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['referrer-policy'], path).toBe('no-referrer');
      expect(res.headers['x-frame-options'], path).toBe('DENY');
      if (path === '/' || path === '/docs') {
        // Scripts only from the service's own files; each inline style block allowed by its hash.
        expect(csp).toContain("script-src 'self'");
        const styles = [...res.text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
        expect(styles.length).toBeGreaterThan(0);
        for (const style of styles) {
          const hash = createHash('sha256').update(style).digest('base64');
          expect(csp).toContain(`'sha256-${hash}'`);
        }
        expect(res.text).not.toMatch(/<script(?![^>]*\b(src=|type="application\/json"))/);
        expect(res.text).not.toMatch(/\sstyle="/);
      }
    }
    expect((await request('GET', '/health', {})).headers['x-content-type-options']).toBe('nosniff');
  });

  it('matches paths without regard to case or one trailing slash', async () => {
    for (const path of ['/api/chart', '/API/Chart', '/api/chart/']) {
      const res = await fetch(`${svc.url}${path}`, {
        method: 'POST',
        headers: authHeaders(svc.key),
        body: JSON.stringify(BIRTH),
      });
      expect(res.status, path).toBe(200);
      expect(((await res.json()) as { data: { chart: { type: string } } }).data.chart.type).toBe(
        R1.outputs.type,
      );
    }
  });

  it('answers HEAD on a GET route with its headers and no body', async () => {
    const res = await request('HEAD', '/health', {});
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.text).toBe('');
  });

  it('a known path with another method is 405 naming the allowed one; an unknown path is 404', async () => {
    const wrong = await request('POST', '/health', {});
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET');
    expect(JSON.parse(wrong.text).error.message).toBe('POST is not supported on /health; use GET.');
    const missing = await request('GET', '/api/nothing-here', {});
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text).error.code).toBe('not_found');
  });

  it('every answer carries a request id and the queue wait', async () => {
    const res = await request('GET', '/health', {});
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-queue-wait-ms']).toBe('0');
  });
});

describe('client address behind a proxy named in TRUST_PROXY', () => {
  it('rate-limits key-less routes per forwarded client, not per proxy', async () => {
    const sample = (client: string) =>
      request('GET', '/api/chart/bodygraph/sample.json', { 'X-Forwarded-For': `203.0.113.9, ${client}` });
    // Burst 3: the fourth request of one client is refused, another client behind the same proxy is not.
    const first = [];
    for (let i = 0; i < 4; i++) first.push((await sample('198.51.100.1')).status);
    expect(first).toEqual([200, 200, 200, 429]);
    expect((await sample('198.51.100.2')).status).toBe(200);
  });
});

describe('TRUST_PROXY entries', () => {
  const peer = (remoteAddress: string, xff?: string) =>
    ({
      socket: { remoteAddress },
      headers: xff ? { 'x-forwarded-for': xff } : {},
    }) as unknown as http.IncomingMessage;

  it('reads addresses, CIDR blocks and loopback, and walks X-Forwarded-For right to left past them', () => {
    const trust = proxyTrust(loadConfig({ TRUST_PROXY: '10.0.0.0/8, fd00::/8,loopback' }).trustProxy);
    expect(clientAddress(peer('10.1.2.3', '203.0.113.7, 10.9.9.9'), trust)).toBe('203.0.113.7');
    expect(clientAddress(peer('::ffff:127.0.0.1', '198.51.100.4'), trust)).toBe('198.51.100.4');
    expect(clientAddress(peer('fd00::1', '1.1.1.1, 198.51.100.9, fd12::2'), trust)).toBe('198.51.100.9');
    // A peer that is not a named proxy is the client, whatever it forwards.
    expect(clientAddress(peer('192.0.2.1', '10.0.0.1'), trust)).toBe('192.0.2.1');
    expect(clientAddress(peer('127.0.0.1', '198.51.100.4'), proxyTrust([]))).toBe('127.0.0.1');
  });

  it('refuses what is not an address or a block, naming the forms', () => {
    for (const bad of ['proxy.example', '10.0.0.0/33', '1.2.3.4/8/1', '*']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: .* CIDR block/);
    }
  });
});

describe('forwarded headers without TRUST_PROXY', () => {
  let plain: TestService;
  beforeAll(async () => {
    plain = await startService({ PUBLIC_RATE_PER_MINUTE: '60', PUBLIC_RATE_BURST: '2' });
  });
  afterAll(() => plain?.close());

  it('X-Forwarded-For from loopback no longer lets a local client escape the key-less rate limit', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${plain.url}/api/chart/bodygraph/sample.json`, {
        headers: { 'X-Forwarded-For': `198.51.100.${i + 1}` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('X-Forwarded-Proto and -Host do not reach the docs page', async () => {
    // From another loopback address: the test above spent this address's burst.
    const html = await new Promise<string>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: new URL(plain.url).port,
          path: '/docs',
          localAddress: '127.0.0.2',
          headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'evil.example' },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(html).not.toContain('evil.example');
    expect(html).toContain(`'${plain.url}/api/chart'`);
  });
});

describe('request bodies', () => {
  const chart = (body: Buffer | string, type = 'application/json') =>
    request(
      'POST',
      '/api/chart',
      {
        Authorization: `Bearer ${svc.key}`,
        'Content-Type': type,
        'Content-Length': String(Buffer.byteLength(body)),
      },
      body,
    );

  it('reads a body that starts with a byte order mark', async () => {
    const res = await chart(`\ufeff${JSON.stringify(BIRTH)}`);
    expect(res.status).toBe(200);
  });

  it('refuses a charset other than UTF-8 with 400 naming UTF-8', async () => {
    const res = await chart(JSON.stringify(BIRTH), 'application/json; charset=latin1');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).error.message).toContain('UTF-8');
  });

  it('refuses an announced body over BODY_LIMIT with 413 and closes the connection', async () => {
    const res = await chart(JSON.stringify({ ...BIRTH, pad: 'x'.repeat(3000) }));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text).error).toMatchObject({ code: 'payload_too_large' });
    expect(res.headers.connection).toBe('close');
  });

  it('refuses a chunked body that grows over BODY_LIMIT with 413', async () => {
    const url = new URL(svc.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: '/api/chart',
          headers: { Authorization: `Bearer ${svc.key}`, 'Content-Type': 'application/json' },
          agent: false,
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 4; i++) req.write(`${i === 0 ? '{"pad":"' : ''}${'y'.repeat(1000)}`);
      req.end('"}');
    });
    expect(status).toBe(413);
  });
});
