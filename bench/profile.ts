/**
 * CPU profiles of a benchmarked server: load-window capture (with bench/cpu-profile-hook.mjs
 * preloaded into the child) and a Markdown summary of where the time went, by frame and by area.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt } from './lib.js';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Node arguments and environment that make a service child profilable (see cpu-profile-hook.mjs). */
export function profilingChild(name: string): {
  nodeArgs: string[];
  env: Record<string, string>;
  file: string;
} {
  const file = join(tmpdir(), `chart-bench-${name}-${process.pid}.cpuprofile`);
  rmSync(file, { force: true });
  return {
    nodeArgs: ['--import', join(import.meta.dirname, 'cpu-profile-hook.mjs')],
    env: { CPU_PROFILE_OUT: file },
    file,
  };
}

/** Waits for the child to write its profile after the second SIGUSR2. */
export async function readProfile(file: string, timeoutMs = 15_000): Promise<CpuProfile> {
  const until = Date.now() + timeoutMs;
  while (!existsSync(file)) {
    if (Date.now() > until) throw new Error(`no CPU profile at ${file}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 100)); // let the write finish
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  rmSync(file, { force: true });
  return profile;
}

/** Where a frame's code lives: a package, a source folder, Node itself, or a V8 pseudo-frame. */
function areaOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native code: addons, V8 builtins)';
  if (url.startsWith('wasm://')) return 'WebAssembly (PGlite)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const src = /\/dist\/(src\/[^/]+)/.exec(url);
  if (src) return src[1]!;
  if (url.startsWith('node:')) return 'node internals';
  return url;
}

function location(frame: CallFrame): string {
  if (!frame.url) return '';
  const short = frame.url
    .replace(/^file:\/\/.*\/node_modules\//, '')
    .replace(/^file:\/\/.*\/dist\//, '')
    .replace(/^node:/, 'node:');
  return `${short}:${frame.lineNumber + 1}`;
}

/** Self time per frame and per area, as Markdown tables (top `top` frames). */
export function summarizeProfile(profile: CpuProfile, top = 15): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const frames = new Map<string, { frame: CallFrame; us: number }>();
  const areas = new Map<string, number>();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const us = profile.timeDeltas[i] ?? 0;
    if (!node) return;
    total += us;
    if (node.callFrame.functionName === '(idle)') {
      idle += us;
      return;
    }
    const key = `${node.callFrame.functionName}|${node.callFrame.url}|${node.callFrame.lineNumber}`;
    const entry = frames.get(key) ?? { frame: node.callFrame, us: 0 };
    entry.us += us;
    frames.set(key, entry);
    const area = areaOf(node.callFrame);
    areas.set(area, (areas.get(area) ?? 0) + us);
  });
  const busy = total - idle;
  const pct = (us: number) => fmt((us / busy) * 100, 1);
  const frameRows = [...frames.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, top)
    .map(
      ({ frame, us }) =>
        `| \`${frame.functionName || '(anonymous)'}\` | ${location(frame) || '—'} | ${fmt(us / 1000, 0)} | ${pct(us)} |`,
    );
  const areaRows = [...areas.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([area, us]) => `| ${area} | ${fmt(us / 1000, 0)} | ${pct(us)} |`);
  return `Busy ${fmt(busy / 1000, 0)} ms of ${fmt(total / 1000, 0)} ms sampled (the rest idle).

| Top frames by self time | where | self (ms) | % of busy |
|---|---|---|---|
${frameRows.join('\n')}

| Self time by area | ms | % of busy |
|---|---|---|
${areaRows.join('\n')}
`;
}
