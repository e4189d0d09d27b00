/**
 * Many processes, one database, a real load balancer: PostgreSQL (Debian's package, with pgvector),
 * three service processes and HAProxy (Debian's package) with the README's configuration
 * (deploy/haproxy.cfg: health checks on /ready, round robin, no sticky sessions), all on loopback.
 * Expected values are counts of the requests this file sends and of the answers it receives:
 * - metering is exact across processes under 300 concurrent metered calls, and an allowance holds
 *   exactly when 300 calls race for 120 units;
 * - /metrics is served through the balancer and by each process, to the token only, and the
 *   processes' request counters add up to the calls sent;
 * - a key revoked in the database is refused by every process within KEY_CACHE_MS;
 * - a rolling restart (SIGTERM one process, the balancer drains it, start it again) fails no request;
 * - kill -9 of one process under load loses no acknowledged unit: every 200 is counted once, and
 *   at most the requests that failed are counted besides; only requests sent before the balancer
 *   took the process out of rotation fail;
 * - PostgreSQL stopped and started under load: only 200s and the service's JSON 503s, and once it is
 *   back the outage journals are replayed exactly once (the counts equal the 200s).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, PRODUCTS, type Store } from '../../src/store/index.js';
import {
  type Haproxy,
  type ServiceProcess,
  startHaproxy,
  startServiceProcess,
  unitsOfKey,
  until,
  waitInRotation,
  waitReady,
} from '../helpers/cluster.js';
import { startPostgres, type TempPostgres } from '../helpers/postgres.js';
import { freePort } from '../helpers/ports.js';

const PROCESSES = 3;
/** HAProxy's server lines for the processes (deploy/haproxy.cfg's names). */
const SERVERS = Array.from({ length: PROCESSES }, (_, i) => `app${i + 1}`);
const KEY_CACHE_MS = 2000;
const METRICS_TOKEN = 'cluster-test-metrics-token';

let pg: TempPostgres;
let dir: string;
let admin: Store;
let lb: Haproxy;
const ports: number[] = [];
const procs: ServiceProcess[] = [];

const envFor = (i: number): Record<string, string> => ({
  DATABASE_URL: pg.url,
  DATA_DIR: join(dir, `data-${i}`),
  KEY_CACHE_MS: String(KEY_CACHE_MS),
  SHUTDOWN_DRAIN_MS: '3000',
  WORKERS: '1',
  METRICS_TOKEN,
});
const start = async (i: number) => (procs[i] = await startServiceProcess(ports[i]!, envFor(i)));

beforeAll(async () => {
  pg = await startPostgres();
  dir = mkdtempSync(join(tmpdir(), 'cluster-'));
  for (let i = 0; i < PROCESSES; i++) ports.push(await freePort());
  await Promise.all(ports.map((_, i) => start(i)));
  await Promise.all(procs.map((p) => waitReady(p)));
  admin = await openStore({ databaseUrl: pg.url, dataDir: 'memory://' });
  lb = await startHaproxy(dir, await freePort(), ports);
  await waitInRotation(lb, SERVERS);
}, 240_000);

afterAll(async () => {
  await lb?.stop();
  for (const p of procs) p?.child.kill('SIGKILL');
  await Promise.all(procs.map((p) => p?.exited));
  await admin?.close();
  pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const newKey = async (chartLimit?: number) =>
  (await admin.keys.create({ name: 'cluster', products: PRODUCTS, ...(chartLimit ? { chartLimit } : {}) }))
    .key;

const unitsOf = (key: string) => unitsOfKey(admin, key);

let births = 0;
/** A birth no other request of this file sends, so each chart is computed and charged one unit. */
function birth() {
  const n = births++;
  const day = new Date(Date.UTC(1950, 0, 1) + Math.floor(n / 1440) * 86_400_000).toISOString().slice(0, 10);
  const time = `${String(Math.floor((n % 1440) / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`;
  return { birthDate: day, birthTime: time, birthLocation: 'Lisbon, Portugal' };
}

interface Outcome {
  status: number;
  units: number;
  code?: string;
  /** When the request was sent (Date.now()). */
  sentAt: number;
}

async function chart(base: string, key: string): Promise<Outcome> {
  const sentAt = Date.now();
  try {
    const res = await fetch(`${base}/api/chart`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(birth()),
    });
    const text = await res.text();
    let body: { meta?: { units?: number }; error?: { code?: string } } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // Not JSON: the balancer's own page, kept as a code-less outcome.
    }
    return {
      status: res.status,
      units: res.status === 200 ? (body.meta?.units ?? 0) : 0,
      ...(body.error?.code ? { code: body.error.code } : {}),
      sentAt,
    };
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, units: 0, code: cause?.code ?? cause?.message ?? String(e), sentAt };
  }
}

/** `loops` clients sending one chart after another through the balancer until `stop()`. */
function load(key: string, loops = 6) {
  const outcomes: Outcome[] = [];
  let running = true;
  const workers = Array.from({ length: loops }, async () => {
    while (running) outcomes.push(await chart(lb.url, key));
  });
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(workers);
      return outcomes;
    },
  };
}

const tally = (outcomes: readonly Outcome[]) => {
  const by: Record<string, number> = {};
  for (const o of outcomes)
    by[o.code ? `${o.status} ${o.code}` : String(o.status)] =
      (by[String(o.code ? `${o.status} ${o.code}` : o.status)] ?? 0) + 1;
  return by;
};
const acked = (outcomes: readonly Outcome[]) => outcomes.reduce((n, o) => n + o.units, 0);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function scrape(
  base: string,
  token: string | null = METRICS_TOKEN,
): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}/metrics`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  return { status: res.status, text: await res.text() };
}

/** The value of one series in Prometheus text (0 when absent). */
function series(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('metering across processes', () => {
  it('counts 300 concurrent metered calls exactly, whichever process answered', async () => {
    const key = await newKey();
    const outcomes = await Promise.all(Array.from({ length: 300 }, () => chart(lb.url, key)));
    expect(tally(outcomes)).toEqual({ 200: 300 });
    expect(acked(outcomes)).toBe(300);
    expect(await unitsOf(key)).toBe(300);
  }, 120_000);

  it('holds an allowance exactly when 300 concurrent calls race for 120 units', async () => {
    const key = await newKey(120);
    const outcomes = await Promise.all(Array.from({ length: 300 }, () => chart(lb.url, key)));
    expect(tally(outcomes)).toEqual({ 200: 120, '429 quota_exceeded': 180 });
    expect(await unitsOf(key)).toBe(120);
  }, 120_000);
});

describe('/metrics behind the balancer', () => {
  it('answers the token only, through the balancer and on each process, and the counters add up', async () => {
    expect((await scrape(lb.url, null)).status).toBe(401);
    expect((await scrape(lb.url, 'wrong-token-wrong-token')).status).toBe(401);
    const through = await scrape(lb.url);
    expect(through.status).toBe(200);
    expect(through.text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    let charts = 0;
    for (const p of procs) {
      const { status, text } = await scrape(p.url);
      expect(status).toBe(200);
      const mine = series(
        text,
        'chart_http_requests_total',
        'operation="generate_chart",surface="rest",status="200"',
      );
      // Round robin: every process answered its share of the 420 charts above. A busy process
      // answers its check late, and a late 200 keeps it in rotation (deploy/haproxy.cfg's timeout
      // check; with HAProxy's one-second default, 0 and 23 charts in two full runs). HAProxy's log
      // says why a process left the rotation.
      expect(mine, lb.healthLog()).toBeGreaterThan(50);
      charts += mine;
      expect(text).toMatch(/^chart_meter_write_duration_seconds_count\{outcome="committed"\} \d+/m);
      expect(series(text, 'chart_usage_journal_backlog', '')).toBe(0);
    }
    expect(charts).toBe(420);
  }, 60_000);
});

describe('revocation', () => {
  it('a key revoked in the database is refused by every process within KEY_CACHE_MS', async () => {
    const key = await newKey();
    for (const p of procs) expect((await chart(p.url, key)).status).toBe(200);
    const id = (await admin.keys.list()).find((k) => key.startsWith(k.prefix))!.id;
    const revokedAt = Date.now();
    expect(await admin.keys.revoke(id)).toBe(true);
    // When each accepted request was sent, relative to the revocation, until the first refusal.
    // A request sent later than KEY_CACHE_MS after it arrives later still, so it must be refused;
    // timing the refusal's answer instead would count the machine's load as the cache's delay.
    const acceptedSentAfter: number[] = [];
    await Promise.all(
      procs.map(async (p) => {
        await until(
          'refusal',
          async () => {
            const sentAt = Date.now() - revokedAt;
            const { status } = await chart(p.url, key);
            if (status === 200) acceptedSentAfter.push(sentAt);
            return status === 401;
          },
          KEY_CACHE_MS + 5000,
        );
      }),
    );
    // The cache entry was made just before the revocation, so it lapses within KEY_CACHE_MS.
    expect(Math.max(0, ...acceptedSentAfter)).toBeLessThanOrEqual(KEY_CACHE_MS + 50);
    expect((await chart(lb.url, key)).status).toBe(401);
  }, 60_000);
});

describe('a rolling restart', () => {
  it('SIGTERM one process, the balancer drains it, start it again: no request fails', async () => {
    const key = await newKey();
    const traffic = load(key);
    await pause(1000);
    procs[0]!.child.kill('SIGTERM');
    await until('app1 out of rotation', async () => (await lb.servers()).app1 !== 'UP', 5000);
    expect(await procs[0]!.exited).toBe(0);
    const during = traffic.outcomes.length;
    await start(0);
    await until('app1 back UP', async () => (await lb.servers()).app1 === 'UP', 30_000);
    await pause(1000);
    const outcomes = await traffic.stop();
    expect(outcomes.length).toBeGreaterThan(during);
    expect(tally(outcomes)).toEqual({ 200: outcomes.length });
    expect(await unitsOf(key)).toBe(acked(outcomes));
  }, 120_000);
});

describe('kill -9 under load', () => {
  it('loses no acknowledged unit: every 200 is counted, at most the failed requests besides', async () => {
    const key = await newKey();
    const traffic = load(key);
    await pause(1500);
    procs[1]!.child.kill('SIGKILL');
    try {
      await procs[1]!.exited;
      await until('app2 out of rotation', async () => (await lb.servers()).app2 !== 'UP', 5000);
      const outOfRotation = Date.now();
      await pause(1500);
      const outcomes = await traffic.stop();
      const failed = outcomes.filter((o) => o.status !== 200);
      // What was sent to the killed process fails: in flight at the kill, or sent on one of the
      // balancer's kept-alive connections to it before its check noticed (HAProxy then closes the
      // client's connection unanswered, as `http-reuse safe` does for a browser to retry). Nothing
      // sent once it was out of rotation fails, and the survivors fail nothing.
      expect(
        failed.every((o) => (o.status === 502 || o.status === 0) && o.sentAt <= outOfRotation),
        JSON.stringify(failed),
      ).toBe(true);
      expect(outcomes.filter((o) => o.sentAt > outOfRotation + 200).length).toBeGreaterThan(20);
      const counted = await unitsOf(key);
      expect(counted).toBeGreaterThanOrEqual(acked(outcomes));
      expect(counted).toBeLessThanOrEqual(acked(outcomes) + failed.length);
    } finally {
      // Back in rotation whatever the outcome, so a failure here does not fail the tests after it.
      await traffic.stop();
      await start(1);
      await until('app2 back UP', async () => (await lb.servers()).app2 === 'UP', 30_000);
    }
  }, 120_000);
});

describe('PostgreSQL restarted under load', () => {
  it('answers only 200s and JSON 503s, and replays the outage journals exactly once', async () => {
    const key = await newKey();
    // Every process has seen the key (an unseen key cannot be checked during an outage: 503).
    for (const p of procs) expect((await chart(p.url, key)).status).toBe(200);
    const warm = 3;
    const traffic = load(key);
    await pause(1000);
    pg.pause();
    await pause(3000);
    pg.resume();
    await waitInRotation(lb, SERVERS);
    await pause(1000);
    const outcomes = await traffic.stop();
    const byStatus = tally(outcomes);
    for (const kind of Object.keys(byStatus)) expect(['200', '503 service_unavailable']).toContain(kind);
    expect(byStatus['200']).toBeGreaterThan(0);
    // Every process writes back what it journaled, once.
    await until(
      'journals replayed',
      async () => {
        for (const p of procs)
          if (series((await scrape(p.url)).text, 'chart_usage_journal_backlog', '') !== 0) return false;
        return true;
      },
      30_000,
    );
    let journaled = 0;
    for (const p of procs)
      journaled += series(
        (await scrape(p.url)).text,
        'chart_meter_write_duration_seconds_count',
        'outcome="journaled"',
      );
    expect(journaled).toBeGreaterThan(0);
    expect(await unitsOf(key)).toBe(acked(outcomes) + warm);
  }, 120_000);
});
