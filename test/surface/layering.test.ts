/**
 * The dependency direction of shared/DESIGN.md section 2 and section 11, checked on the real files
 * (a lint-disable comment cannot undo it): each folder of src/ may import only the folders below it,
 * core imports no MCP, HTTP or database driver, no file takes part in an import cycle, and nothing in
 * src writes to the console.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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

/** The folder of src/ a file belongs to ('' for the entry files at the top). */
const layerOf = (file: string): string => {
  const rel = relative(SRC, file);
  return rel.includes('/') ? rel.split('/')[0]! : '';
};

/**
 * Which folders of src/ each folder may import (its own included), lowest first. Entry files may
 * import anything; `app/` composes the service above the transports and may import every folder.
 */
const ALLOWED: Record<string, readonly string[]> = {
  core: ['core'],
  store: ['store', 'core'],
  schemas: ['schemas', 'core'],
  sage: ['sage', 'store', 'core'],
  operations: ['operations', 'sage', 'schemas', 'store', 'core'],
  tools: ['tools', 'operations', 'schemas', 'core'],
  endpoints: ['endpoints', 'operations', 'schemas', 'store', 'core'],
  resources: ['resources', 'operations', 'schemas', 'core'],
  prompts: ['prompts', 'resources', 'operations', 'schemas', 'core'],
  mcp: ['mcp', 'prompts', 'resources', 'operations', 'core'],
  // The MCP App's browser script: the renderers and nothing of the service around them.
  view: ['view', 'core'],
  reference: ['reference', 'mcp', 'resources', 'operations', 'schemas', 'store', 'core'],
  'http-bridge': ['http-bridge', 'mcp', 'operations', 'store', 'core'],
  // The OAuth authorization server: the library's glue over the HTTP primitives and the store.
  oauth: ['oauth', 'http-bridge', 'operations', 'store', 'core'],
  app: [
    'app',
    'oauth',
    'http-bridge',
    'reference',
    'mcp',
    'prompts',
    'resources',
    'endpoints',
    'tools',
    'operations',
    'sage',
    'schemas',
    'store',
    'core',
  ],
};

const PACKAGES_FORBIDDEN_IN_CORE = [/^express$/, /^pg$/, /^@modelcontextprotocol\//, /^@electric-sql\//];
const TRANSPORTS = [/^express$/, /^@modelcontextprotocol\//];

const all = files(SRC);
const localImports = (file: string): string[] =>
  imports(file)
    .filter((s) => s.startsWith('.'))
    .map((s) => resolve(dirname(file), s).replace(/\.js$/, '.ts'));

describe('layering', () => {
  it('finds the source tree and knows every folder', () => {
    expect(all.length).toBeGreaterThan(10);
    const folders = new Set(all.map(layerOf).filter(Boolean));
    expect([...folders].sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it.each(all.filter((f) => layerOf(f) !== '').map((f) => [relative(SRC, f), f]))(
    '%s imports only the layers below it',
    (_rel, file) => {
      const allowed = ALLOWED[layerOf(file)]!;
      for (const target of localImports(file)) {
        expect(allowed, `${relative(SRC, file)} -> ${relative(SRC, target)}`).toContain(layerOf(target));
      }
      const packages = imports(file).filter((s) => !s.startsWith('.'));
      if (layerOf(file) === 'core')
        for (const p of packages) for (const bad of PACKAGES_FORBIDDEN_IN_CORE) expect(p).not.toMatch(bad);
      if (
        ['tools', 'endpoints', 'operations', 'schemas', 'resources', 'sage', 'store'].includes(layerOf(file))
      )
        for (const p of packages) for (const bad of TRANSPORTS) expect(p).not.toMatch(bad);
    },
  );

  it('serves HTTP on node:http alone: express is only the bench floor, a dev dependency', () => {
    for (const file of all) expect(imports(file), relative(SRC, file)).not.toContain('express');
    const manifest = JSON.parse(readFileSync(join(SRC, '..', 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies)).not.toContain('express');
  });

  it('keeps operations out of the HTTP layer: no file in http-bridge/ defines one', () => {
    for (const file of all.filter((f) => layerOf(f) === 'http-bridge'))
      expect(readFileSync(file, 'utf8'), relative(SRC, file)).not.toMatch(/\bdefine(Operation|Tool)\(/);
  });

  it('keeps tools/ to the tools and their list: every other file there is one tool, named after it', () => {
    const toolFiles = all.filter((f) => layerOf(f) === 'tools' && !f.endsWith('/index.ts'));
    for (const file of toolFiles) {
      const name = relative(join(SRC, 'tools'), file).replace(/\.ts$/, '');
      const text = readFileSync(file, 'utf8');
      expect(text.match(/\bdefineTool\(/g), `${name}.ts defines exactly one tool`).toHaveLength(1);
      expect(text, `${name}.ts defines the tool ${name}`).toMatch(new RegExp(`name: '${name}'`));
    }
  });

  it('has no import cycles', () => {
    const graph = new Map(all.map((f) => [f, localImports(f).filter((t) => all.includes(t))]));
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        cycles.push([...path.slice(path.indexOf(f)), f].map((p) => relative(SRC, p)).join(' -> '));
        return;
      }
      state.set(f, 'open');
      for (const t of graph.get(f)!) visit(t, [...path, f]);
      state.set(f, 'done');
    };
    for (const f of all) visit(f, []);
    expect(cycles).toEqual([]);
  });

  it('no console calls in src', () => {
    for (const f of all)
      expect(readFileSync(f, 'utf8'), relative(SRC, f)).not.toMatch(
        /\bconsole\.(log|error|warn|info|debug)\(/,
      );
  });
});
