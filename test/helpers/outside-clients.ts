import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The outside MCP clients the e2e tier drives (the official conformance suite and the Inspector CLI),
 * installed in test/e2e/clients with the Node 22 they require (the root `prepare` script runs
 * `npm ci --prefix test/e2e/clients`, so `npm ci` installs them). They live apart so that their
 * Node binary never shadows the machine's Node (test/helpers/node24 holds Node 24 the same way).
 */
const ROOT = join(import.meta.dirname, '..', 'e2e', 'clients');
const NODE = join(ROOT, 'node_modules', 'node', 'bin', 'node');

export const OUTSIDE_CLIENTS = {
  node: NODE,
  inspector: join(
    ROOT,
    'node_modules',
    '@modelcontextprotocol',
    'inspector',
    'clients',
    'cli',
    'build',
    'index.js',
  ),
  conformance: join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js'),
};

/** Fails with the command to run when the clients are not installed (a skipped check could not fail). */
export function requireOutsideClients(): void {
  for (const path of Object.values(OUTSIDE_CLIENTS))
    if (!existsSync(path))
      throw new Error(`${path} is missing: run \`npm ci\` (its prepare script installs test/e2e/clients)`);
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one of the clients' scripts on Node 22; resolves with its exit code and output. */
export function runOnNode22(script: string, args: string[], timeoutMs = 120_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      NODE,
      [script, ...args],
      {
        timeout: timeoutMs,
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, NO_COLOR: '1', CI: '1', MCP_INSPECTOR_SECRET_STORE: 'memory' },
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
