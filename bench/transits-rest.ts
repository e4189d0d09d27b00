/**
 * Transit series over REST against the naive floor, and chart latency beside a year of transits
 * (bench/run.ts adds it to BENCHMARKS.md):
 * - one leap year hourly (8,784 points) of all 13 bodies, GET /api/transits/all on the built service,
 *   timed from the request to the last byte of its JSON (worker computation, serialization, IPC,
 *   envelope, transfer), and the client's JSON.parse separately; against the naive floor of one
 *   swe_calc_ut call per body with its own ephemeris call per point (bench/transits.ts), measured in
 *   the same run, in this process. Each round asks for a different 366-day range (so it is never a
 *   cache hit) of the same length. Target: at most 0.5x the floor.
 * - a chart request's p99 (POST /api/chart, distinct births, 10 connections, 10 s) alone, then while
 *   a loop asks for one year of hourly transits after another beside it. Target: within 2x.
 * Run with `npm run build && npx tsx bench/transits-rest.ts`.
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { chartRequest, distinctBirth } from './chart.js';
import { fmt, type LoadResult, load, percentile, ROOT, startSettledService } from './lib.js';
import { measureTransits } from './transits.js';

const log = (s: string) => process.stderr.write(`${s}\n`);

const ROUNDS = 5;
const FLOOR_TARGET_RATIO = 0.5;
const P99_TARGET_RATIO = 2;
const PERIODS_TARGET_MS = 50;
const NATAL_TARGET_RATIO = 1.5;
const DAY_MS = 86_400_000;
const CHART_LOAD = { connections: 10, duration: 10 };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Round r's range: 366 days (8,784 hourly points) from 2024-01-01 plus r days. */
function yearFrom(r: number): string {
  const start = Date.UTC(2024, 0, 1) + r * DAY_MS;
  return `startDate=${isoDay(start)}&endDate=${isoDay(start + 365 * DAY_MS)}&granularity=hourly`;
}

interface RestTiming {
  ms: number;
  parseMs: number;
  bytes: number;
}

async function transitYear(url: string, key: string, r: number): Promise<RestTiming> {
  const started = performance.now();
  const res = await fetch(`${url}/api/transits/all?${yearFrom(r)}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`GET /api/transits/all: ${res.status} ${text.slice(0, 300)}`);
  const t = performance.now();
  const body = JSON.parse(text) as { data: { count: number } };
  const parseMs = performance.now() - t;
  if (body.data.count !== 8784) throw new Error(`expected 8,784 points, got ${body.data.count}`);
  return { ms, parseMs, bytes: text.length };
}

export interface TransitRestResult {
  floorMs: number;
  coreMs: number;
  periodsMs: number;
  periodsEvents: number;
  natalPeriodsMs: number;
  natalRatio: number;
  natalAspects: number;
  restMs: number;
  parseMs: number;
  bytes: number;
  restRatio: number;
  chartAlone: LoadResult;
  chartBeside: LoadResult;
  yearsBeside: number;
  p99Ratio: number;
}

export async function measureTransitRest(): Promise<TransitRestResult> {
  log('series core and naive floor, in-process…');
  const core = measureTransits();
  log('one year hourly of 13 bodies over REST…');
  const svc = await startSettledService({ CACHE_ENTRIES: '5000' });
  try {
    await transitYear(svc.url, svc.key, 1000); // warm-up: worker JIT and ephemeris files
    await transitYear(svc.url, svc.key, 1001);
    const rounds: RestTiming[] = [];
    for (let r = 0; r < ROUNDS; r++) rounds.push(await transitYear(svc.url, svc.key, r));
    const median = (pick: (t: RestTiming) => number) => percentile(rounds.map(pick), 50);

    log('chart p99 alone, then beside a loop of transit years…');
    const auth = { authorization: `Bearer ${svc.key}`, 'content-type': 'application/json' };
    const chartLoad = (offset: number) =>
      load({
        url: svc.url,
        ...CHART_LOAD,
        requests: [chartRequest('/api/chart', auth, (i) => distinctBirth(offset + i))],
      });
    await load({
      url: svc.url,
      duration: 2,
      requests: [chartRequest('/api/chart', auth, (i) => distinctBirth(9e6 + i))],
    });
    const chartAlone = await chartLoad(1_000_000);
    // The transit years are read by a process of their own (bench/transit-loop.mjs): read here,
    // 8 MB answers stalled the load generator itself, which counted as the server's latency.
    const loop = spawn(process.execPath, ['bench/transit-loop.mjs', svc.url, svc.key], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let printed = '';
    loop.stdout.on('data', (c: Buffer) => (printed += c.toString()));
    const ended = new Promise<number>((resolve, reject) =>
      loop.once('exit', (code) =>
        code === 0 ? resolve(Number(printed.trim())) : reject(new Error(`transit loop exited with ${code}`)),
      ),
    );
    const chartBeside = await chartLoad(2_000_000);
    loop.kill('SIGTERM');
    const years = await ended;
    return {
      floorMs: core.floorMs,
      coreMs: core.seriesMs,
      periodsMs: core.periodsMs,
      periodsEvents: core.periodsEvents,
      natalPeriodsMs: core.natalPeriodsMs,
      natalRatio: core.natalRatio,
      natalAspects: core.natalAspects,
      restMs: median((t) => t.ms),
      parseMs: median((t) => t.parseMs),
      bytes: rounds[0]!.bytes,
      restRatio: median((t) => t.ms) / core.floorMs,
      chartAlone,
      chartBeside,
      yearsBeside: years,
      p99Ratio: chartBeside.p99 / chartAlone.p99,
    };
  } finally {
    await svc.stop();
    svc.cleanup();
  }
}

export function transitRestSection(r: TransitRestResult): string {
  const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
  return `## Transit series over REST (built service, median of ${ROUNDS})

| One leap year hourly, 13 bodies (8,784 points) | ms | vs floor |
|---|---|---|
| naive floor: one swe_calc_ut per body per point (11 calls x 8,784), in-process | ${fmt(r.floorMs)} | 1.00x |
| series core, in-process | ${fmt(r.coreMs)} | ${fmt(r.coreMs / r.floorMs, 2)}x |
| REST GET /api/transits/all, request to last byte (${fmt(r.bytes / 1e6, 1)} MB of JSON) | ${fmt(r.restMs)} | **${fmt(r.restRatio, 2)}x** — ${verdict(r.restRatio <= FLOOR_TARGET_RATIO)} (target ≤ ${FLOOR_TARGET_RATIO}x) |
| client JSON.parse of that answer (not included above) | ${fmt(r.parseMs)} | |

| 366 days of gate and line periods, 13 bodies, in-process | ms |
|---|---|
| transitPeriods (${r.periodsEvents.toLocaleString('en-US')} events) | **${fmt(r.periodsMs)}** — ${verdict(r.periodsMs <= PERIODS_TARGET_MS)} (target ≤ ${PERIODS_TARGET_MS} ms) |
| the same with a birth, as get_transit_periods answers it (natal points, channel and center windows, ${r.natalAspects} exact aspects of Sun to Pluto) | ${fmt(r.natalPeriodsMs)}: **${fmt(r.natalRatio, 2)}x** the periods alone (fastest rounds) — ${verdict(r.natalRatio <= NATAL_TARGET_RATIO)} (target ≤ ${NATAL_TARGET_RATIO}x) |

## Chart latency beside transits (POST /api/chart, distinct births, ${CHART_LOAD.connections} connections, ${CHART_LOAD.duration} s)

| Run | req/s | p50 (ms) | p99 (ms) |
|---|---|---|---|
| chart alone | ${r.chartAlone.rps} | ${r.chartAlone.p50} | ${r.chartAlone.p99} |
| chart beside a loop of transit years (${r.yearsBeside} years served meanwhile) | ${r.chartBeside.rps} | ${r.chartBeside.p50} | ${r.chartBeside.p99} |
| **p99 ratio** | | | **${fmt(r.p99Ratio, 2)}x** — ${verdict(r.p99Ratio <= P99_TARGET_RATIO)} (target ≤ ${P99_TARGET_RATIO}x) |
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  measureTransitRest().then(
    (r) => console.log(transitRestSection(r)),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
