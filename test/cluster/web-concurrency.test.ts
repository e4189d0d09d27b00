/**
 * WEB_CONCURRENCY: one `serve` with WEB_CONCURRENCY=2 on PostgreSQL runs two service processes on one
 * port (node:cluster): requests reach both (two process ids on /metrics), METRICS_PORT on
 * the primary answers the two processes' counters summed, and SIGTERM to the primary drains both and
 * exits 0. With the embedded store it refuses in one line and exit 1 (one process per data directory).
 */
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, PRODUCTS } from '../../src/store/index.js';
import { until } from '../helpers/cluster.js';
import { startPostgres, type TempPostgres } from '../helpers/postgres.js';
import { freePort } from '../helpers/ports.js';

const ROOT = join(import.meta.dirname, '../..');
const TOKEN = 'web-concurrency-metrics-token';
let pg: TempPostgres;
let dir: string;

beforeAll(async () => {
  pg = await startPostgres();
  dir = mkdtempSync(join(tmpdir(), 'web-concurrency-'));
}, 60_000);
afterAll(() => {
  pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** One request on a connection of its own (the cluster hands each new connection to the next process). */
function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, agent: false },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

const metric = (text: string, name: string, labels = ''): number[] =>
  text
    .split('\n')
    .filter((l) => l.startsWith(name) && l.includes(labels))
    .map((l) => Number(l.split(' ').pop()));

describe('WEB_CONCURRENCY', () => {
  it('runs two processes on one port, aggregates METRICS_PORT, and drains both on SIGTERM', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
      cwd: ROOT,
      env: {
        ...process.env,
        WEB_CONCURRENCY: '2',
        DATABASE_URL: pg.url,
        DATA_DIR: dir,
        PORT: String(port),
        METRICS_TOKEN: TOKEN,
        METRICS_PORT: String(metricsPort),
        WORKERS: '1',
        SHUTDOWN_DRAIN_MS: '500',
        LOG_LEVEL: 'warn',
      },
    });
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    try {
      await until('both processes listening', () => (out.match(/Listening on/g) ?? []).length === 2, 90_000);
      const store = await openStore({ databaseUrl: pg.url, dataDir: 'memory://' });
      const { key } = await store.keys.create({ name: 'wc', products: PRODUCTS });
      await store.close();
      const url = `http://127.0.0.1:${port}`;
      const auth = { Authorization: `Bearer ${TOKEN}` };
      // New connections go to the processes in turn: both answer.
      const pids = new Set<string>();
      for (let i = 0; i < 20 && pids.size < 2; i++) {
        const res = await request(`${url}/metrics`, { headers: auth });
        pids.add(/^chart_process_info\{pid="(\d+)"\} 1$/m.exec(res.text)![1]!);
      }
      expect(pids.size).toBe(2);
      expect(pids.has(String(child.pid))).toBe(false);
      for (let i = 0; i < 10; i++) {
        const res = await fetch(`${url}/api/chart`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${key}`,
            'Content-Type': 'application/json',
            Connection: 'close',
          },
          body: JSON.stringify({
            birthDate: '1970-01-01',
            birthTime: `10:${10 + i}`,
            birthLocation: 'Oslo, Norway',
          }),
        });
        expect(res.status).toBe(200);
      }
      const summed = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: auth });
      expect(summed.status).toBe(200);
      const text = await summed.text();
      expect(
        metric(text, 'chart_http_requests_total', 'operation="generate_chart",surface="rest",status="200"'),
      ).toEqual([10]);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(401);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  }, 150_000);

  it('refuses more than one process on the embedded store, in one line, exit 1', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
      cwd: ROOT,
      env: { ...process.env, WEB_CONCURRENCY: '3', DATABASE_URL: '', DATA_DIR: dir, PORT: '0' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      'WEB_CONCURRENCY=3 needs DATABASE_URL: the embedded store allows one process per data directory\n',
    );
    expect(r.stdout).toBe('');
  }, 60_000);
});
