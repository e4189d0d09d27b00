/**
 * The Node releases the service runs on (issue 39). oidc-provider 9, which serves OAuth, prints
 * "Unsupported runtime. Use Node.js v22.x LTS, or a later LTS release." when it is loaded on a Node
 * whose LTS codename sorts before "Jod" (22): its lib/index.js compares `process.release.lts`. Node 20
 * ("Iron") reached its end of life on 2026-04-30 and gets the line; 22 and 24 must not. CI runs this
 * tier on the machine's Node and on Node 24 (scripts/node24-tiers.sh); the Node 22 of the outside
 * clients (test/e2e/clients) is checked on every run. package.json's `engines` names each of them.
 * The service holds the library's plain-text line back (src/oauth/runtime-notice.ts) and says it as
 * a JSON log line of its own: a started service's stderr is JSON from its first line to its last.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUTSIDE_CLIENTS, requireOutsideClients } from '../helpers/outside-clients.js';

const ROOT = join(import.meta.dirname, '../..');
const UNSUPPORTED = 'Unsupported runtime';

/** The major version of `node` and what loading oidc-provider on it prints to stderr. */
function loadOidcProvider(node: string): { major: number; stderr: string } {
  const r = spawnSync(
    node,
    [
      '--input-type=module',
      '-e',
      "await import('oidc-provider'); console.log(process.versions.node.split('.')[0])",
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  expect(r.status, r.stderr).toBe(0);
  return { major: Number(r.stdout.trim()), stderr: r.stderr };
}

const engines = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }
).engines.node;

describe('the Node this tier runs on', () => {
  it('loads oidc-provider without "Unsupported runtime" from 22 on, and with it on 20 (past its end of life)', () => {
    const { major, stderr } = loadOidcProvider(process.execPath);
    if (major >= 22) expect(stderr).not.toContain(UNSUPPORTED);
    else expect(stderr).toContain(UNSUPPORTED);
  });

  it('is a major that package.json engines names', () => {
    expect(engines.split('||').map((range) => range.trim().match(/^\^(\d+)\./)?.[1])).toContain(
      process.versions.node.split('.')[0],
    );
  });
});

describe('Node 22 (the outside clients’ binary)', () => {
  it('loads oidc-provider without "Unsupported runtime"', () => {
    requireOutsideClients();
    const { major, stderr } = loadOidcProvider(OUTSIDE_CLIENTS.node);
    expect(major).toBe(22);
    expect(stderr).not.toContain(UNSUPPORTED);
  });
});

/**
 * Everything a `serve` process writes to stderr from its start until SIGTERM, after an OAuth request
 * (the library loads on the first one).
 */
async function serveStderr(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'chart-node-runtime-'));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'info', SHUTDOWN_DRAIN_MS: '0' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const listening = /Listening on (http:\/\/[^/\s]+)/.exec(chunk.toString());
        if (listening) resolve(listening[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${stderr}`)));
    });
    expect((await fetch(`${url}/oauth/jwks`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    return stderr;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the service on this Node', () => {
  it('logs JSON lines only, with its own warning where oidc-provider would print "Unsupported runtime"', async () => {
    const lines = (await serveStderr()).split('\n').filter(Boolean);
    const records = lines.map((line) => {
      try {
        return JSON.parse(line) as { level: number; msg: string; node?: string };
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
    });
    expect(lines.join('\n')).not.toContain(UNSUPPORTED);
    const runtimeWarnings = records.filter((r) => r.level === 40 && r.node === process.versions.node);
    const major = Number(process.versions.node.split('.')[0]);
    if (major >= 22) expect(runtimeWarnings).toEqual([]);
    else {
      expect(runtimeWarnings).toHaveLength(1);
      expect(runtimeWarnings[0]!.msg).toContain(`Node ${major} reached its end of life`);
    }
  }, 60_000);
});
