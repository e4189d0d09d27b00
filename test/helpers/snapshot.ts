/**
 * Snapshots of the public surface and of pictures, stored beside the tests that own them. A snapshot
 * that is missing or differs FAILS with a line diff, and so does a file left in a snapshot folder that
 * no entry writes any more; nothing is written unless the run asks for it: `UPDATE_SNAPSHOTS=1 npx
 * vitest run <test file>` rewrites them (and deletes the leftovers), and the diff then shows in review
 * what changed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { expect } from 'vitest';

const UPDATE = process.env.UPDATE_SNAPSHOTS === '1';
const ROOT = join(import.meta.dirname, '../..');

/** Pretty JSON with a final newline; JSON.parse(JSON.stringify()) semantics (undefined dropped). */
export const prettyJson = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** The command that rewrites the snapshots of the running test file. */
function updateCommand(): string {
  const testPath = expect.getState().testPath;
  return `UPDATE_SNAPSHOTS=1 npx vitest run ${testPath ? relative(ROOT, testPath) : '<this test file>'}`;
}

/** Compares `actual` with the stored file, or writes it (only when it changed) under UPDATE_SNAPSHOTS=1. */
function expectStored(file: string, actual: string): void {
  const shown = relative(ROOT, file);
  if (UPDATE) {
    if (!existsSync(file) || readFileSync(file, 'utf8') !== actual) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, actual);
    }
    return;
  }
  if (!existsSync(file)) {
    expect.fail(`Snapshot ${shown} is missing. Review the value, then write it with: ${updateCommand()}`);
  }
  // Strings compare line by line, so a failure prints a readable diff.
  expect(
    actual,
    `Snapshot ${shown} differs (- stored, + now). If the change is intended: ${updateCommand()}`,
  ).toBe(readFileSync(file, 'utf8'));
}

/**
 * Compares `value` with the stored snapshot `dir/__snapshots__/name.json`. With UPDATE_SNAPSHOTS=1 it
 * writes the file instead (only when it changed) and passes.
 */
export function expectJsonSnapshot(dir: string, name: string, value: unknown): void {
  expectStored(join(dir, '__snapshots__', `${name}.json`), prettyJson(value));
}

/** Every file under `root`, as paths relative to it with `/` separators. */
function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split('\\').join('/'));
}

/**
 * A folder of JSON snapshots, one file per entry: `entries` maps `name` (which may hold `/` for a
 * sub-folder) to the value stored as `dir/__snapshots__/folder/name.json`, so a change to one tool or
 * one path shows as that one file's diff. Each entry compares as expectJsonSnapshot does, and the
 * folder must hold no other file: a snapshot of a tool or path that no longer exists fails (with
 * UPDATE_SNAPSHOTS=1 it is deleted).
 */
export function expectJsonSnapshotFolder(
  dir: string,
  folder: string,
  entries: ReadonlyMap<string, unknown>,
): void {
  const root = join(dir, '__snapshots__', folder);
  const expected = new Set([...entries.keys()].map((name) => `${name}.json`));
  const stale = filesUnder(root).filter((f) => !expected.has(f));
  if (UPDATE) for (const f of stale) rmSync(join(root, f));
  else {
    expect(
      stale.map((f) => relative(ROOT, join(root, f))),
      `Snapshots with no entry any more (a removed tool or path?). Delete them, or run: ${updateCommand()}`,
    ).toEqual([]);
  }
  for (const [name, value] of entries) expectStored(join(root, `${name}.json`), prettyJson(value));
}

/**
 * Like expectJsonSnapshot for text that is worth opening as a file (an SVG to look at): stored as
 * `dir/__snapshots__/name` with a line break before each tag, so the diff shows which elements
 * changed. The stored file is still a valid SVG.
 */
export function expectTextSnapshot(dir: string, name: string, value: string): void {
  expectStored(join(dir, '__snapshots__', name), `${value.replace(/></g, '>\n<')}\n`);
}
