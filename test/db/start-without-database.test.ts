/**
 * A service started while its PostgreSQL is down stays up and becomes ready without a restart
 * (issue: a process started during a database outage exited after 0.5 s with a raw ECONNREFUSED
 * stack, so an orchestrator's restart during a blip turned a slow service into a down one).
 * A real PostgreSQL (Debian's package) is created and stopped before it was ever migrated; the
 * service process (`serve`) starts against it: /health 200, /ready 503 naming the reason, a request
 * 503 with Retry-After, one JSON log line naming the database without its password (and no warning
 * per refused request or readiness check); the database
 * starts: the service migrates and is ready within 10 s, answers a chart, and counts exactly one unit.
 * And DATABASE_WAIT_MS bounds the wait: the process exits with status 1 once it passes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeRuntimeNotice } from '../../src/app/node-runtime.js';
import { openStore, PRODUCTS, type Store } from '../../src/store/index.js';
import { type ServiceProcess, startServiceProcess, unitsOfKey, until } from '../helpers/cluster.js';
import { startPostgres, type TempPostgres } from '../helpers/postgres.js';
import { freePort } from '../helpers/ports.js';

const PASSWORD = 'not-in-any-log-7Qx';

let pg: TempPostgres;
let dir: string;
let proc: ServiceProcess | undefined;
let admin: Store | undefined;
let url: string;

beforeAll(async () => {
  pg = await startPostgres();
  pg.pause();
  // Trust authentication ignores the password; it is there to prove no log line carries it.
  url = pg.url.replace('postgres@', `postgres:${PASSWORD}@`);
  dir = mkdtempSync(join(tmpdir(), 'start-without-db-'));
}, 120_000);

afterAll(async () => {
  proc?.child.kill('SIGKILL');
  await proc?.exited;
  await admin?.close();
  pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const logLines = (p: ServiceProcess) =>
  p
    .log()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('a start while the database is down', () => {
  it('serves 503 until the database answers, then migrates and serves without a restart', async () => {
    proc = await startServiceProcess(await freePort(), {
      DATABASE_URL: url,
      DATA_DIR: join(dir, 'a'),
      LOG_LEVEL: 'info',
    });
    expect((await fetch(`${proc.url}/health`)).status).toBe(200);
    const ready = await fetch(`${proc.url}/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { status: string }).status).toBe('database unreachable');
    const chart = await fetch(`${proc.url}/api/chart`, {
      method: 'POST',
      headers: { Authorization: 'Bearer csk_whatever', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        birthDate: '1990-06-22',
        birthTime: '14:30',
        birthLocation: 'Lisbon, Portugal',
      }),
    });
    expect(chart.status).toBe(503);
    expect(Number(chart.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await chart.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');

    // A balancer's checks meanwhile: each an expected 503, none a warning of its own.
    for (let i = 0; i < 5; i++) expect((await fetch(`${proc.url}/ready`)).status).toBe(503);

    const waiting = logLines(proc).filter((l) => String(l.msg).startsWith('database unreachable at start'));
    expect(waiting).toHaveLength(1);
    // Regression (issue 37): every refusal and readiness check was a warning of its own (33 lines at
    // a cold start against the one warning documented).
    // (On Node 20 the start also warns of its end of life, whatever the database.)
    const runtimeNotice = nodeRuntimeNotice(process.versions.node);
    expect(logLines(proc).filter((l) => Number(l.level) >= 40 && l.msg !== runtimeNotice)).toEqual(waiting);
    expect(waiting[0]).toMatchObject({ level: 40, databaseHost: '127.0.0.1', databaseName: 'postgres' });
    expect(proc.log()).not.toContain(PASSWORD);
    // Every line on stderr is a JSON log line (no raw stack printed by a crash).
    expect(
      proc
        .log()
        .split('\n')
        .filter((l) => l && !l.startsWith('{')),
    ).toEqual([]);

    pg.resume();
    const t = Date.now();
    await until('ready', async () => (await fetch(`${proc!.url}/ready`)).status === 200, 10_000);
    expect(Date.now() - t).toBeLessThan(10_000);
    expect(logLines(proc).some((l) => l.msg === 'database reached: migrated and ready')).toBe(true);

    admin = await openStore({ databaseUrl: pg.url, dataDir: 'memory://' });
    const { key } = await admin.keys.create({ name: 'after the outage', products: PRODUCTS });
    const ok = await fetch(`${proc.url}/api/chart`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        birthDate: '1990-06-22',
        birthTime: '14:30',
        birthLocation: 'Lisbon, Portugal',
      }),
    });
    expect(ok.status).toBe(200);
    await until('the unit counted', async () => (await unitsOfKey(admin!, key)) === 1, 5000);
    expect(proc.log()).not.toContain(PASSWORD);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    proc = undefined;
  }, 60_000);

  it('gives up after DATABASE_WAIT_MS, exiting with status 1', async () => {
    pg.pause();
    try {
      proc = await startServiceProcess(await freePort(), {
        DATABASE_URL: url,
        DATA_DIR: join(dir, 'b'),
        LOG_LEVEL: 'info',
        DATABASE_WAIT_MS: '5000', // longer than a start under load takes to listen
      });
      expect((await fetch(`${proc.url}/health`)).status).toBe(200);
      expect(await proc.exited).toBe(1);
      expect(
        logLines(proc).some((l) => String(l.msg).startsWith('database still unreachable: giving up')),
      ).toBe(true);
      proc = undefined;
    } finally {
      pg.resume();
    }
  }, 60_000);
});
