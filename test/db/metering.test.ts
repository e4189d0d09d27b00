/**
 * Durable, atomic metering on both stores (shared/DESIGN.md sections 5-6): 300 concurrent metered
 * calls leave exactly 300 units; counts survive a restart; allowances are enforced at the boundary;
 * cache hits answer X-Cache: HIT and cost nothing. Runs against embedded PGlite on disk and against
 * a real PostgreSQL server (Debian postgresql) started here on loopback. The metered operation is a
 * test fixture until the chart tools exist (it costs 1 chart unit per the spec's chart meter).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, usageMonth } from '../../src/store/index.js';
import { TOOLS } from '../../src/tools/index.js';
import { fixtureTools } from '../helpers/fixtures.js';
import { startPostgres, type TempPostgres } from '../helpers/postgres.js';
import { authHeaders, startService } from '../helpers/service.js';

let pg: TempPostgres;
let dataDir: string;
beforeAll(async () => {
  pg = await startPostgres();
  dataDir = mkdtempSync(join(tmpdir(), 'chart-store-'));
});
afterAll(() => {
  pg?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const backends: [string, () => Record<string, string>][] = [
  ['embedded PGlite', () => ({ DATA_DIR: dataDir })],
  ['PostgreSQL', () => ({ DATABASE_URL: pg.url })],
];

describe.each(backends)('%s', (_label, env) => {
  it('300 concurrent metered calls leave exactly 300 units, and the count survives a restart', async () => {
    const fx = fixtureTools();
    const svc = await startService(env(), { tools: [...TOOLS, ...fx.tools] });
    const key = await svc.createKey(['advanced_chart']);
    const statuses = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        fetch(`${svc.url}/api/fixture`, {
          method: 'POST',
          headers: authHeaders(key),
          body: JSON.stringify({ n: 100_000 + i }),
        }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      ),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    const usage = (await (await fetch(`${svc.url}/api/usage`, { headers: authHeaders(key) })).json()) as {
      data: { usage: { chart: number } };
    };
    expect(usage.data.usage.chart).toBe(300);
    await svc.close();

    const store = await openStore({
      databaseUrl: env().DATABASE_URL,
      dataDir: env().DATA_DIR ?? 'memory://',
    });
    try {
      const rec = (await store.keys.list()).find((k) => k.prefix === key.slice(0, 12))!;
      expect((await store.usage.get(rec.id, usageMonth(new Date()))).chart).toBe(300);
    } finally {
      await store.close();
    }
  });

  it('a cache hit answers X-Cache: HIT and costs nothing', async () => {
    const fx = fixtureTools();
    const svc = await startService(env(), { tools: [...TOOLS, ...fx.tools] });
    try {
      const key = await svc.createKey(['advanced_chart']);
      const call = () =>
        fetch(`${svc.url}/api/fixture`, {
          method: 'POST',
          headers: authHeaders(key),
          body: JSON.stringify({ n: 7 }),
        });
      const first = await call();
      expect(first.headers.get('x-cache')).toBe('MISS');
      const firstBody = await first.json();
      const second = await call();
      expect(second.headers.get('x-cache')).toBe('HIT');
      expect((await second.json()) as object).toMatchObject({ data: (firstBody as { data: object }).data });
      expect(fx.runs).toBe(1);
      const usage = (await (await fetch(`${svc.url}/api/usage`, { headers: authHeaders(key) })).json()) as {
        data: { usage: { chart: number } };
      };
      expect(usage.data.usage.chart).toBe(1);
    } finally {
      await svc.close();
    }
  });

  it('an allowance is never passed, even under concurrency; the excess gets 429 quota_exceeded', async () => {
    const fx = fixtureTools();
    const svc = await startService(env(), { tools: [...TOOLS, ...fx.tools] });
    try {
      const key = await svc.createKey(['advanced_chart'], { chartLimit: 20 });
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          fetch(`${svc.url}/api/fixture`, {
            method: 'POST',
            headers: authHeaders(key),
            body: JSON.stringify({ n: 900_000 + i }),
          }).then(async (r) => ({
            status: r.status,
            body: (await r.json()) as { error?: { code: string } },
          })),
        ),
      );
      expect(results.filter((r) => r.status === 200).length).toBe(20);
      const refused = results.filter((r) => r.status !== 200);
      expect(refused.every((r) => r.status === 429 && r.body.error?.code === 'quota_exceeded')).toBe(true);
      const usage = (await (await fetch(`${svc.url}/api/usage`, { headers: authHeaders(key) })).json()) as {
        data: { usage: { chart: number }; remaining: { chart: number } };
      };
      expect(usage.data.usage.chart).toBe(20);
      expect(usage.data.remaining.chart).toBe(0);
    } finally {
      await svc.close();
    }
  });
});

describe('product access over REST', () => {
  it('a key without the product gets 403 naming it', async () => {
    const fx = fixtureTools();
    const svc = await startService({}, { tools: [...TOOLS, ...fx.tools] });
    try {
      const key = await svc.createKey(['sage_api']);
      const res = await fetch(`${svc.url}/api/fixture`, {
        method: 'POST',
        headers: authHeaders(key),
        body: JSON.stringify({ n: 1 }),
      });
      expect(res.status).toBe(403);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('forbidden');
      expect(body.error.message).toContain('advanced_chart');
    } finally {
      await svc.close();
    }
  });
});
