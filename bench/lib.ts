import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const ROOT = join(import.meta.dirname, '..');

/** p-th percentile (0-100) of a list of numbers, nearest-rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

export const median = (values: number[]): number => percentile(values, 50);

/** Median over `rounds` of microseconds per call of `fn` over `items` (after a warm-up pass). */
export function perItem<T>(items: readonly T[], fn: (item: T) => unknown, rounds = 5): number {
  for (const item of items.slice(0, 200)) fn(item);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    for (const item of items) fn(item);
    times.push(((performance.now() - start) * 1000) / items.length);
  }
  return median(times);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A distinct local birth per index: 7-minute steps from 1950-01-01 00:00, cycling over `places`. */
export function distinctBirth(
  i: number,
  places: readonly string[],
): { birthDate: string; birthTime: string; birthLocation: string } {
  const d = new Date(Date.UTC(1950, 0, 1) + i * 7 * 60_000);
  return {
    birthDate: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    birthTime: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
    birthLocation: places[i % places.length]!,
  };
}

/** Times `fn` over `n` calls after a warm-up; returns per-call microseconds. */
export function timeCalls(n: number, fn: (i: number) => unknown): number[] {
  for (let i = 0; i < Math.min(200, n); i++) fn(i);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    fn(i);
    out.push(Number(process.hrtime.bigint() - t) / 1000);
  }
  return out;
}

/**
 * Like timeCalls, but each call in its own turn of the event loop, as a service runs each request:
 * what a call leaves to finalizers (native buffers freed when V8 finalizes their objects) is freed
 * before the next one, as between two requests.
 */
export async function timeTasks(n: number, fn: (i: number) => unknown): Promise<number[]> {
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  for (let i = 0; i < Math.min(200, n); i++) {
    fn(i);
    await nextTurn();
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    fn(i);
    out.push(Number(process.hrtime.bigint() - t) / 1000);
    await nextTurn();
  }
  return out;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const r = await autocannon({ connections: 50, duration: 10, ...options });
  // A run whose answers failed measures the failure path: never let it pass for a throughput.
  if (r.errors + r.timeouts + r.non2xx > 0) {
    throw new Error(
      `${options.method ?? 'GET'} ${String(options.url)}: ${r.non2xx} non-2xx answers and ${r.errors + r.timeouts} errors under load`,
    );
  }
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

export interface Child {
  url: string;
  stdout: string[];
  pid: number;
  /** Sends a signal to the child (e.g. SIGUSR2 for the CPU profile hook). */
  signal(name: NodeJS.Signals): void;
  stop(): Promise<void>;
}

/** Starts a node script as a child process and waits for the line that names its URL. */
export function startChild(
  args: string[],
  env: Record<string, string>,
  urlPattern: RegExp,
): Promise<Child & { ms: number }> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stdout: string[] = [];
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (c: Buffer) => {
      buf += c.toString();
      const lines = buf.split('\n');
      buf = lines.pop()!;
      for (const line of lines) {
        stdout.push(line);
        const m = urlPattern.exec(line);
        if (m) {
          resolve({
            url: m[1]!,
            stdout,
            pid: child.pid!,
            ms: performance.now() - started,
            signal: (name) => child.kill(name),
            stop: () =>
              new Promise((done) => {
                child.once('exit', () => done());
                child.kill('SIGTERM');
              }),
          });
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

/** The built service on an embedded store (fresh unless `dataDir` is given); its URL and first-start key. */
export async function startService(
  extraEnv: Record<string, string> = {},
  dataDir: string = mkdtempSync(join(tmpdir(), 'chart-bench-')),
  nodeArgs: string[] = [],
): Promise<Child & { key: string; ms: number; dataDir: string; cleanup(): void }> {
  const child = await startChild(
    [...nodeArgs, 'dist/src/main.js', 'serve'],
    { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ...extraEnv },
    /Listening on (http:\/\/\S+)/,
  );
  // The first start leaves its key in a 0600 file (a restart on an existing store creates none).
  const keyFile = join(dataDir, 'initial-api-key.txt');
  const key = existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : '';
  return { ...child, key, dataDir, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/**
 * The built service once its start-up work is over: the knowledge base loads into the store in the
 * background after the listener opens, and load measured meanwhile (or an in-process measure taken
 * beside it) would share the cores with it. `/ready` answers 200 once that work and the start-up
 * memory release are done (a SAGE answer could come before the release, and memory read then would
 * hold what the release gives back); the SAGE question then checks it answers.
 */
export async function startSettledService(
  ...args: Parameters<typeof startService>
): ReturnType<typeof startService> {
  const svc = await startService(...args);
  await untilReady(svc.url);
  const res = await fetch(`${svc.url}/api/sage?q=${encodeURIComponent('What is a profile?')}`, {
    headers: { authorization: `Bearer ${svc.key}` },
  });
  if (res.status !== 200) throw new Error(`service did not settle: SAGE answered ${res.status}`);
  return svc;
}

/**
 * Resolves with /ready's first 200, asking every 10 ms: it answers 503 `starting` until the start-up
 * work has settled (the knowledge checked, SAGE's catalog built, the start-up memory released).
 */
export async function untilReady(url: string, timeoutMs = 60_000): Promise<void> {
  const end = performance.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${url}/ready`);
    await res.arrayBuffer();
    if (res.status === 200) return;
    if (res.status !== 503 || performance.now() > end) throw new Error(`${url}/ready: ${res.status}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const fmt = (n: number, digits = 1): string => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
