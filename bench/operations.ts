/**
 * Operating the service, as Markdown sections for BENCHMARKS.md (bench/run.ts wires them in), each
 * comparison measured side by side in one run:
 * - scale-out (bench/scale-out.ts);
 * - the metered write path (UsageStore.add: group commit, allowance check) on PostgreSQL beside the
 *   embedded store;
 * - start-up: PGlite creating an empty database beside the service's own start on a fresh embedded
 *   store (target: the service within 0.7x of it), and `npm start` on an unchanged tree beside the
 *   service command it runs (target: at most 1.25x);
 * - the cost of the metrics on the hot path: 10,000 REST charts with metrics and without.
 * Run one alone with `npm run build && npx tsx bench/operations.ts scale|meter|startup|metrics`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { openStore, PRODUCTS, type Store } from '../src/store/index.js';
import { startPostgres } from '../test/helpers/postgres.js';
import { distinctBirth, fmt, median, percentile, ROOT, startChild, startService, untilReady } from './lib.js';
import { scaleOutSection } from './scale-out.js';

const log = (s: string) => process.stderr.write(`${s}\n`);
const PLACES = ['Montreal, QC', 'Lisbon, Portugal', 'Tokyo, Japan', 'Nairobi, Kenya'];
const QUICK = process.env.BENCH_QUICK === '1';

let births = 0;
/** POST /api/chart with a birth no earlier request used, so no answer comes from the cache. */
const distinctCharts = (key: string): autocannon.Request[] => [
  {
    method: 'POST',
    path: '/api/chart',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    setupRequest: (req) => ({ ...req, body: JSON.stringify(distinctBirth(births++, PLACES)) }),
  },
];

type Charge = (store: Store, keyId: string, limit: number | null, at: Date) => Promise<unknown>;
/** UsageStore.add: a final charge (MCP). */
const add: Charge = (store, keyId, limit, at) => store.usage.add(keyId, 'chart', 1, limit, at);
/** UsageStore.reserve, then the delivery's report (REST): the reservation and its settlement. */
const reserveAndDeliver: Charge = async (store, keyId, limit, at) => {
  const held = await store.usage.reserve(keyId, 'chart', 1, limit, at);
  held?.writing();
  held?.settle(true);
};

/** Microseconds per metered write: one at a time (latency), and 100 at once (throughput). */
async function meterWrites(
  store: Store,
  n: number,
  charge: Charge,
): Promise<{ sequential: number; concurrent: number }> {
  const { record } = await store.keys.create({
    name: 'bench',
    products: PRODUCTS,
    chartLimit: 1_000_000_000,
  });
  const at = new Date();
  for (let i = 0; i < 50; i++) await charge(store, record.id, 1_000_000_000, at);
  let t = performance.now();
  for (let i = 0; i < n; i++) await charge(store, record.id, 1_000_000_000, at);
  const sequential = ((performance.now() - t) * 1000) / n;
  // 100 keys at once, as a busy server meters many callers (one key's increments share a commit).
  const keys = await Promise.all(
    Array.from(
      { length: 100 },
      async () => (await store.keys.create({ name: 'b', products: PRODUCTS })).record.id,
    ),
  );
  t = performance.now();
  for (let round = 0; round < n / 100; round++)
    await Promise.all(keys.map((id) => charge(store, id, null, at)));
  const concurrent = ((performance.now() - t) * 1000) / n;
  return { sequential, concurrent };
}

export async function meteredWriteSection(): Promise<string> {
  log('metered writes, PostgreSQL and embedded…');
  const n = QUICK ? 500 : 3000;
  const pg = await startPostgres();
  const dir = mkdtempSync(join(tmpdir(), 'bench-meter-'));
  try {
    const onPg = await openStore({ databaseUrl: pg.url, dataDir: join(dir, 'pg-side') });
    const postgres = await meterWrites(onPg, n, add);
    const postgresReserved = await meterWrites(onPg, n, reserveAndDeliver);
    await onPg.close();
    const embeddedStore = await openStore({ dataDir: join(dir, 'embedded') });
    const embedded = await meterWrites(embeddedStore, n, add);
    const embeddedReserved = await meterWrites(embeddedStore, n, reserveAndDeliver);
    await embeddedStore.close();
    const row = (label: string, r: { sequential: number; concurrent: number }) =>
      `| ${label} | ${fmt(r.sequential, 0)} | ${fmt(r.concurrent, 0)} |`;
    return `## Metered writes: PostgreSQL and the embedded store (${n} writes each, same run)

UsageStore.add (the allowance-checked atomic upsert behind every charged call, with its group
commit), in-process; PostgreSQL 15 on loopback (fsync off, as in the tests) and PGlite on disk.
"Reserved" is the REST path: UsageStore.reserve (the same upsert with the batch's reservation in
the same statement), the delivery ledger's line, and the settlement that removes the reservation a
turn later.

| Store | one at a time (µs per write) | 100 callers at once (µs per write) |
|---|---|---|
${row('PostgreSQL', postgres)}
${row('PostgreSQL, reserved', postgresReserved)}
${row('embedded (PGlite)', embedded)}
${row('embedded (PGlite), reserved', embeddedReserved)}

PostgreSQL costs **${fmt(postgres.sequential / embedded.sequential, 2)}x** the embedded store per write one at a time and
**${fmt(postgres.concurrent / embedded.concurrent, 2)}x** with 100 callers at once. A reserved charge costs
**${fmt(postgresReserved.concurrent / postgres.concurrent, 2)}x** a final one with 100 callers at once on PostgreSQL, **${fmt(embeddedReserved.concurrent / embedded.concurrent, 2)}x** embedded.
`;
  } finally {
    pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Milliseconds from spawning node until PGlite (with pgvector, as the service opens it) has created an empty database. */
function pgliteCreate(dataDir: string): Promise<number> {
  const started = performance.now();
  const script = `const { PGlite } = await import('@electric-sql/pglite'); const { vector } = await import('@electric-sql/pglite-pgvector');
const db = await PGlite.create({ dataDir: ${JSON.stringify(dataDir)}, extensions: { vector } }); await db.query('SELECT 1'); await db.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`exit ${code}`)),
    ),
  );
}

/** Spawn to the first `/ready` 200 of the built service: a fresh embedded store, then a restart on it. */
export async function coldStartSection(): Promise<string> {
  log('cold start…');
  const toReady = async (svc: { url: string; ms: number }) => {
    const t = performance.now();
    await untilReady(svc.url);
    return svc.ms + (performance.now() - t);
  };
  const fresh: number[] = [];
  const again: number[] = [];
  for (let i = 0; i < 3; i++) {
    const svc = await startService();
    fresh.push(await toReady(svc));
    await svc.stop();
    const restarted = await startService({}, svc.dataDir);
    again.push(await toReady(restarted));
    await restarted.stop();
    svc.cleanup();
  }
  const list = (v: number[]) => v.map((t) => fmt(t, 0)).join(', ');
  return `## Cold start

From process spawn (built JS) to the first \`/ready\` 200, median of ${fresh.length}:

| Start | median (ms) | runs (ms) |
|---|---|---|
| first start, fresh embedded store (copied from the snapshot with the bundled knowledge indexed, first-start key) | ${fmt(percentile(fresh, 50), 0)} | ${list(fresh)} |
| restart on an existing embedded store | ${fmt(percentile(again, 50), 0)} | ${list(again)} |
`;
}

export async function startupSection(): Promise<string> {
  log('start-up: PGlite, the service, npm start…');
  const runs = QUICK ? 1 : 3;
  const pglite: number[] = [];
  const fresh: number[] = [];
  const loading: number[] = [];
  const freshAnswer: number[] = [];
  const loadingAnswer: number[] = [];
  const serve: number[] = [];
  const npmStart: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-start-'));
    try {
      pglite.push(await pgliteCreate(join(dir, 'pglite')));
      fresh.push(
        await spawnToReadyDetached(
          process.execPath,
          ['dist/src/main.js', 'serve'],
          { DATA_DIR: join(dir, 'a') },
          firstAnswer(join(dir, 'a'), freshAnswer),
        ),
      );
      // The same files under another path are another folder to the service: a new store for it
      // starts empty and loads the 716 files at its first start (how every new store started before).
      symlinkSync(join(ROOT, 'knowledge'), join(dir, 'knowledge'));
      loading.push(
        await spawnToReadyDetached(
          process.execPath,
          ['dist/src/main.js', 'serve'],
          { DATA_DIR: join(dir, 'b'), KNOWLEDGE_DIR: join(dir, 'knowledge') },
          firstAnswer(join(dir, 'b'), loadingAnswer),
        ),
      );
      serve.push(
        await spawnToReadyDetached(process.execPath, ['dist/src/main.js', 'serve'], {
          DATA_DIR: join(dir, 'a'),
        }),
      );
      npmStart.push(await spawnToReadyDetached('npm', ['start', '--silent'], { DATA_DIR: join(dir, 'a') }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const list = (v: number[]) => v.map((t) => fmt(t, 0)).join(', ');
  const row = (name: string, v: number[]) => `| ${name} | ${fmt(median(v), 0)} | ${list(v)} |`;
  return `## Start-up beside PGlite (median of ${runs}, same run)

From process spawn to the first \`/ready\` 200 (PGlite: to an empty database created and answering;
the SAGE rows: to the answer to a first question, which waits for the start-up knowledge load).

| Start | median (ms) | runs (ms) |
|---|---|---|
${row('PGlite creates an empty database (with pgvector), in a fresh node', pglite)}
${row('service, fresh embedded store (from the snapshot with the bundled knowledge indexed)', fresh)}
${row('service, fresh embedded store loading the knowledge at its start (the empty snapshot)', loading)}
${row('the same fresh store from the snapshot, to its first SAGE answer', freshAnswer)}
${row('the same fresh store loading the knowledge, to its first SAGE answer', loadingAnswer)}
${row('service (node dist/src/main.js serve), existing store', serve)}
${row('npm start on an unchanged tree, existing store', npmStart)}

A fresh embedded store is ready in **${fmt(median(fresh) / median(pglite), 2)}x** PGlite's own creation of an empty database
(target: at most 0.7x; ${fmt(median(loading) / median(pglite), 2)}x when it loads the knowledge at its start) and
answers its first SAGE question after ${fmt(median(freshAnswer), 0)} ms (${fmt(median(loadingAnswer), 0)} ms when it loads the knowledge); \`npm start\` takes **${fmt(median(npmStart) / median(serve), 2)}x** the service command it runs (target: at most 1.25x).
`;
}

/**
 * What a first start answers next: a SAGE question with the key the start wrote to its file (SAGE
 * waits for the start-up knowledge load); the milliseconds from spawn go to `times`.
 */
const firstAnswer =
  (dataDir: string, times: number[]) =>
  async (url: string, started: number): Promise<void> => {
    const key = readFileSync(join(dataDir, 'initial-api-key.txt'), 'utf8').trim();
    const res = await fetch(`${url}/api/sage`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'What is a Projector?' }),
    });
    if (res.status !== 200) throw new Error(`first SAGE answer: ${res.status}`);
    times.push(performance.now() - started);
  };

/**
 * Milliseconds from spawn to the first /ready 200, in a process group of its own (npm and the node it
 * starts stop together); `then`, when given, runs before the process is stopped.
 */
function spawnToReadyDetached(
  command: string,
  args: string[],
  env: Record<string, string>,
  then?: (url: string, started: number) => Promise<void>,
): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    let buf = '';
    let ms = 0;
    let status = 0;
    child.stdout!.on('data', (c: Buffer) => {
      buf += c.toString();
      const m = /Listening on (http:\/\/\S+)/.exec(buf);
      if (!m || ms) return;
      void untilReady(m[1]!)
        .then(async () => {
          ms = performance.now() - started;
          status = 200;
          await then?.(m[1]!, started);
        })
        .catch(reject)
        // SIGINT stops at once (SIGTERM would hold the drain window open for a balancer).
        .finally(() => process.kill(-child.pid!, 'SIGINT'));
    });
    child.once('exit', () => {
      // npm may exit before the node it started has closed its store: wait for the whole group, so
      // the caller's clean-up never removes a data directory still in use.
      void groupGone(child.pid!).then(() =>
        status === 200 ? resolve(ms) : reject(new Error(`${command} ${args.join(' ')}: /ready ${status}`)),
      );
    });
  });
}

/** Resolves once no process of the group `pgid` is left. */
async function groupGone(pgid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** 10,000 distinct REST charts against the service with metrics, and without, alternating. */
export async function metricsOverheadSection(): Promise<string> {
  log('metrics on the hot path…');
  const amount = QUICK ? 1000 : 10_000;
  const time = async (mode: 'on' | 'off') => {
    const child = await startChild(
      ['--import', 'tsx', 'bench/metrics-service.ts', mode],
      {},
      /Listening on (http:\/\/\S+)/,
    );
    const key = child.stdout.find((l) => l.startsWith('key '))!.slice(4);
    const warm = await autocannonAmount(child.url, key, 500);
    void warm;
    const r = await autocannonAmount(child.url, key, amount);
    await child.stop();
    return r;
  };
  const on: number[] = [];
  const off: number[] = [];
  for (let round = 0; round < 2; round++) {
    off.push(await time('off'));
    on.push(await time('on'));
  }
  return `## Metrics on the hot path (${amount} REST charts, distinct births, 50 connections; best of 2 each, same run)

| Service | seconds for ${amount} charts |
|---|---|
| without metrics (no registry) | ${fmt(Math.min(...off) / 1000, 2)} |
| with metrics (prom-client) | ${fmt(Math.min(...on) / 1000, 2)} |

With metrics the same work takes **${fmt(Math.min(...on) / Math.min(...off), 3)}x** the time without.
`;
}

async function autocannonAmount(url: string, key: string, amount: number): Promise<number> {
  const t = performance.now();
  const r = await autocannon({
    url,
    amount,
    connections: 50,
    requests: distinctCharts(key),
  });
  if (r.non2xx + r.errors > 0) throw new Error(`${r.non2xx} non-2xx and ${r.errors} errors`);
  return performance.now() - t;
}

const SECTIONS: Record<string, () => Promise<string>> = {
  scale: scaleOutSection,
  meter: meteredWriteSection,
  cold: coldStartSection,
  startup: startupSection,
  metrics: metricsOverheadSection,
};

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const pick = process.argv.slice(2);
  for (const name of pick.length ? pick : Object.keys(SECTIONS))
    process.stdout.write(`${await SECTIONS[name]!()}\n`);
}
