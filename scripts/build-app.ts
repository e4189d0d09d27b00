/**
 * The MCP App's chart view as one self-contained HTML page (data/app/chart-view.html): the view's
 * script (src/view/main.ts, with the service's renderers and the ext-apps App class) bundled by
 * esbuild for the browser, and its stylesheet, inlined into src/view/page.html. The page is
 * committed, and the service serves it as the `ui://` resource as it is (nothing is bundled at
 * request time); test/surface/chart-view-page.test.ts fails when it differs from what this writes.
 *
 * The renderers measure text with the chart fonts' metrics, which the service reads from the font
 * files (src/core/render/font-files.ts). The page carries the same metrics, read here, in that
 * module's place, so the view lays a chart out exactly as the picture endpoints do. Modules of the
 * core the renderers import but never call in the view (ephemeris, city table, knowledge loading)
 * are left out; their Node built-ins resolve to an empty module. The BaZi chart's Chinese characters
 * are drawn as outlines read from the CJK face (src/core/render/cjk-glyph-files.ts): the page carries
 * those outlines, read here, in that module's place.
 *
 * Run: npm run build:app
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { loadCjkGlyphs } from '../src/core/render/cjk-glyph-files.js';
import { loadFaces } from '../src/core/render/font-files.js';

const ROOT = join(import.meta.dirname, '..');
const VIEW = join(ROOT, 'src/view');
export const PAGE = join(ROOT, 'data/app/chart-view.html');
export const COMMAND = 'npm run build:app';

/** Packages with native code or files the renderers' imports reach but the view never runs. */
const SERVER_ONLY = new Set(['@resvg/resvg-js', 'swisseph', 'geo-tz', 'pg', 'pino']);
const NODE_BUILTIN = new RegExp(
  `^(node:.*|${builtinModules.map((m) => m.replace(/\//g, '\\/')).join('|')})$`,
);

/** The font metrics as a module: per face, code points and their [advance, ink top, ink bottom]. */
function fontMetricsModule(): string {
  const faces = Object.entries(loadFaces()).map(([face, m]) => {
    // Code points run in long steps of one: stored as gaps from the previous one.
    let last = 0;
    const rows = [...m.glyphs].map(([code, [advance, top, bottom]]) => {
      const row = [code - last, advance, top, bottom];
      last = code;
      return row;
    });
    return [face, { unitsPerEm: m.unitsPerEm, fallback: m.fallback, rows: rows.flat() }];
  });
  return [
    `const FACES = ${JSON.stringify(Object.fromEntries(faces))};`,
    'export const loadFaces = () => Object.fromEntries(Object.entries(FACES).map(([face, m]) => {',
    '  const glyphs = new Map();',
    '  for (let i = 0, code = 0; i < m.rows.length; i += 4) {',
    '    code += m.rows[i];',
    '    glyphs.set(code, [m.rows[i + 1], m.rows[i + 2], m.rows[i + 3]]);',
    '  }',
    '  return [face, { unitsPerEm: m.unitsPerEm, fallback: m.fallback, glyphs }];',
    '}));',
  ].join('\n');
}

/** The CJK outlines as a module: code point -> [advance, path data]. */
function cjkGlyphsModule(): string {
  const { unitsPerEm, glyphs } = loadCjkGlyphs();
  const rows = [...glyphs].map(([code, g]) => [code, g.advance, g.d]);
  return [
    `const ROWS = ${JSON.stringify(rows)};`,
    `export const loadCjkGlyphs = () => ({ unitsPerEm: ${unitsPerEm}, glyphs: new Map(ROWS.map(([code, advance, d]) => [code, { advance, d }])) });`,
  ].join('\n');
}

const viewPlugin: Plugin = {
  name: 'chart-view',
  setup(b) {
    b.onResolve({ filter: NODE_BUILTIN }, (args) => ({ path: args.path, namespace: 'server-only' }));
    b.onResolve({ filter: /^[@a-z]/ }, (args) =>
      SERVER_ONLY.has(args.path) ? { path: args.path, namespace: 'server-only' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'server-only' }, () => ({ contents: 'module.exports = {};' }));
    // zod's namespace object holds every locale's messages (190 KB); the view's messages are English.
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${join('node_modules', 'zod')}`)
        ? { path: resolve(args.resolveDir, args.path), namespace: 'zod-english' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-english' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(join(dirname(args.path), 'en.js'))};`,
      resolveDir: dirname(args.path),
    }));
    // The service's own modules have no import-time effects the view needs: whatever the view does
    // not call is left out of the page.
    b.onResolve({ filter: /^\.\.?\// }, (args) => {
      const path = resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
      if (!path.startsWith(join(ROOT, 'src')) || !existsSync(path)) return undefined;
      if (path === join(ROOT, 'src/core/render/font-files.ts')) return { path, namespace: 'font-metrics' };
      if (path === join(ROOT, 'src/core/render/cjk-glyph-files.ts')) return { path, namespace: 'cjk-glyphs' };
      return { path, sideEffects: false };
    });
    b.onLoad({ filter: /.*/, namespace: 'font-metrics' }, () => ({
      contents: fontMetricsModule(),
      loader: 'js',
    }));
    b.onLoad({ filter: /.*/, namespace: 'cjk-glyphs' }, () => ({
      contents: cjkGlyphsModule(),
      loader: 'js',
    }));
  },
};

/** The page's text. */
export async function buildChartView(): Promise<string> {
  const result = await build({
    entryPoints: [join(VIEW, 'main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'silent',
    plugins: [viewPlugin],
  });
  const script = result.outputFiles[0]!.text.trim();
  if (/<\/script/i.test(script)) throw new Error('the bundled script contains "</script"');
  const page = readFileSync(join(VIEW, 'page.html'), 'utf8');
  const style = readFileSync(join(VIEW, 'view.css'), 'utf8').trim();
  return page
    .replace('/* STYLE */', () => style)
    .replace('/* SCRIPT */', () => script)
    .replace(/\n\s*\n/g, '\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const page = await buildChartView();
  mkdirSync(dirname(PAGE), { recursive: true });
  writeFileSync(PAGE, page);
  process.stdout.write(`wrote ${PAGE} (${Buffer.byteLength(page)} bytes)\n`);
}
