/**
 * Human Design chart benchmarks, as Markdown sections for BENCHMARKS.md (bench/run.ts wires them in):
 * - core: one chart (Swiss Ephemeris via Ephemeris.humanDesignMoments + the engine's computeChart)
 *   against the Swiss Ephemeris floor (bench/ephemeris-floor.ts: the raw calls a chart cannot
 *   avoid) over the same births in the same run; target at most 1.5x the floor. Also the whole tool
 *   pipeline (place lookup, wall clock in the zone, chart, V2 data) with and without tooltips.
 * - REST POST /api/chart and MCP tools/call generate_chart under load (built service, autocannon),
 *   with a distinct birth per request (every request computes and meters a chart) and with one
 *   repeated birth (cache hits, X-Cache: HIT).
 * Run alone with `npm run build && npx tsx bench/chart.ts`.
 */
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type autocannon from 'autocannon';
import { createEphemeris } from '../src/core/ephemeris/index.js';
import { loadCityTable } from '../src/core/location/index.js';
import { birthChart, chartData, hdChartAt } from '../src/core/human-design/index.js';
import { loadKnowledgeBase } from '../src/core/knowledge/index.js';
import { measureEphemerisFloor } from './ephemeris-floor.js';
import {
  distinctBirth as distinctBirthAt,
  fmt,
  type LoadResult,
  load,
  perItem,
  ROOT,
  startSettledService,
} from './lib.js';
import { profilingChild, readProfile, summarizeProfile } from './profile.js';

const log = (s: string) => process.stderr.write(`${s}\n`);

const CHARTS = 2000;
const ROUNDS = 5;
/** The floor's defaults (bench/ephemeris-floor.ts), so both see the same births in the same order. */
const SEED = 1;
const FROM_JD = 2_415_020.5; // 1900-01-01
const SPAN_DAYS = 73_049; // to 2100-01-01
/** Target of the task: the chart pipeline at most 1.5x the Swiss Ephemeris floor. */
const FLOOR_TARGET_RATIO = 1.5;

function floorBirths(): number[] {
  let seed = SEED;
  const random = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  return Array.from({ length: CHARTS }, () => FROM_JD + random() * SPAN_DAYS);
}

/** A distinct local birth per index: minutes from 1950-01-01 00:00, spread over six places. */
const PLACES = [
  'Montreal, QC',
  'São Paulo, Brazil',
  'Salem, MA',
  'Bengaluru, India',
  'London, United Kingdom',
  'Tokyo, Japan',
];
/** A distinct local birth per index over the six places. */
export const distinctBirth = (i: number) => distinctBirthAt(i, PLACES);

/** The tool pipeline (place, zone, chart, V2 data) in µs per chart over the bench's distinct births. */
async function pipelineMicroseconds(tooltips: boolean): Promise<number> {
  const deps = { cities: await loadCityTable(), ephemeris: createEphemeris() };
  const knowledge = await loadKnowledgeBase();
  const inputs = Array.from({ length: CHARTS }, (_, i) => distinctBirth(i * 37));
  return perItem(inputs, (input) => chartData(knowledge, birthChart(deps, input), tooltips));
}

/**
 * The pipeline measured in a process of its own that does nothing else, as a single-core rate
 * should be: the bench process itself carries the load generator's heap after a load run, which
 * slowed the same loop by a quarter and would flatter the REST ratio.
 */
function pipelineInFreshProcess(): number {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/chart.ts', 'pipeline'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return Number(out.trim());
}

async function coreSection(): Promise<string> {
  log('chart core vs Swiss Ephemeris floor…');
  const floor = measureEphemerisFloor({ charts: CHARTS, rounds: ROUNDS, seed: SEED });
  const ephemeris = createEphemeris();
  const births = floorBirths();
  const chart = perItem(births, (jd) => hdChartAt(ephemeris, jd));

  const tool = await pipelineMicroseconds(false);
  const tooltips = await pipelineMicroseconds(true);

  const ratio = chart / floor.floorMicrosecondsPerChart;
  const row = (name: string, us: number) =>
    `| ${name} | ${fmt(us, 0)} | ${fmt(us / floor.floorMicrosecondsPerChart, 2)}x |`;
  const markdown = `## Human Design chart core (in-process)

${CHARTS} births spread over 1900-2100 (the floor's own sequence), median of ${ROUNDS} rounds, Swiss
Ephemeris ${floor.libraryVersion}. The floor is the ${fmt(floor.callsPerChart, 1)} raw \`swe_calc_ut\` calls one
chart needs (${fmt(floor.floorMicrosecondsPerCall, 1)} µs each), measured in this run.

| Per chart | µs | vs floor |
|---|---|---|
${row('Swiss Ephemeris floor (raw calls)', floor.floorMicrosecondsPerChart)}
${row('Ephemeris.humanDesignMoments (26 bodies + design instant)', floor.wrapperMicrosecondsPerChart)}
${row('chart core: humanDesignMoments + computeChart', chart)}
${row('tool pipeline: place + zone + chart + V2 data', tool)}
${row('tool pipeline with include=tooltips', tooltips)}

The chart core costs **${fmt(ratio, 2)}x** the ephemeris floor (target: at most ${FLOOR_TARGET_RATIO}x) —
${ratio <= FLOOR_TARGET_RATIO ? 'within' : '**over**'} the target.
`;
  return markdown;
}

export function chartRequest(
  path: string,
  headers: Record<string, string>,
  body: (i: number) => unknown,
): autocannon.Request {
  let i = 0;
  return {
    method: 'POST',
    path,
    headers,
    setupRequest: (req) => ({ ...req, body: JSON.stringify(body(i++)) }),
  };
}

const mcpCall = (args: unknown, id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'generate_chart', arguments: args },
});

/** The same call as a 2026-07-28 client sends it: per-request envelope in `_meta` plus headers. */
const modernMcpCall = (args: unknown, id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: {
    name: 'generate_chart',
    arguments: args,
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});

interface LoadRuns {
  rest: LoadResult;
  /** The in-process pipeline (µs per chart, fresh process) measured just before and after the REST run. */
  pipelineAround: [number, number];
  restCached: LoadResult;
  mcp: LoadResult;
  mcpModern: LoadResult;
  mcpCached: LoadResult;
}

async function loadRuns(): Promise<LoadRuns> {
  log('chart REST and MCP under load…');
  const svc = await startSettledService({ CACHE_ENTRIES: '5000' });
  try {
    const auth = { authorization: `Bearer ${svc.key}`, 'content-type': 'application/json' };
    const mcpHeaders = { ...auth, accept: 'application/json, text/event-stream' };
    const modernHeaders = {
      ...auth,
      accept: 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'generate_chart',
    };
    const cached = distinctBirth(0);
    // Warm-up of both surfaces (JIT, city lookups, first cache entry).
    await load({
      url: svc.url,
      duration: 2,
      requests: [chartRequest('/api/chart', auth, (i) => distinctBirth(9_000_000 + i))],
    });
    await load({
      url: svc.url,
      duration: 2,
      requests: [chartRequest('/mcp', mcpHeaders, (i) => mcpCall(distinctBirth(8_000_000 + i), i))],
    });
    // The pipeline is measured right before and after the REST run it is compared with, so a
    // machine that slows down or speeds up in between (shared cores) moves both sides alike.
    const before = pipelineInFreshProcess();
    const rest = await load({
      url: svc.url,
      requests: [chartRequest('/api/chart', auth, (i) => distinctBirth(1_000_000 + i))],
    });
    const after = pipelineInFreshProcess();
    // Each run gets its own block of births, so "distinct" never meets an earlier run's cache entry.
    return {
      rest,
      pipelineAround: [before, after],
      restCached: await load({
        url: svc.url,
        requests: [chartRequest('/api/chart', auth, () => cached)],
      }),
      mcp: await load({
        url: svc.url,
        requests: [chartRequest('/mcp', mcpHeaders, (i) => mcpCall(distinctBirth(3_000_000 + i), i))],
      }),
      mcpModern: await load({
        url: svc.url,
        requests: [
          chartRequest('/mcp', modernHeaders, (i) => modernMcpCall(distinctBirth(4_000_000 + i), i)),
        ],
      }),
      mcpCached: await load({
        url: svc.url,
        requests: [chartRequest('/mcp', mcpHeaders, (i) => mcpCall(cached, i))],
      }),
    };
  } finally {
    await svc.stop();
    svc.cleanup();
  }
}

/**
 * Targets, stated against measurements of the same run: a tool call computing a chart costs MCP at
 * most 15% of REST's rate and 1.2x its p99; a cache hit, whose answer is mostly the transport, at
 * most 30% and 2x.
 */
const MCP_TARGET = { rps: 0.85, p99: 1.2 };
const MCP_CACHED_TARGET = { rps: 0.7, p99: 2 };
const REST_VS_PIPELINE_TARGET = 0.5;

function loadSection(runs: LoadRuns): string {
  const row = (name: string, r: LoadResult) =>
    `| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} |`;
  const [before, after] = runs.pipelineAround;
  const toolMicroseconds = (before + after) / 2;
  const pipelineRps = 1e6 / toolMicroseconds;
  const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
  const ratioRow = (name: string, mcp: LoadResult, rest: LoadResult, target = MCP_TARGET) => {
    const rps = mcp.rps / rest.rps;
    const p99 = mcp.p99 / rest.p99;
    const stated = `≥ ${fmt(target.rps * 100, 0)}%, p99 ≤ ${target.p99}x`;
    return `| ${name} | ${fmt(rps * 100, 0)}% | ${fmt(p99, 2)}x | ${stated}: ${verdict(rps >= target.rps && p99 <= target.p99)} |`;
  };
  const restVsPipeline = runs.rest.rps / pipelineRps;
  return `## Human Design chart over REST and MCP (50 connections, 10 s each, built service)

Every "distinct" request is a new birth (local date, time and one of six places), so each one resolves
the place, computes the chart and writes its meter unit; "cache hits" repeat one birth and are
answered from the result cache (X-Cache: HIT, not metered). MCP requests are one stateless request
each, over the 2025-11-25 transport unless marked 2026-07-28; both answer with a JSON body.

| Endpoint | req/s | p50 (ms) | p99 (ms) | errors + non-2xx |
|---|---|---|---|---|
${row('REST POST /api/chart, distinct births (no cache hits)', runs.rest)}
${row('REST POST /api/chart, one birth (cache hits)', runs.restCached)}
${row('MCP tools/call generate_chart, distinct births (no cache hits)', runs.mcp)}
${row('MCP tools/call generate_chart, distinct births, 2026-07-28', runs.mcpModern)}
${row('MCP tools/call generate_chart, one birth (cache hits)', runs.mcpCached)}

### Ratios from this run

| MCP vs REST, same tool (generate_chart) | MCP req/s / REST req/s | MCP p99 / REST p99 | target |
|---|---|---|---|
${ratioRow('distinct births, 2025-11-25', runs.mcp, runs.rest)}
${ratioRow('distinct births, 2026-07-28', runs.mcpModern, runs.rest)}
${ratioRow('one birth (cache hits)', runs.mcpCached, runs.restCached, MCP_CACHED_TARGET)}

| REST vs in-process pipeline | req/s |
|---|---|
| in-process tool pipeline, one core, a process of its own (1 / ${fmt(toolMicroseconds, 0)} µs: ${fmt(before, 0)} µs just before the REST run, ${fmt(after, 0)} µs just after) | ${fmt(pipelineRps, 0)} |
| REST POST /api/chart, distinct births | ${runs.rest.rps} |
| **ratio** (target ≥ ${REST_VS_PIPELINE_TARGET * 100}%) | **${fmt(restVsPipeline * 100, 0)}%** — ${verdict(restVsPipeline >= REST_VS_PIPELINE_TARGET)} |

The server is one Node process (one core for JavaScript); the load generator runs on the other core.
`;
}

/**
 * CPU profile of the server during `seconds` of distinct-birth chart load on one surface, taken
 * after a warm-up so start-up and JIT do not show; returns the Markdown summary.
 */
export async function profileChartPath(surface: 'rest' | 'mcp', seconds = 5): Promise<string> {
  const hook = profilingChild(surface);
  const svc = await startSettledService(hook.env, undefined, hook.nodeArgs);
  try {
    const auth = { authorization: `Bearer ${svc.key}`, 'content-type': 'application/json' };
    const request =
      surface === 'rest'
        ? (base: number) => chartRequest('/api/chart', auth, (i) => distinctBirth(base + i))
        : (base: number) =>
            chartRequest('/mcp', { ...auth, accept: 'application/json, text/event-stream' }, (i) =>
              mcpCall(distinctBirth(base + i), i),
            );
    await load({ url: svc.url, duration: 2, requests: [request(5_000_000)] });
    svc.signal('SIGUSR2');
    const r = await load({ url: svc.url, duration: seconds, requests: [request(6_000_000)] });
    svc.signal('SIGUSR2');
    const profile = await readProfile(hook.file);
    return `${r.rps} req/s while profiled. ${summarizeProfile(profile)}`;
  } finally {
    await svc.stop();
    svc.cleanup();
  }
}

async function profileSection(): Promise<string> {
  log('CPU profiles of the REST and MCP chart paths…');
  const rest = await profileChartPath('rest');
  const mcp = await profileChartPath('mcp');
  return `## Where the chart paths spend their time

CPU profiles of the server (V8 sampling profiler, started and stopped over the inspector by
bench/cpu-profile-hook.mjs), each during 5 s of generate_chart with distinct births after a 2 s
warm-up. Self time: the frame itself, not its callees; native frames are named after the nearest
exported symbol, so Swiss Ephemeris time may carry an unrelated \`swe_*\` name. The profiler
itself costs some throughput.

### REST POST /api/chart

${rest}
### MCP tools/call generate_chart (2025-11-25)

${mcp}`;
}

export async function chartBenchSections(): Promise<string[]> {
  const core = await coreSection();
  const runs = await loadRuns();
  return [core, loadSection(runs), await profileSection()];
}

/**
 * `tsx bench/chart.ts` writes the sections; `core` only the in-process one; `rest` or `mcp` only that
 * profile; `pipeline` the µs per chart.
 */
async function main(mode: string | undefined): Promise<string> {
  if (mode === 'core') return coreSection();
  if (mode === 'pipeline') return String(await pipelineMicroseconds(false));
  if (mode === 'rest' || mode === 'mcp') return profileChartPath(mode);
  return (await chartBenchSections()).join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv[2]).then(
    (text) => process.stdout.write(`${text}\n`),
    (e: unknown) => {
      process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
      process.exit(1);
    },
  );
}
