/**
 * The Node releases the service runs on (issue 39). oidc-provider 9, which serves OAuth, prints
 * "Unsupported runtime. Use Node.js v22.x LTS, or a later LTS release." when it is loaded on a Node
 * whose LTS codename sorts before "Jod" (22): its lib/index.js compares `process.release.lts`. Node 20
 * ("Iron") reached its end of life on 2026-04-30 and gets the line; 22 and 24 must not. CI runs this
 * tier on the machine's Node and on Node 24 (scripts/node24-tiers.sh); the Node 22 of the outside
 * clients (test/e2e/clients) is checked on every run. package.json's `engines` names each of them.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
