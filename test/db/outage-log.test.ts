/**
 * What a database outage writes to the log (issue 37: "logs that page people for nothing"). A 10-s
 * outage of a real PostgreSQL, with a client sending what a balancer and its users would (/ready every
 * second, charts of a known key, SAGE questions, a chart of a key the process never saw, an MCP
 * query_sage), once wrote 56 warnings: one per refused request, SAGE's each with a 2 KB stack. Now
 * the outage is logged as it changes: one warning when it begins, one info line when it ends (and a
 * warning a minute while it lasts, pinned on OutageWatch with a clock of its own).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, PRODUCTS } from '../../src/store/index.js';
import { type OutageEvent, OutageWatch } from '../../src/store/outage-watch.js';
import { type ServiceProcess, startServiceProcess, until } from '../helpers/cluster.js';
import { startPostgres, type TempPostgres } from '../helpers/postgres.js';
import { connectMcp } from '../helpers/mcp.js';
import { freePort } from '../helpers/ports.js';

type LogLine = { level: number; msg: string; time: number; [field: string]: unknown };

let pg: TempPostgres;
let dir: string;
let proc: ServiceProcess | undefined;

beforeAll(async () => {
  pg = await startPostgres();
  dir = mkdtempSync(join(tmpdir(), 'outage-log-'));
}, 120_000);

afterAll(async () => {
  proc?.child.kill('SIGKILL');
  await proc?.exited;
  pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const logLines = (p: ServiceProcess): LogLine[] =>
  p
    .log()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);

describe('a 10-s PostgreSQL outage', () => {
  it('is logged as it begins and as it ends, not per refused request, and no line has a stack', async () => {
    proc = await startServiceProcess(await freePort(), {
      DATABASE_URL: pg.url,
      DATA_DIR: join(dir, 'a'),
      LOG_LEVEL: 'info',
    });
    const url = proc.url;
    await until('ready', async () => (await fetch(`${url}/ready`)).status === 200, 30_000);
    const admin = await openStore({ databaseUrl: pg.url, dataDir: 'memory://' });
    const { key } = await admin.keys.create({ name: 'outage log', products: PRODUCTS });
    await admin.close();
    const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
    let n = 0;
    const chart = (bearer = key) =>
      fetch(`${url}/api/chart`, {
        method: 'POST',
        headers: { ...headers, Authorization: `Bearer ${bearer}` },
        body: JSON.stringify({
          birthDate: '1990-06-22',
          birthTime: `12:${String(n++ % 60).padStart(2, '0')}`,
          birthLocation: 'Lisbon, Portugal',
        }),
      });
    const sage = () =>
      fetch(`${url}/api/sage`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: `What is a Saturn return? (${n++})` }),
      });
    const mcp = await connectMcp(url, key);
    // Known to this process before the outage: its charts keep answering from the usage journal.
    expect((await chart()).status).toBe(200);
    expect((await sage()).status).toBe(200);

    const before = logLines(proc).length;
    pg.pause();
    const statuses: Record<string, number[]> = { ready: [], chart: [], sage: [], unseen: [] };
    const mcpErrors: boolean[] = [];
    const start = Date.now();
    while (Date.now() - start < 10_000) {
      const [ready, known, asked, unseen, viaMcp] = await Promise.all([
        fetch(`${url}/ready`),
        chart(),
        sage(),
        chart(`csk_never_seen_${n++}`),
        mcp.callTool({ name: 'query_sage', arguments: { query: `What is a Saturn return? (${n++})` } }),
      ]);
      statuses.ready!.push(ready.status);
      statuses.chart!.push(known.status);
      statuses.sage!.push(asked.status);
      statuses.unseen!.push(unseen.status);
      mcpErrors.push((viaMcp as { isError?: boolean }).isError === true);
      await new Promise((r) => setTimeout(r, 1000));
    }
    pg.resume();
    await until('ready again', async () => (await fetch(`${url}/ready`)).status === 200, 30_000);
    // The end is logged before /ready answers 200, but the line crosses the child's stderr pipe on its
    // own time: wait for it rather than read the log at once.
    await until(
      'the end logged',
      async () => logLines(proc!).some((l) => l.msg === 'database reachable again'),
      5_000,
    );
    await mcp.close();

    // The outage was real: every check and every request needing the database was refused.
    const rounds = statuses.ready!.length;
    expect(rounds).toBeGreaterThanOrEqual(5);
    expect(statuses.ready).toEqual(Array(rounds).fill(503));
    expect(statuses.sage).toEqual(Array(rounds).fill(503));
    expect(statuses.unseen).toEqual(Array(rounds).fill(503));
    expect(mcpErrors).toEqual(Array(rounds).fill(true));
    expect(statuses.chart).toEqual(Array(rounds).fill(200));

    const during = logLines(proc).slice(before);
    expect(during.length).toBeLessThanOrEqual(3);
    expect(during.map((l) => [l.level, l.msg])).toEqual([
      [
        40,
        'database unreachable: answering 503 with Retry-After until it answers (charts of known keys keep answering)',
      ],
      [30, 'database reachable again'],
    ]);
    expect(during[0]).toMatchObject({
      databaseHost: '127.0.0.1',
      error: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(during[1]!.downForS).toBeGreaterThanOrEqual(9);
    expect(JSON.stringify(during)).not.toMatch(/stack/);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    proc = undefined;
  }, 120_000);
});

describe('OutageWatch', () => {
  it('reports down once, a reminder a minute while queries keep failing, and up once', () => {
    let now = 0;
    const events: OutageEvent[] = [];
    const watch = new OutageWatch(
      (e) => events.push(e),
      () => now,
    );
    watch.answered(now); // up while up: nothing
    now = 1_000;
    watch.failed('ECONNREFUSED');
    for (now = 1_000; now < 61_000; now += 1_000) watch.failed('ECONNREFUSED');
    now = 61_000;
    watch.failed('ECONNREFUSED'); // a minute after the first line
    now = 62_000;
    watch.failed('ECONNREFUSED');
    // A query sent before the outage was noticed proves nothing when it succeeds.
    watch.answered(500);
    expect(watch.down).toBe(true);
    now = 70_000;
    watch.answered(69_000);
    watch.answered(69_500);
    expect(events).toEqual([
      { state: 'down', error: 'ECONNREFUSED' },
      { state: 'still-down', error: 'ECONNREFUSED', downForMs: 60_000 },
      { state: 'up', downForMs: 69_000 },
    ]);
  });
});
