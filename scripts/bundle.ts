/**
 * `npm run bundle`: the Claude Desktop extension, `chart-service-<version>.mcpb`, with the official
 * MCPB tool (@anthropic-ai/mcpb). The bundle holds the package exactly as `npm pack` makes it, its
 * production dependencies installed without install scripts (so no native Swiss Ephemeris addon: the
 * manifest runs the WebAssembly build, the same on every platform), the PNG renderer's prebuilt
 * binaries for macOS, Windows and Linux, and manifest.json with this version and the registry's
 * tools. Claude Desktop runs it with its own Node as `node dist/src/main.js stdio`.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOOLS } from '../src/tools/index.js';

const ROOT = join(import.meta.dirname, '..');
const STAGE = join(ROOT, '.tmp', 'mcpb');
const PACKED = join(ROOT, '.tmp', 'mcpb-pack');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
};
/** The PNG renderer's native binary for each platform the bundle claims (resvg ships one per platform). */
const RESVG_PLATFORMS = [
  'darwin-arm64',
  'darwin-x64',
  'win32-x64-msvc',
  'win32-arm64-msvc',
  'linux-x64-gnu',
  'linux-arm64-gnu',
];
const log = (s: string) => process.stderr.write(`${s}\n`);
const run = (cmd: string, args: string[], cwd = ROOT) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

/** Unpacks an npm tarball into `dir` (its `package/` folder becomes `dir`). */
function unpack(tgz: string, dir: string): void {
  mkdirSync(dir, { recursive: true });
  run('tar', ['xzf', tgz, '-C', dir, '--strip-components=1']);
}

/** The first sentence of a tool's description, as the extension's listing shows it. */
const summary = (text: string) => (/^.*?[.!?](\s|$)/.exec(text)?.[0] ?? text).trim();

log('building…');
run('npm', ['run', 'build', '--silent']);
rmSync(STAGE, { recursive: true, force: true });
rmSync(PACKED, { recursive: true, force: true });
mkdirSync(PACKED, { recursive: true });

log('packing the package…');
const tgz = join(
  PACKED,
  run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', PACKED]).trim(),
);
unpack(tgz, STAGE);

log('installing production dependencies without install scripts…');
cpSync(join(ROOT, 'package-lock.json'), join(STAGE, 'package-lock.json'));
run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], STAGE);
rmSync(join(STAGE, 'package-lock.json'));
rmSync(join(STAGE, 'node_modules', 'swisseph', 'build'), { recursive: true, force: true });

const resvg = pkg.dependencies['@resvg/resvg-js']!;
for (const platform of RESVG_PLATFORMS) {
  const name = `@resvg/resvg-js-${platform}`;
  const target = join(STAGE, 'node_modules', '@resvg', `resvg-js-${platform}`);
  rmSync(target, { recursive: true, force: true });
  const file = run('npm', ['pack', `${name}@${resvg}`, '--silent', '--pack-destination', PACKED]).trim();
  unpack(join(PACKED, file), target);
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8')) as Record<string, unknown>;
manifest.version = pkg.version;
manifest.tools = TOOLS.map((t) => ({ name: t.name, description: summary(t.description) }));
delete manifest.tools_generated;
writeFileSync(join(STAGE, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

const mcpb = join(ROOT, 'node_modules', '.bin', 'mcpb');
log('validating and packing the bundle…');
process.stderr.write(run(mcpb, ['validate', join(STAGE, 'manifest.json')]));
const out = join(ROOT, `chart-service-${pkg.version}.mcpb`);
rmSync(out, { force: true });
process.stderr.write(run(mcpb, ['pack', STAGE, out]));
log(`wrote ${out} (${readdirSync(STAGE).join(', ')})`);
