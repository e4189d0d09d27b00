/**
 * The embedded store's directory lock (store/dir-lock.ts) taken by processes at the same moment, as
 * two desktop hosts starting at login do (issue 37): exactly one may win, and every other names the
 * winner, whether the directory had no lock, a stale one left by a process that is gone, or an empty
 * one. Before, a lock read while still empty was taken for stale and removed, and two processes that
 * both found a lock stale could each remove it, the second removing the first one's new lock: both
 * would then open PGlite on one directory.
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const LOCK_MODULE = join(import.meta.dirname, '../../src/store/dir-lock.ts');
const CONTENDERS = 6;
const ROUNDS = 15;

/**
 * A process that, at each `go` line, tries to lock the directory and answers `won` or
 * `locked <pid>`; a winner releases at `release`.
 */
const CONTENDER = `
import { createInterface } from 'node:readline';
const { lockDir, DirLockedError } = await import(${JSON.stringify(LOCK_MODULE)});
const dir = process.argv[1];
let release = null;
console.log('ready');
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'release') { release?.(); release = null; console.log('released'); continue; }
  try {
    release = await lockDir(dir, 'service.lock');
    console.log('won');
  } catch (e) {
    console.log(e instanceof DirLockedError ? 'locked ' + e.pid : 'error ' + e.message);
  }
}
`;

interface Contender {
  child: ChildProcessWithoutNullStreams;
  next(): Promise<string>;
}

function contender(dir: string): Contender {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CONTENDER, dir], {
    cwd: join(import.meta.dirname, '../..'),
  });
  child.stderr.resume();
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    const w = waiting.shift();
    if (w) w(line);
    else lines.push(line);
  });
  return {
    child,
    next: () => {
      const line = lines.shift();
      return line !== undefined ? Promise.resolve(line) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

let dir: string;
let contenders: Contender[];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'chart-lock-'));
  contenders = Array.from({ length: CONTENDERS }, () => contender(dir));
  for (const c of contenders) expect(await c.next()).toBe('ready');
});
afterAll(() => {
  for (const c of contenders ?? []) c.child.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** Every contender tries at once; the answers, by contender. */
async function round(): Promise<string[]> {
  for (const c of contenders) c.child.stdin.write('go\n');
  return Promise.all(contenders.map((c) => c.next()));
}

/** A pid no process has any more. */
function deadPid(): number {
  const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
  return gone;
}

const lockFile = () => join(dir, 'service.lock');

describe.each([
  ['no lock', () => {}],
  ['a stale lock', () => writeFileSync(lockFile(), String(deadPid()))],
  ['an empty lock', () => writeFileSync(lockFile(), '')],
])('processes locking one directory at the same moment, over %s', (_name, before) => {
  it(`lets exactly one win, ${ROUNDS} times out of ${ROUNDS}`, async () => {
    for (let n = 0; n < ROUNDS; n++) {
      before();
      const answers = await round();
      const winners = answers.flatMap((a, i) => (a === 'won' ? [i] : []));
      expect(winners, answers.join(', ')).toHaveLength(1);
      const winner = contenders[winners[0]!]!;
      expect(readFileSync(lockFile(), 'utf8')).toBe(String(winner.child.pid));
      for (const a of answers.filter((x) => x !== 'won')) expect(a).toBe(`locked ${winner.child.pid}`);
      winner.child.stdin.write('release\n');
      expect(await winner.next()).toBe('released');
      expect(existsSync(lockFile())).toBe(false);
    }
  });
});
