/**
 * Load from wrk (Debian's `wrk` package, C with LuaJIT) where the load generator's own CPU would
 * distort a comparison: on two cores, autocannon spends about a third of a core per thousand
 * requests, taken from the service processes being compared; wrk spends a tenth of that.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadResult } from './lib.js';

/**
 * POST /api/chart with a distinct birth per request, the same births as lib.ts distinctBirth
 * (7-minute steps from 1950-01-01 00:00 UTC, cycling over the places), from index `first` on.
 */
function distinctChartsScript(key: string, places: readonly string[], first: number): string {
  const quoted = places.map((p) => JSON.stringify(p)).join(', ');
  return `local places = { ${quoted} }
local i = ${first}
local headers = { ["Authorization"] = "Bearer ${key}", ["Content-Type"] = "application/json" }
-- 1950-01-01 00:00 UTC in seconds from the epoch
local base = -631152000
request = function()
  local t = base + i * 420
  local body = string.format('{"birthDate":"%s","birthTime":"%s","birthLocation":"%s"}',
    os.date("!%Y-%m-%d", t), os.date("!%H:%M", t), places[(i % #places) + 1])
  i = i + 1
  return wrk.format("POST", "/api/chart", headers, body)
end
`;
}

const MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** Milliseconds from one of wrk's latency figures ("149.00us", "2.61ms", "1.02s"). */
function millis(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!m) throw new Error(`wrk latency not understood: ${text}`);
  return Number(m[1]) * MS[m[2]!]!;
}

/** Reads wrk --latency output; throws on any socket error or non-2xx answer, like lib.ts load. */
export function parseWrk(out: string): LoadResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
  const p50 = /\n\s+50%\s+(\S+)/.exec(out);
  const p99 = /\n\s+99%\s+(\S+)/.exec(out);
  if (!rps || !p50 || !p99) throw new Error(`wrk output not understood:\n${out}`);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0;
  if (non2xx + errors > 0)
    throw new Error(`wrk: ${non2xx} non-2xx answers and ${errors} socket errors\n${out}`);
  return {
    rps: Math.round(Number(rps[1])),
    p50: Math.round(millis(p50[1]!)),
    p99: Math.round(millis(p99[1]!)),
    errors,
    non2xx,
  };
}

export interface WrkChartsOptions {
  url: string;
  key: string;
  places: readonly string[];
  /** Index of the first birth: runs that must not share births start far apart. */
  first: number;
  seconds: number;
  connections: number;
}

/** Distinct-birth chart load from one wrk thread. */
export async function wrkCharts(o: WrkChartsOptions): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  const script = join(dir, 'charts.lua');
  writeFileSync(script, distinctChartsScript(o.key, o.places, o.first));
  try {
    const args = ['-t1', `-c${o.connections}`, `-d${o.seconds}s`, '--latency', '-s', script, o.url];
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', (e) =>
        reject(new Error(`wrk could not start (${e.message}): apt-get install wrk`)),
      );
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`wrk exited with ${code}:\n${out}`);
    return parseWrk(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
