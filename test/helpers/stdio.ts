import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** How to start `chart-service stdio`: the command and the arguments before `stdio`. */
export interface StdioCommand {
  command: string;
  args: string[];
}

/**
 * The built `chart-service` the stdio tests start: an installed one when CHART_SERVICE_BIN names it
 * (scripts/pack-check.sh sets it to each scratch install), otherwise this tree's build, made first
 * when its sources changed (scripts/build-if-changed.mjs, the same step `npm start` runs).
 */
export function builtChartService(): StdioCommand {
  const installed = process.env.CHART_SERVICE_BIN;
  if (installed) return { command: installed, args: [] };
  const build = spawnSync(process.execPath, ['scripts/build-if-changed.mjs'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
  return { command: process.execPath, args: [join(ROOT, 'dist', 'src', 'main.js')] };
}

/**
 * The environment of a stdio server under test: this one without a model key (SAGE then answers
 * extractively), with its store in `dataDir` and logs at info, so that a log line on stdout would
 * show.
 */
export function stdioEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  delete env.ANTHROPIC_API_KEY;
  delete env.DATABASE_URL;
  delete env.KNOWLEDGE_DIR;
  return { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...extra };
}

/** Starts `chart-service stdio` on bare pipes and collects every byte of its stdout. */
export function startRawStdio(
  bin: StdioCommand,
  dataDir: string,
): { child: ChildProcessWithoutNullStreams; stdout: () => string } {
  const child = spawn(bin.command, [...bin.args, 'stdio'], { env: stdioEnv(dataDir) });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.resume();
  return { child, stdout: () => out };
}
