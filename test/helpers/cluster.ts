import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { Store } from '../../src/store/index.js';

/**
 * The pieces of a deployment, as real processes on loopback: service processes (`src/main.ts serve`
 * under tsx, as `npm run dev` runs it) and HAProxy from Debian's package with the README's
 * configuration (deploy/haproxy.cfg), only its addresses replaced by free loopback ports.
 */

const ROOT = join(import.meta.dirname, '../..');

export interface ServiceProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** stderr so far (JSON logs), for a failing test's message. */
  log(): string;
}

/** Starts `serve` with `env` on `port` and resolves once it prints its Listening line. */
export function startServiceProcess(port: number, env: Record<string, string>): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) },
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      if (/Listening on http:/.test(buf))
        resolve({ child, port, url: `http://127.0.0.1:${port}`, exited, log: () => stderr });
    });
    void exited.then((code) => reject(new Error(`service exited early (${code}): ${stderr}`)));
  });
}

export interface Haproxy {
  url: string;
  /** Each server line's name and state (UP, DOWN, MAINT, ...), from HAProxy's stats socket. */
  servers(): Promise<Record<string, string>>;
  /** Each server line's last health check result (`L7OK`, `L7STS`, `INI` before the first, ...). */
  checkResults(): Promise<Record<string, string>>;
  /** HAProxy's warnings so far: each server going DOWN or UP and why, for a failure's message. */
  healthLog(): string;
  stop(): Promise<void>;
}

/** Sends one command to HAProxy's admin socket and returns its answer. */
function adminCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const c = connect(socket);
    let out = '';
    c.on('data', (d) => (out += d.toString()));
    c.on('end', () => resolve(out));
    c.on('error', reject);
    c.write(`${command}\n`);
  });
}

/**
 * HAProxy with deploy/haproxy.cfg, its frontend on `port` and its servers at `backends` (in the
 * file's order: app1, app2, ...), plus an admin socket in `dir` to read the servers' states.
 */
export async function startHaproxy(dir: string, port: number, backends: readonly number[]): Promise<Haproxy> {
  const socket = join(dir, 'haproxy.sock');
  let cfg = readFileSync(join(ROOT, 'deploy/haproxy.cfg'), 'utf8')
    .replace('bind 0.0.0.0:8080', `bind 127.0.0.1:${port}`)
    .replace(/^global\n/m, `global\n    stats socket ${socket} mode 600 level admin\n`);
  backends.forEach((p, i) => {
    cfg = cfg.replaceAll(`127.0.0.1:${3001 + i}`, `127.0.0.1:${p}`);
  });
  // Lines for servers this test does not start go away.
  cfg = cfg
    .split('\n')
    .filter((l) => !/127\.0\.0\.1:300\d/.test(l))
    .join('\n');
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, cfg);
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  /** One column of `show stat` for each server line, by the column's name in its header. */
  const column = async (name: string) => {
    const [header, ...lines] = (await adminCommand(socket, 'show stat')).split('\n');
    const at = header!.replace(/^# /, '').split(',').indexOf(name);
    const out: Record<string, string> = {};
    for (const line of lines) {
      const f = line.split(',');
      if (f[0] === 'chart_service' && f[1] && !['BACKEND', 'FRONTEND'].includes(f[1])) out[f[1]] = f[at]!;
    }
    return out;
  };
  const servers = () => column('status');
  for (let i = 0; ; i++) {
    try {
      await servers();
      break;
    } catch {
      if (i > 100 || child.exitCode !== null) throw new Error(`haproxy did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url: `http://127.0.0.1:${port}`,
    servers,
    // The column sometimes carries a "* " prefix while a check is running.
    checkResults: async () =>
      Object.fromEntries(
        Object.entries(await column('check_status')).map(([k, v]) => [k, v.replace(/^\* /, '')]),
      ),
    healthLog: () => stderr,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Resolves once the process answers `/ready` with 200. A process listens before it is ready (the
 * start-up memory release, SAGE's catalog); HAProxy counts a server UP until its first check, so a
 * balancer started earlier took every process out at that check (503 `starting`) and ran a burst on
 * its first backup line alone: one full run gave the processes 27 of 420 charts, and others more.
 */
export async function waitReady(proc: ServiceProcess, ms = 60_000): Promise<void> {
  await until(
    `${proc.url}/ready 200`,
    async () => (await fetch(`${proc.url}/ready`).catch(() => null))?.status === 200,
    ms,
  );
}

/**
 * Waits until each named server line is UP after a check that passed (`L7OK`): before its first
 * check HAProxy counts a server UP, which says nothing of the process behind it.
 */
export async function waitInRotation(lb: Haproxy, names: readonly string[], ms = 30_000): Promise<void> {
  await until(
    `${names.join(', ')} checked and UP`,
    async () => {
      const [states, checks] = await Promise.all([lb.servers(), lb.checkResults()]);
      return names.every((name) => states[name] === 'UP' && checks[name] === 'L7OK');
    },
    ms,
  );
}

/** Waits until `ok()` holds, checking every 100 ms; fails naming `what` after `ms`. */
export async function until(what: string, ok: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every unit the database holds for a key (all months and meters), read through an admin store. */
export async function unitsOfKey(admin: Store, key: string): Promise<number> {
  const id = (await admin.keys.list()).find((k) => key.startsWith(k.prefix))!.id;
  const r = await admin.db.query<{ n: string | null }>(
    'SELECT sum(units) AS n FROM usage WHERE key_id = $1',
    [id],
  );
  return Number(r.rows[0]!.n ?? 0);
}
