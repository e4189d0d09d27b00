/**
 * The operator interface as the README documents it, run as real processes: `keys create|list|revoke|
 * usage` on the embedded store, the first start on an empty store writing one full-access key that
 * works to DATA_DIR/initial-api-key.txt (mode 0600; stdout names the file, never the key), the
 * one-process-per-data-directory lock, and SIGTERM ending the process cleanly.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'chart-cli-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const env = () => ({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  PORT: '0',
  SHUTDOWN_DRAIN_MS: '0',
});
const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: ROOT,
    env: env(),
    encoding: 'utf8',
  });

function startServer(): Promise<{ child: ChildProcess; url: string; lines: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    cwd: ROOT,
    env: env(),
  });
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      const parts = buf.split('\n');
      buf = parts.pop()!;
      for (const line of parts) {
        lines.push(line);
        const m = /Listening on (http:\/\/\S+)/.exec(line);
        if (m) resolve({ child, url: m[1]!.replace(/\/$/, ''), lines });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited early with ${code}`)));
  });
}

describe('first start and lifecycle', () => {
  it('writes one full-access key to a 0600 file on an empty store; it works; SIGTERM exits 0; no second key later', async () => {
    const first = await startServer();
    const keyFile = join(dataDir, 'initial-api-key.txt');
    const key = readFileSync(keyFile, 'utf8').trim();
    expect(key).toMatch(/^csk_[A-Za-z0-9_-]{32}$/);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(first.lines.some((l) => l.includes(keyFile))).toBe(true);
    expect(first.lines.join('\n')).not.toContain(key);
    const res = await fetch(`${first.url}/api/validate-location`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ birthLocation: 'Montréal' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { resolved: { timezone: string } }).resolved.timezone).toBe(
      'America/Toronto',
    );

    const locked = cli('keys', 'list');
    expect(locked.status).toBe(2);
    expect(locked.stderr).toMatch(/in use by process/);

    const exited = new Promise<number | null>((r) => first.child.once('exit', r));
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);

    rmSync(keyFile);
    const second = await startServer();
    expect(second.lines.some((l) => l.includes('initial-api-key'))).toBe(false);
    expect(() => statSync(keyFile)).toThrow();
    const done = new Promise<number | null>((r) => second.child.once('exit', r));
    second.child.kill('SIGTERM');
    expect(await done).toBe(0);
  }, 120_000);
});

describe('keys CLI', () => {
  it('create prints the key alone on the last line; list, usage and revoke work', () => {
    const created = cli(
      'keys',
      'create',
      '--name',
      'partner',
      '--products',
      'basic_chart,sage_api',
      '--chart-limit',
      '100',
    );
    expect(created.status).toBe(0);
    const lines = created.stdout.trim().split('\n');
    const key = lines[lines.length - 1]!;
    expect(key).toMatch(/^csk_[A-Za-z0-9_-]{32}$/);

    const list = cli('keys', 'list');
    expect(list.status).toBe(0);
    const row = list.stdout.split('\n').find((l) => l.includes('"partner"'))!;
    expect(row).toContain('basic_chart,sage_api');
    expect(row).toContain('chart-limit=100');
    expect(row).toContain(key.slice(0, 12));
    expect(row).not.toContain(key);

    expect(cli('keys', 'usage').status).toBe(0);
    const id = row.split('\t')[0]!;
    expect(cli('keys', 'revoke', id).status).toBe(0);
    expect(
      cli('keys', 'list')
        .stdout.split('\n')
        .find((l) => l.startsWith(id)),
    ).toMatch(/revoked/);
    expect(cli('keys', 'revoke', id).status).toBe(2);
  }, 60_000);

  it('rejects bad arguments with a usage message', () => {
    const r = cli('keys', 'create', '--name', 'x', '--products', 'gold');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/basic_chart, advanced_chart, sage_api/);
    expect(cli('keys', 'frobnicate').status).toBe(2);
  });
});
