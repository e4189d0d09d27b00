/**
 * Abuse resistance over real HTTP, one regression test per defect an outside probe found: slow or
 * unauthenticated bodies holding admission slots, 400 before 401/403, corrupt Content-Encoding as 500,
 * MCP batches and the MCP body limit, the result cache shared across keys, SIGTERM resetting requests,
 * /mcp without Origin/Host checks and with a bare 401 challenge, listChanged advertised by a stateless
 * server. Expected behaviour: shared/DESIGN.md sections 4 and 5 (auth from the header before a body
 * or a slot; per-key cache; status table), RFC 9110 (408, 413, 415), RFC 6750 section 3
 * (WWW-Authenticate error="invalid_token"), the MCP Streamable HTTP transport's security warning
 * (validate Origin; bind locally and check Host against DNS rebinding) and JSON-RPC 2.0 error codes
 * (-32700 parse error, -32600 invalid request).
 */
import http from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import pino from 'pino';
import * as z from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/app/config.js';
import { createService, type Service } from '../../src/app/service.js';
import { PRODUCTS } from '../../src/store/index.js';
import { TOOLS } from '../../src/tools/index.js';
import { fixtureTools } from '../helpers/fixtures.js';
import { type AnyTool, defineTool } from '../../src/operations/types.js';
import { authHeaders, sharedCities, sharedEphemeris, sharedKnowledge } from '../helpers/service.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await sleep(5);
  }
}

interface Running {
  service: Service;
  url: string;
  port: number;
  key: string;
  fx: ReturnType<typeof fixtureTools>;
  /** Every log line the service wrote, parsed. */
  logs: { level: number; msg: string }[];
}

async function start(env: Record<string, string> = {}, extraTools: AnyTool[] = []): Promise<Running> {
  const fx = fixtureTools();
  const logs: { level: number; msg: string }[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
  const config = loadConfig({ DATA_DIR: 'memory://', PORT: '0', ...env });
  const service = await createService(config, log, {
    cities: await sharedCities(),
    ephemeris: sharedEphemeris(),
    knowledge: await sharedKnowledge(),
    tools: [...TOOLS, ...fx.tools, ...extraTools],
  });
  const addr = await service.listen();
  const key = (await service.deps.store.keys.create({ name: 'full', products: PRODUCTS })).key;
  return { service, url: `http://127.0.0.1:${addr.port}`, port: addr.port, key, fx, logs };
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: () => { error?: { code: string | number; message: string }; [k: string]: unknown };
}

/**
 * A request over its own connection whose body is written by the test: `body` at once, then the
 * request stays open unless `end` is set. `answer` settles when the response has fully arrived.
 */
function raw(
  port: number,
  opts: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    end?: boolean;
  },
) {
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: opts.method ?? 'POST',
    path: opts.path,
    headers: opts.headers,
    agent: false,
  });
  let answered = false;
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        answered = true;
        resolve({ status: res.statusCode!, headers: res.headers, text, json: () => JSON.parse(text) });
      });
    });
    req.on('error', reject);
  });
  answer.catch(() => {});
  req.flushHeaders();
  if (opts.body !== undefined) req.write(opts.body);
  if (opts.end) req.end();
  return {
    req,
    answer,
    get answered() {
      return answered;
    },
  };
}

const slowBody = (port: number, path: string, headers: Record<string, string>) =>
  raw(port, {
    path,
    headers: { 'Content-Type': 'application/json', 'Content-Length': '100', ...headers },
    body: '{"n":',
  });

describe('slow and unauthenticated bodies hold no admission slot', () => {
  let s: Running;
  beforeAll(async () => {
    s = await start({ MAX_CONCURRENT: '4', BODY_TIMEOUT_MS: '1500' });
  });
  afterAll(() => s.service.close());

  it('MAX_CONCURRENT slow bodies with and without a key: others are served, key-less ones get 401 at once, slow ones 408', async () => {
    const keyed = [1, 2, 3, 4].map(() =>
      slowBody(s.port, '/api/fixture', { Authorization: `Bearer ${s.key}` }),
    );
    const keyless = [1, 2, 3, 4].map(() => slowBody(s.port, '/api/fixture', {}));
    const keylessMcp = [1, 2].map(() => slowBody(s.port, '/mcp', {}));

    for (const r of [...keyless, ...keylessMcp]) {
      const a = await r.answer;
      expect(a.status).toBe(401);
      expect(a.json().error?.code).toBe('unauthorized');
    }
    expect(s.service.http.admission.active).toBe(0);

    // A normal authenticated request is served while all the slow bodies are still open.
    const ok = await fetch(`${s.url}/api/fixture`, {
      method: 'POST',
      headers: authHeaders(s.key),
      body: JSON.stringify({ n: 12 }),
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { data: unknown }).data).toEqual({ n: 12, square: 144 });
    expect(keyed.every((r) => !r.answered)).toBe(true);
    expect(s.service.http.admission.active).toBe(0);

    for (const r of keyed) {
      const a = await r.answer;
      expect(a.status).toBe(408);
      expect(a.headers.connection).toBe('close');
      expect(a.json().error).toMatchObject({ code: 'request_timeout' });
      expect(a.json().error?.message).toMatch(/did not arrive within 1.5 s/);
    }
    for (const r of [...keyed, ...keyless, ...keylessMcp]) r.req.destroy();
    expect(s.service.http.admission.active).toBe(0);
    expect(s.logs.filter((l) => l.level >= 50)).toEqual([]);
  }, 20_000);
});

describe('errors the headers decide come before errors about the body', () => {
  let s: Running;
  beforeAll(async () => {
    s = await start({ BODY_LIMIT: '1kb' });
  });
  afterAll(() => s.service.close());

  const post = (path: string, body: string, headers: Record<string, string>) =>
    fetch(`${s.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
    });

  it('no key -> 401 and a key without the product -> 403, whatever the body; then 400 and 413', async () => {
    const sageOnly = (await s.service.deps.store.keys.create({ name: 'sage', products: ['sage_api'] })).key;
    const broken = '{"n": ';
    const huge = JSON.stringify({ n: 1, pad: 'x'.repeat(5000) });
    const cases: [string, Record<string, string>, number, string][] = [
      [broken, {}, 401, 'unauthorized'],
      [huge, {}, 401, 'unauthorized'],
      [broken, { Authorization: `Bearer ${sageOnly}` }, 403, 'forbidden'],
      [huge, { Authorization: `Bearer ${sageOnly}` }, 403, 'forbidden'],
      ['{"n": "seven"}', { Authorization: `Bearer ${sageOnly}` }, 403, 'forbidden'],
      [broken, { Authorization: `Bearer ${s.key}` }, 400, 'invalid_input'],
      [huge, { Authorization: `Bearer ${s.key}` }, 413, 'payload_too_large'],
    ];
    for (const [body, headers, status, code] of cases) {
      const res = await post('/api/fixture', body, headers);
      expect([res.status, ((await res.json()) as { error: { code: string } }).error.code]).toEqual([
        status,
        code,
      ]);
    }
  });
});

describe('client-side body faults are JSON 4xx, never 500', () => {
  let s: Running;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(() => s.service.close());

  const send = (encoding: string, body: Buffer) =>
    raw(s.port, {
      path: '/api/fixture',
      headers: {
        Authorization: `Bearer ${s.key}`,
        'Content-Type': 'application/json',
        'Content-Encoding': encoding,
        'Content-Length': String(body.length),
      },
      body,
      end: true,
    }).answer;

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ])('a %s body is read when intact and is 400 invalid_input when corrupt', async (encoding, compress) => {
    const good = await send(encoding, compress(Buffer.from('{"n":3}')));
    expect(good.status).toBe(200);
    expect(good.json().data).toEqual({ n: 3, square: 9 });
    const packed = compress(Buffer.from(JSON.stringify({ n: 4, pad: 'y'.repeat(200) })));
    const corrupt = Buffer.concat([
      packed.subarray(0, 6),
      Buffer.from('not compressed at all'),
      packed.subarray(6),
    ]);
    for (const body of [Buffer.from('{"n":3}'), corrupt]) {
      const bad = await send(encoding, body);
      expect(bad.status).toBe(400);
      expect(bad.json().error).toMatchObject({ code: 'invalid_input' });
      expect(bad.json().error?.message).toContain(`not valid ${encoding} data`);
    }
    expect(s.logs.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('an unsupported Content-Encoding is 415 naming the accepted ones', async () => {
    const res = await send('compress', Buffer.from('{"n":3}'));
    expect(res.status).toBe(415);
    expect(res.json().error).toMatchObject({ code: 'unsupported_media_type' });
    expect(res.json().error?.message).toMatch(/identity, gzip, deflate or br/);
  });

  it('a client that aborts mid-body is logged at debug level, not as an error', async () => {
    for (const path of ['/api/fixture', '/mcp']) {
      const r = slowBody(s.port, path, {
        Authorization: `Bearer ${s.key}`,
        Accept: 'application/json, text/event-stream',
      });
      await sleep(100);
      r.req.destroy();
    }
    const gz = raw(s.port, {
      path: '/api/fixture',
      headers: {
        Authorization: `Bearer ${s.key}`,
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
        'Content-Length': '500',
      },
      body: gzipSync(Buffer.from(JSON.stringify({ n: 1, pad: 'z'.repeat(2000) }))).subarray(0, 20),
    });
    await sleep(100);
    gz.req.destroy();
    await until(() => s.logs.filter((l) => /client (aborted|closed)/.test(l.msg)).length >= 3);
    expect(s.logs.filter((l) => l.level >= 40)).toEqual([]);
    expect(s.service.http.admission.active).toBe(0);
    const ok = await fetch(`${s.url}/health`);
    expect(ok.status).toBe(200);
  });
});

describe('MCP transport edge', () => {
  let s: Running;
  beforeAll(async () => {
    s = await start({ BODY_LIMIT: '16kb', ALLOWED_ORIGINS: 'https://app.example.com' });
  });
  afterAll(() => s.service.close());

  const mcpHeaders = () => ({
    Authorization: `Bearer ${s.key}`,
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
  });
  const rpc = (body: unknown, extra: Record<string, string> = {}) =>
    fetch(`${s.url}/mcp`, {
      method: 'POST',
      headers: { ...mcpHeaders(), ...extra },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const call = (id: number, n: number) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'fixture_chart', arguments: { n } },
  });

  it('a JSON-RPC batch is refused with -32600 and runs nothing', async () => {
    const before = s.fx.runs;
    const res = await rpc([call(1, 101), call(2, 102), call(3, 103)]);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: expect.stringMatching(/batches are not supported/) },
    });
    expect(s.fx.runs).toBe(before);
  });

  it('malformed JSON is a JSON-RPC parse error (-32700)', async () => {
    const res = await rpc('{"jsonrpc": ');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });

  it('BODY_LIMIT applies to /mcp: a larger body is 413 JSON', async () => {
    const res = await rpc({
      ...call(4, 1),
      params: { name: 'fixture_chart', arguments: { n: 1, pad: 'p'.repeat(20_000) } },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('a foreign Origin is 403 JSON; same-origin, loopback and ALLOWED_ORIGINS pass', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1.evil.example']) {
      const res = await rpc(call(5, 2), { Origin: origin });
      expect(res.status, origin).toBe(403);
      expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({
        code: 'forbidden',
        message: expect.stringContaining('ALLOWED_ORIGINS'),
      });
    }
    for (const origin of [s.url, 'http://localhost:6274', 'https://app.example.com']) {
      expect((await rpc(call(6, 2), { Origin: origin })).status, origin).toBe(200);
    }
  });

  it('bound to loopback, a Host header that is not loopback (DNS rebinding) is 403', async () => {
    const send = (host: string) =>
      raw(s.port, {
        path: '/mcp',
        headers: { ...mcpHeaders(), Host: host },
        body: JSON.stringify(call(7, 2)),
        end: true,
      }).answer;
    const rebound = await send(`attacker.example:${s.port}`);
    expect(rebound.status).toBe(403);
    expect(rebound.json().error).toMatchObject({ code: 'forbidden' });
    expect((await send(`localhost:${s.port}`)).status).toBe(200);
  });

  it('401 names invalid_token so an OAuth-capable client reports the key instead of starting OAuth', async () => {
    const res = await rpc(call(8, 2), { Authorization: 'Bearer csk_wrong' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer realm="chart-service", resource_metadata="${s.url}/.well-known/oauth-protected-resource/mcp", ` +
        'error="invalid_token", error_description="Invalid or revoked API key."',
    );
  });

  it('regression: 5,000 nested arrays in the params of tools/list or initialize answered a silent 500; now -32600 naming the limit, logged at info', async () => {
    const nested = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    for (const method of ['tools/list', 'initialize']) {
      const before = s.logs.length;
      const res = await rpc(`{"jsonrpc":"2.0","id":41,"method":"${method}","params":{"x":${nested}}}`);
      expect(res.status, method).toBe(400);
      expect(await res.json()).toEqual({
        jsonrpc: '2.0',
        id: 41,
        error: { code: -32600, message: expect.stringContaining('more than 64 levels deep') },
      });
      expect(s.logs.slice(before).filter((l) => l.level >= 40)).toEqual([]);
    }
    // 64 levels (the message, params and 62 arrays) are still read, 65 are not; the same nesting in
    // a REST body is a 400 naming the limit.
    const levels = (n: number) =>
      `{"jsonrpc":"2.0","id":42,"method":"tools/list","params":{"x":${'['.repeat(n)}${']'.repeat(n)}}}`;
    expect((await rpc(levels(62))).status).toBe(200);
    expect((await rpc(levels(63))).status).toBe(400);
    const rest = await fetch(`${s.url}/api/fixture`, {
      method: 'POST',
      headers: authHeaders(s.key),
      body: `{"n":1,"pad":${nested}}`,
    });
    expect(rest.status).toBe(400);
    expect(((await rest.json()) as { error: { message: string } }).error.message).toContain('64 levels');
  });

  it('regression: an id above 2^53 was answered with other digits; it is refused with the id exactly as sent', async () => {
    for (const id of ['12345678901234567890', '-9007199254740993', '7.0', '1e3']) {
      const res = await rpc(`{"jsonrpc":"2.0","id":${id},"method":"tools/list"}`);
      expect(res.status, id).toBe(400);
      const text = await res.text();
      expect(text, id).toContain(`"id":${id},`);
      expect((JSON.parse(text) as { error: { code: number } }).error.code).toBe(-32600);
    }
    // Ids that can be echoed exactly keep working, on the SDK path and on the direct path.
    for (const id of ['9007199254740991', '"12345678901234567890"', '0']) {
      const list = await rpc(`{"jsonrpc":"2.0","id":${id},"method":"tools/list"}`);
      expect(list.status, id).toBe(200);
      expect(await list.text()).toContain(`"id":${id}`);
      const direct = await rpc(
        `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"fixture_chart","arguments":{"n":3}}}`,
      );
      expect(await direct.text()).toContain(`"id":${id}`);
    }
  });

  it('regression: the id -0 was answered as 0 (found by the /mcp fuzz); it is refused with the id as sent', async () => {
    const res = await rpc('{"jsonrpc":"2.0","id":-0,"method":"tools/list"}');
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain('"id":-0,');
    expect((JSON.parse(text) as { error: { code: number } }).error.code).toBe(-32600);
  });

  it('regression: a rejected MCP request was logged at warn with a stack and the whole 10,000-character header; now info, cut to 200 characters', async () => {
    const before = s.logs.length;
    const res = await rpc(
      { jsonrpc: '2.0', id: 43, method: 'tools/list' },
      { 'MCP-Protocol-Version': 'x'.repeat(10_000) },
    );
    expect(res.status).toBe(400);
    const lines = s.logs.slice(before);
    const rejected = lines.filter((l) => l.msg === 'mcp request rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.level).toBe(30);
    expect(JSON.stringify(rejected[0]).length).toBeLessThan(1000);
    expect(JSON.stringify(lines)).not.toContain('"stack"');
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
  });

  it('initialize advertises no listChanged for tools or resources', async () => {
    const res = await rpc({
      jsonrpc: '2.0',
      id: 9,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'probe', version: '0' },
      },
    });
    const text = await res.text();
    const data = text.startsWith('{')
      ? text
      : text
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .map((l) => l.slice(6))
          .join('');
    const caps = (JSON.parse(data) as { result: { capabilities: Record<string, { listChanged?: boolean }> } })
      .result.capabilities;
    expect(caps.tools).toBeDefined();
    expect(caps.resources).toBeDefined();
    expect(caps.tools!.listChanged ?? false).toBe(false);
    expect(caps.resources!.listChanged ?? false).toBe(false);
  });
});

describe('every 5xx is logged with its cause', () => {
  const failing = defineTool({
    name: 'fixture_failing',
    title: 'Fixture failing',
    description: 'Test fixture: fails with an unexpected error.',
    input: z.object({}),
    output: z.object({}),
    access: 'free',
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    http: [{ method: 'POST', path: '/api/fixture-failing', from: 'body' }],
    example: {},
    run() {
      return Promise.reject(new Error('the disk is on fire'));
    },
  }) as unknown as AnyTool;
  let s: Running;
  beforeAll(async () => {
    s = await start({ MAX_CONCURRENT: '1', MAX_QUEUE: '0' }, [failing]);
  });
  afterAll(() => s.service.close());

  it('an unexpected failure: 500 without internals, one error line with the cause and its stack', async () => {
    const before = s.logs.length;
    const res = await fetch(`${s.url}/api/fixture-failing`, {
      method: 'POST',
      headers: authHeaders(s.key),
      body: '{}',
    });
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('fire');
    const errors = s.logs.slice(before).filter((l) => l.level >= 50) as unknown as {
      err: { message: string; stack: string };
    }[];
    expect(errors).toHaveLength(1);
    expect(errors[0]!.err.message).toBe('the disk is on fire');
    expect(errors[0]!.err.stack).toMatch(/\n\s+at /);
  });

  it('a refusal under load (503 queue_full) is logged at warn with its code', async () => {
    const held = fetch(`${s.url}/api/fixture-slow`, {
      method: 'POST',
      headers: authHeaders(s.key),
      body: '{"id":1}',
    });
    await until(() => s.service.http.admission.active === 1);
    const before = s.logs.length;
    const refused = await fetch(`${s.url}/api/fixture-slow`, {
      method: 'POST',
      headers: authHeaders(s.key),
      body: '{"id":2}',
    });
    expect(refused.status).toBe(503);
    await refused.arrayBuffer();
    expect(s.logs.slice(before)).toContainEqual(
      expect.objectContaining({ level: 40, code: 'queue_full', status: 503 }),
    );
    expect(s.logs.slice(before).filter((l) => /without a logged cause/.test(l.msg))).toEqual([]);
    s.fx.openGates();
    expect((await held).status).toBe(200);
  });
});

describe('the result cache is per key', () => {
  let s: Running;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(() => s.service.close());

  it("key B's first call is a MISS and is charged even after key A asked the same", async () => {
    const b = (await s.service.deps.store.keys.create({ name: 'tenant B', products: ['advanced_chart'] }))
      .key;
    const ask = (key: string) =>
      fetch(`${s.url}/api/fixture`, {
        method: 'POST',
        headers: authHeaders(key),
        body: JSON.stringify({ n: 77 }),
      });
    const usageOf = async (key: string) => {
      const rec = (await s.service.deps.store.keys.list()).find((k) => k.prefix === key.slice(0, 12))!;
      return (
        (await s.service.deps.store.usage.list()).find((u) => u.keyId === rec.id && u.meter === 'chart')
          ?.units ?? 0
      );
    };
    expect((await ask(s.key)).headers.get('x-cache')).toBe('MISS');
    expect((await ask(s.key)).headers.get('x-cache')).toBe('HIT');
    expect((await ask(b)).headers.get('x-cache')).toBe('MISS');
    expect(await usageOf(b)).toBe(1);
    expect((await ask(b)).headers.get('x-cache')).toBe('HIT');
    expect(await usageOf(b)).toBe(1);
    expect(await usageOf(s.key)).toBe(1);
  });
});

describe('shutdown drains instead of resetting', () => {
  it('in-flight and queued requests all answer; /ready fails during the drain; responses close their connections', async () => {
    const s = await start({ MAX_CONCURRENT: '2', SHUTDOWN_DRAIN_MS: '400' });
    const send = (id: number) =>
      fetch(`${s.url}/api/fixture-slow`, {
        method: 'POST',
        headers: authHeaders(s.key),
        body: JSON.stringify({ id }),
      }).then(async (r) => ({
        status: r.status,
        connection: r.headers.get('connection'),
        body: await r.json(),
      }));
    const running = [send(1), send(2)];
    await until(() => s.service.http.admission.active === 2);
    const queued = [send(3), send(4), send(5)];
    await until(() => s.service.http.admission.waiting === 3);

    const stopped = s.service.shutdown();
    const ready = await fetch(`${s.url}/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'shutting down' });
    // Still accepting during the drain window, on a new connection.
    const late = send(6);
    await until(() => s.service.http.admission.waiting === 4);

    const all = Promise.all([...running, ...queued, late]);
    let settled = false;
    void all.then(
      () => (settled = true),
      () => (settled = true),
    );
    while (!settled) {
      s.fx.openGates();
      await sleep(10);
    }
    const done = await all;
    expect(done.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(done.map((r) => (r.body as { data: { id: number } }).data.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(done.every((r) => r.connection === 'close')).toBe(true);
    await stopped;
    await expect(fetch(`${s.url}/health`)).rejects.toThrow();
  });
});
