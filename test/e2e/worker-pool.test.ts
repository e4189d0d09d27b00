/**
 * The worker pool for heavy operations (src/operations/worker-pool.ts) behind the real service:
 * a heavy call runs in a worker process and leaves the event loop free for other requests, its
 * failures come back as the same errors as in-process ones (a client fault stays a 400 with its
 * wording; an unexpected failure or a dead worker is a 500, and the worker is replaced), its
 * warnings reach the answer, and its units are metered in the server process. A PNG sends only its
 * rasterising there: the bytes equal an in-process rasterising of the SVG route's answer, and the
 * workers never load the city table (about 190 MB each; a worker starts at about 90). A large answer
 * (a leap year of hourly transits, 8 MB) travels from the worker as bytes and is sent in parts
 * around its envelope: it must arrive whole and exact, uncompressed and compressed, from the worker
 * and from the cache, and be charged once per key (the regression this pins: a lost or doubled
 * byte at a part's edge, or a charge for a cache hit).
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svgToPng } from '../../src/core/render/index.js';
import { TOOLS } from '../../src/tools/index.js';
import { HEAVY_REGISTRY, heavyFixtureTool } from '../helpers/heavy-fixtures.js';
import { authHeaders, startService, type TestService } from '../helpers/service.js';
import type { AnyTool } from '../../src/operations/types.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startService(
    { WORKERS: '2' },
    { tools: [...TOOLS, heavyFixtureTool as unknown as AnyTool], workerRegistry: HEAVY_REGISTRY },
  );
});
afterAll(() => svc?.close());

const heavy = (body: object, key = svc.key) =>
  fetch(`${svc.url}/api/fixture-heavy`, {
    method: 'POST',
    headers: authHeaders(key),
    body: JSON.stringify(body),
  });

describe('heavy operations in the worker pool', () => {
  it('run in a worker process, with their warnings in the answer', async () => {
    const res = await heavy({ ms: 5, note: 'a note from the worker' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { pid: number; warnings: string[] } };
    expect(body.data.pid).not.toBe(process.pid);
    expect(body.data.warnings).toEqual(['a note from the worker']);
  });

  it('leave the event loop free: a location check answers while two workers are busy', async () => {
    await heavy({ ms: 1 }); // both workers loaded
    await heavy({ ms: 1 });
    const busy = [heavy({ ms: 1500 }), heavy({ ms: 1500 })];
    await new Promise((r) => setTimeout(r, 100));
    const t0 = performance.now();
    const quick = await fetch(`${svc.url}/api/validate-location`, {
      method: 'POST',
      headers: authHeaders(svc.key),
      body: JSON.stringify({ birthLocation: 'Montreal, QC' }),
    });
    const elapsed = performance.now() - t0;
    expect(quick.status).toBe(200);
    expect(elapsed).toBeLessThan(500);
    for (const r of await Promise.all(busy)) expect(r.status).toBe(200);
  });

  it('queue when every worker is busy and all finish', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => heavy({ ms: 50 })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('keep a client fault as a 400 with its field and wording', async () => {
    const res = await heavy({ ms: 1, fail: 'input' });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { message: string; details: { field: string }[] } };
    expect(error.message).toContain('asked to fail');
    expect(error.details[0]!.field).toBe('fail');
  });

  it('report an unexpected failure as a 500 without internals, and keep serving', async () => {
    const res = await heavy({ ms: 1, fail: 'internal' });
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('fixture internal failure');
    expect((await heavy({ ms: 1 })).status).toBe(200);
  });

  it('replace a worker that dies mid-task: that call is a 500, the next ones succeed', async () => {
    const res = await heavy({ ms: 1, fail: 'crash' });
    expect(res.status).toBe(500);
    const after = await Promise.all([heavy({ ms: 1 }), heavy({ ms: 1 }), heavy({ ms: 1 })]);
    expect(after.map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it('meter the units the worker computed, in the server process', async () => {
    const key = await svc.createKey(['advanced_chart']);
    expect((await heavy({ ms: 1 }, key)).status).toBe(200);
    expect((await heavy({ ms: 1, fail: 'input' }, key)).status).toBe(400);
    const usage = await fetch(`${svc.url}/api/usage`, { headers: authHeaders(key) });
    const body = (await usage.json()) as { data: { usage: { chart: number } } };
    expect(body.data.usage.chart).toBe(2);
  });
});

describe('pictures with the real operation registry', () => {
  let real: TestService;
  beforeAll(async () => {
    real = await startService({ WORKERS: '2' });
  });
  afterAll(() => real?.close());

  it('rasterise in a worker: the same bytes, and no worker loads the place table for them', async () => {
    const births = ['Montreal, QC', 'Tokyo', 'London'].map((birthLocation, i) => ({
      birthDate: `199${i}-05-0${i + 1}`,
      birthTime: '10:30',
      birthLocation,
      width: '700',
    }));
    for (const birth of births) {
      const query = new URLSearchParams(birth).toString();
      const png = await fetch(`${real.url}/api/chart/bodygraph.png?${query}`, {
        headers: authHeaders(real.key),
      });
      expect(png.status).toBe(200);
      const svg = await fetch(`${real.url}/api/chart/bodygraph.svg?${query}`, {
        headers: authHeaders(real.key),
      });
      expect(Buffer.from(await png.arrayBuffer()).equals(svgToPng(await svg.text(), 700))).toBe(true);
    }
    // Both services' workers (the fixture pool's too): none holds the place table.
    const workers = poolWorkers();
    expect(workers.length).toBeGreaterThanOrEqual(2);
    for (const pid of workers) expect(residentMb(pid)).toBeLessThan(160);
  });
});

/** The raw bytes of a GET (no decoding by the client) and its headers. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
        .on('error', reject)
        .end();
    },
  );
}

describe('a large answer from a worker (a leap year of hourly transits)', () => {
  let real: TestService;
  beforeAll(async () => {
    real = await startService({ WORKERS: '1' });
  });
  afterAll(() => real?.close());

  const YEAR = '/api/transits/all?startDate=2024-01-01&endDate=2024-12-31&granularity=hourly';
  const decode = { identity: (b: Buffer) => b, gzip: gunzipSync, br: brotliDecompressSync };
  const fetchYear = async (key: string, coding: keyof typeof decode) => {
    const res = await rawGet(`${real.url}${YEAR}`, { ...authHeaders(key), 'accept-encoding': coding });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(coding === 'identity' ? undefined : coding);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    const text = decode[coding](res.body).toString();
    const body = JSON.parse(text) as { meta: { units: number }; data: { count: number } };
    // Exact to the byte: the text is what serializing its own parse gives, envelope and answer alike.
    expect(text).toBe(
      `{"success":true,"meta":${JSON.stringify(body.meta)},"data":${JSON.stringify(body.data)}}`,
    );
    return {
      cache: res.headers['x-cache'],
      units: body.meta.units,
      data: JSON.stringify(body.data),
      count: body.data.count,
    };
  };
  const usage = async (key: string) => {
    const res = await fetch(`${real.url}/api/usage`, { headers: authHeaders(key) });
    return ((await res.json()) as { data: { usage: { chart: number } } }).data.usage.chart;
  };

  it('arrives whole and exact, uncompressed and compressed, from the worker and the cache, charged once per key', async () => {
    const [first, second] = [
      await real.createKey(['advanced_chart']),
      await real.createKey(['advanced_chart']),
    ];
    const plain = await fetchYear(first, 'identity');
    expect(plain).toMatchObject({ cache: 'MISS', units: 366, count: 8784 });
    expect(plain.data.length).toBeGreaterThan(8_000_000);
    // The same key again, compressed: the cached bytes.
    for (const coding of ['gzip', 'br'] as const) {
      const hit = await fetchYear(first, coding);
      expect(hit).toMatchObject({ cache: 'HIT', units: 0 });
      expect(hit.data).toBe(plain.data);
    }
    // Another key, compressed: from the worker again, the same answer.
    const brotli = await fetchYear(second, 'br');
    expect(brotli).toMatchObject({ cache: 'MISS', units: 366 });
    expect(brotli.data).toBe(plain.data);
    expect([await usage(first), await usage(second)]).toEqual([366, 366]);
  });
});

/** This process's children running the pool's worker module. */
function poolWorkers(): number[] {
  const children = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return children.filter((pid) => {
    try {
      return /operations\/worker\.[jt]s/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    } catch {
      return false;
    }
  });
}

const residentMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
