/**
 * Test tiers by folder (docs/decisions.md, Tests): every test file lives in one tier, so
 * `npm run test:fast` (core + surface), `test:sweep`, `test:e2e`, `test:db`, `test:cluster` and `test:browser` together run
 * them all,
 * and `test/fixtures` and `test/helpers` hold no tests. A test file added elsewhere fails here with
 * the tier it should move to.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const TEST_ROOT = join(import.meta.dirname, '..');

/** Tier folder -> what belongs there. */
const TIERS: Record<string, string> = {
  core: 'pure unit and golden tests of src/core and the operation helpers (and tool run() without a server)',
  surface: 'registry, layering, schemas, test tiers: no server',
  sweep:
    'slow property sweeps over thousands of seeded instants, the full counts of checks the fast tier samples, and checks that start processes',
  e2e: 'the service over real HTTP and MCP',
  db: 'real PostgreSQL (with pgvector)',
  cluster: 'service processes behind HAProxy on one PostgreSQL, and WEB_CONCURRENCY',
  browser: "pages in Debian's Chromium (puppeteer-core)",
};
const SUPPORT = ['fixtures', 'helpers'];
/** The fast tier (`npm run test:fast`) runs without a server: these folders start none. */
const FAST = ['core', 'surface'];
/** What starts a service, a listener or a database server. */
const STARTS_A_SERVER = [
  /from '[./]*helpers\/(service|mcp|postgres|cluster)\.js'/,
  /from '[./]*src\/app\/(service|http-app)\.js'/,
  /\bcreateServer\(/,
  /\.listen\(/,
];
/** What starts a process: seconds of start-up per file (a fresh Node with tsx), so not in the fast tier. */
const STARTS_A_PROCESS = /from ["']node:child_process["']/;
/** What changes state another file of the same worker would see (the fast tier shares modules). */
const SHARED_STATE = /\bvi\.(mock|doMock|spyOn|stubGlobal|stubEnv|useFakeTimers)\(/;

function files(dir: string): string[] {
  // test/e2e/clients/node_modules: the outside clients' installed packages, not tests of ours.
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'node_modules'
        ? []
        : files(join(dir, e.name))
      : [relative(TEST_ROOT, join(dir, e.name))],
  );
}

describe('test tiers', () => {
  const all = files(TEST_ROOT).map((f) => f.split('\\').join('/'));

  it('every test file sits in a tier folder', () => {
    const outside = all.filter((f) => f.endsWith('.test.ts') && !(f.split('/')[0]! in TIERS));
    expect(outside, `move them to one of: ${Object.keys(TIERS).join(', ')}`).toEqual([]);
  });

  it('fixtures and helpers hold no tests, and nothing else sits at the top of test/', () => {
    const top = new Set(all.map((f) => f.split('/')[0]!));
    expect([...top].sort()).toEqual([...Object.keys(TIERS), ...SUPPORT].sort());
    expect(all.filter((f) => SUPPORT.includes(f.split('/')[0]!) && f.endsWith('.test.ts'))).toEqual([]);
  });

  it('the fast tier starts no service, listener or database server', () => {
    const fast = all.filter((f) => FAST.includes(f.split('/')[0]!) && f.endsWith('.ts'));
    expect(fast.length).toBeGreaterThan(20);
    for (const f of fast) {
      const text = readFileSync(join(TEST_ROOT, f), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const pattern of STARTS_A_SERVER)
        expect(text, `${f} starts a server (${pattern}): move it to test/e2e`).not.toMatch(pattern);
    }
  });

  it('the fast tier starts no process (the sweep and e2e tiers hold the tests that do)', () => {
    const fast = all.filter((f) => FAST.includes(f.split('/')[0]!) && f.endsWith('.ts'));
    for (const f of fast)
      expect(
        readFileSync(join(TEST_ROOT, f), 'utf8'),
        `${f} starts a process: move it to test/sweep`,
      ).not.toMatch(STARTS_A_PROCESS);
  });

  it('the fast tier changes no shared state (its files share one module graph per worker)', () => {
    const fast = all.filter((f) => FAST.includes(f.split('/')[0]!) && f.endsWith('.ts'));
    for (const f of fast) expect(readFileSync(join(TEST_ROOT, f), 'utf8'), f).not.toMatch(SHARED_STATE);
  });
});
