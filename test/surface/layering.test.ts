/**
 * The dependency direction of shared/DESIGN.md section 2 and section 11: http-bridge/MCP -> tools ->
 * core (+ store through injected deps). core imports none of the outer layers, MCP, HTTP or database
 * drivers; tools import no transport; nothing in src writes to the console. Walks the real files, so
 * a lint-disable comment cannot undo it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const imports = (file: string): string[] =>
  [
    ...readFileSync(file, 'utf8').matchAll(
      /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ].map((m) => (m[1] ?? m[2])!);

const FORBIDDEN_IN_CORE = [
  /\/(tools|resources|http-bridge|mcp|store)\//,
  /^express$/,
  /^pg$/,
  /^@modelcontextprotocol\//,
  /^@electric-sql\//,
  /\.\.\/(server|main|config|log)\.js$/,
];
const FORBIDDEN_IN_TOOLS = [/\/(http-bridge|mcp)\//, /^express$/, /^@modelcontextprotocol\//];

describe('layering', () => {
  const all = files(SRC);
  it('finds the source tree', () => expect(all.length).toBeGreaterThan(10));

  it.each(all.filter((f) => relative(SRC, f).startsWith('core/')).map((f) => [relative(SRC, f), f]))(
    'core file %s imports no outer layer',
    (_rel, file) => {
      for (const spec of imports(file)) for (const bad of FORBIDDEN_IN_CORE) expect(spec).not.toMatch(bad);
    },
  );

  it.each(all.filter((f) => relative(SRC, f).startsWith('tools/')).map((f) => [relative(SRC, f), f]))(
    'tool file %s imports no transport',
    (_rel, file) => {
      for (const spec of imports(file)) for (const bad of FORBIDDEN_IN_TOOLS) expect(spec).not.toMatch(bad);
    },
  );

  it('no console calls in src', () => {
    for (const f of all)
      expect(readFileSync(f, 'utf8'), relative(SRC, f)).not.toMatch(
        /\bconsole\.(log|error|warn|info|debug)\(/,
      );
  });
});
