/**
 * Snapshot files stay small enough to review: none is over 100 KB (100,000 bytes), so a surface
 * change shows as the diff of the one tool, path or schema it touches rather than as a hunk inside a
 * file too large to read (the per-tool toolsnaps of github/github-mcp-server are the model; see
 * test/e2e/snapshots.test.ts and docs/decisions.md, Tests).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const TEST_ROOT = join(import.meta.dirname, '..');
const MAX_BYTES = 100_000;

/** Every file inside a `__snapshots__` folder under test/. */
function snapshotFiles(dir: string, inside = false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    // The outside clients' installed packages (test/e2e/clients/node_modules) are not ours.
    if (e.isDirectory() && e.name === 'node_modules') return [];
    if (e.isDirectory()) return snapshotFiles(path, inside || e.name === '__snapshots__');
    return inside ? [path] : [];
  });
}

describe('snapshot files', () => {
  it(`are each at most ${MAX_BYTES.toLocaleString('en-US')} bytes`, () => {
    const files = snapshotFiles(TEST_ROOT);
    expect(files.length).toBeGreaterThan(50);
    const large = files
      .map((f) => [relative(TEST_ROOT, f), statSync(f).size] as const)
      .filter(([, bytes]) => bytes > MAX_BYTES);
    expect(large, 'split these snapshots (one file per tool, path or schema)').toEqual([]);
  });
});
