/**
 * JSON snapshots of the public surface, stored as pretty JSON beside the tests that own them. A
 * snapshot that is missing or differs FAILS with a line diff; nothing is written unless the run asks
 * for it: `UPDATE_SNAPSHOTS=1 npx vitest run test/surface` rewrites them, and the diff then shows in
 * review what changed on the surface.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { expect } from 'vitest';

const UPDATE = process.env.UPDATE_SNAPSHOTS === '1';
const ROOT = join(import.meta.dirname, '../..');

/** Pretty JSON with a final newline; JSON.parse(JSON.stringify()) semantics (undefined dropped). */
export const prettyJson = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Compares `value` with the stored snapshot `dir/__snapshots__/name.json`. With UPDATE_SNAPSHOTS=1 it
 * writes the file instead (only when it changed) and passes.
 */
export function expectJsonSnapshot(dir: string, name: string, value: unknown): void {
  const file = join(dir, '__snapshots__', `${name}.json`);
  const shown = relative(ROOT, file);
  const actual = prettyJson(value);
  if (UPDATE) {
    if (!existsSync(file) || readFileSync(file, 'utf8') !== actual) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, actual);
    }
    return;
  }
  if (!existsSync(file)) {
    expect.fail(
      `Snapshot ${shown} is missing. Review the value, then write it with: UPDATE_SNAPSHOTS=1 npx vitest run test/surface`,
    );
  }
  const stored = readFileSync(file, 'utf8');
  // Strings compare line by line, so a failure prints a readable diff of the pretty JSON.
  expect(
    actual,
    `Snapshot ${shown} differs (- stored, + now). If the change is intended: UPDATE_SNAPSHOTS=1 npx vitest run test/surface`,
  ).toBe(stored);
}

/**
 * Like expectJsonSnapshot for text that is worth opening as a file (an SVG to look at): stored as
 * `dir/__snapshots__/name` with a line break before each tag, so the diff shows which elements
 * changed. The stored file is still a valid SVG.
 */
export function expectTextSnapshot(dir: string, name: string, value: string): void {
  const file = join(dir, '__snapshots__', name);
  const shown = relative(ROOT, file);
  const actual = `${value.replace(/></g, '>\n<')}\n`;
  if (UPDATE) {
    if (!existsSync(file) || readFileSync(file, 'utf8') !== actual) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, actual);
    }
    return;
  }
  if (!existsSync(file)) {
    expect.fail(
      `Snapshot ${shown} is missing. Review it, then write it with: UPDATE_SNAPSHOTS=1 npx vitest run <this test file>`,
    );
  }
  expect(
    actual,
    `Snapshot ${shown} differs (- stored, + now). If the change is intended: UPDATE_SNAPSHOTS=1 npx vitest run <this test file>`,
  ).toBe(readFileSync(file, 'utf8'));
}
