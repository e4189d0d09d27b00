/**
 * The two builds of the Swiss Ephemeris (the native addon and its WebAssembly build, the same C
 * sources) at the levels a user sees, as a Markdown section for BENCHMARKS.md (bench/run.ts wires it
 * in). The build is chosen once per process (EPHEMERIS), so each measure runs in a process of its
 * own, the two builds alternating round by round in the same run:
 * - the Human Design chart core (humanDesignMoments + computeChart) over 2000 births, one core;
 * - the built service, one start per build and round, on a fresh embedded store once its start-up
 *   work is over: resident memory at start (main process and workers), REST `POST /api/chart` with a
 *   distinct birth per request (50 connections), `GET /api/transits/all` for a leap year hourly
 *   (8,784 points of 13 bodies, a new range each request), and `GET /api/eclipses` over ten years
 *   (a new decade each request).
 * The default (`EPHEMERIS=auto`, core/ephemeris/swiss-choice.ts) is the build that wins here.
 * Run alone with `npm run build && npx tsx bench/engines.ts`.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { AUTO_ENGINE } from '../src/core/ephemeris/index.js';
import { chartRequest, distinctBirth } from './chart.js';
import { fmt, load, median, ROOT, startSettledService } from './lib.js';

const log = (s: string) => process.stderr.write(`${s}\n`);
const ENGINES = ['native', 'wasm'] as const;
type Engine = (typeof ENGINES)[number];
const ROUNDS = 5;
const REQUESTS_PER_ROUND = 5;
const CHART_LOAD = { connections: 50, duration: 8 };
const MB = 1024 * 1024;
const DAY_MS = 86_400_000;

interface Round {
  coreChartsPerSecond: number;
  memoryMb: number;
  restChartsPerSecond: number;
  restChartP99: number;
  transitYearMs: number;
  eclipseDecadeMs: number;
}

/** Charts per second of the chart core in a process of its own (bench/desktop.ts `rate`). */
function coreRate(engine: Engine): number {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/desktop.ts', 'rate'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, EPHEMERIS: engine },
  });
  const r = JSON.parse(out) as { engine: string; chartsPerSecond: number };
  if (r.engine !== engine) throw new Error(`asked for ${engine}, measured ${r.engine}`);
  return r.chartsPerSecond;
}

/** Resident memory of a process and its children (the worker pool), from /proc. */
function residentMb(pid: number): number {
  const rss = (p: number) =>
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return (rss(pid) + children.reduce((sum, c) => sum + rss(Number(c)), 0)) / MB;
}

/** Milliseconds from request to the last byte of a 200 answer. */
async function timed(url: string, key: string, check: (body: unknown) => boolean): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200 || !check(JSON.parse(text)))
    throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`);
  return ms;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** One start of the built service on `engine`: memory at start, then the three REST measures. */
async function serviceRound(engine: Engine, round: number): Promise<Omit<Round, 'coreChartsPerSecond'>> {
  const svc = await startSettledService({ EPHEMERIS: engine, CACHE_ENTRIES: '5000' });
  try {
    const health = (await (await fetch(`${svc.url}/health`)).json()) as { ephemeris?: string };
    if (health.ephemeris !== engine) throw new Error(`asked for ${engine}, /health says ${health.ephemeris}`);
    await new Promise((r) => setTimeout(r, 1000));
    const memoryMb = residentMb(svc.pid);
    const auth = { authorization: `Bearer ${svc.key}`, 'content-type': 'application/json' };
    // Each engine and round its own births, never a cache hit; a short warm-up first.
    const births = (offset: number) => [chartRequest('/api/chart', auth, (i) => distinctBirth(offset + i))];
    const block = round * 2 + ENGINES.indexOf(engine);
    const base = block * 100_000;
    await load({ url: svc.url, duration: 2, requests: births(base + 90_000) });
    const chart = await load({ url: svc.url, ...CHART_LOAD, requests: births(base) });
    const year = (i: number) => {
      const start = Date.UTC(2024, 0, 1) + (block + i * 7) * DAY_MS;
      const query = `startDate=${isoDay(start)}&endDate=${isoDay(start + 365 * DAY_MS)}&granularity=hourly`;
      return timed(
        `${svc.url}/api/transits/all?${query}`,
        svc.key,
        (b) => (b as { data: { count: number } }).data.count === 8784,
      );
    };
    const decade = (i: number) => {
      const from = 1900 + (block * 4 + i) * 10;
      const query = `startDate=${from}-01-01&endDate=${from + 9}-12-31`;
      return timed(`${svc.url}/api/eclipses?${query}`, svc.key, (b) => (b as { success: boolean }).success);
    };
    await year(100);
    await decade(3);
    const years: number[] = [];
    const decades: number[] = [];
    for (let i = 0; i < REQUESTS_PER_ROUND; i++) {
      years.push(await year(i));
      decades.push(await decade(i));
    }
    return {
      memoryMb,
      restChartsPerSecond: chart.rps,
      restChartP99: chart.p99,
      transitYearMs: median(years),
      eclipseDecadeMs: median(decades),
    };
  } finally {
    await svc.stop();
    svc.cleanup();
  }
}

export type EngineRounds = Record<Engine, Round[]>;

export async function measureEngines(): Promise<EngineRounds> {
  const rounds: EngineRounds = { native: [], wasm: [] };
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating, and the order flipped each round, so drift on the machine falls on both.
    const order = round % 2 ? [...ENGINES].reverse() : ENGINES;
    for (const engine of order) {
      log(`engines: round ${round + 1}, ${engine}…`);
      const coreChartsPerSecond = coreRate(engine);
      rounds[engine].push({ coreChartsPerSecond, ...(await serviceRound(engine, round)) });
    }
  }
  return rounds;
}

/** The rows: what is measured, its unit, and whether more is better. */
const MEASURES: { label: string; pick: (r: Round) => number; digits: number; higherWins: boolean }[] = [
  {
    label: 'chart core, charts/s (one core)',
    pick: (r) => r.coreChartsPerSecond,
    digits: 0,
    higherWins: true,
  },
  {
    label: 'REST POST /api/chart, distinct births, req/s',
    pick: (r) => r.restChartsPerSecond,
    digits: 0,
    higherWins: true,
  },
  { label: 'the same, p99 (ms)', pick: (r) => r.restChartP99, digits: 0, higherWins: false },
  {
    label: 'GET /api/transits/all, a year hourly (ms)',
    pick: (r) => r.transitYearMs,
    digits: 0,
    higherWins: false,
  },
  {
    label: 'GET /api/eclipses, ten years (ms)',
    pick: (r) => r.eclipseDecadeMs,
    digits: 0,
    higherWins: false,
  },
  {
    label: 'resident memory at start, main + 2 workers (MB)',
    pick: (r) => r.memoryMb,
    digits: 0,
    higherWins: false,
  },
];

/**
 * Which build a level's rounds favour: one whose every round beat every round of the other;
 * `even` where the rounds overlap (the difference is within what the machine varies by).
 */
function verdict(native: number[], wasm: number[], higherWins: boolean): Engine | 'even' {
  const beats = (a: number[], b: number[]) =>
    higherWins ? Math.min(...a) > Math.max(...b) : Math.max(...a) < Math.min(...b);
  return beats(wasm, native) ? 'wasm' : beats(native, wasm) ? 'native' : 'even';
}

/** The build that won more levels outright (a tie keeps the one that computes charts faster). */
export function measuredWinner(rounds: EngineRounds): Engine {
  const wins = { native: 0, wasm: 0, even: 0 };
  for (const { pick, higherWins } of MEASURES)
    wins[verdict(rounds.native.map(pick), rounds.wasm.map(pick), higherWins)]++;
  if (wins.wasm !== wins.native) return wins.wasm > wins.native ? 'wasm' : 'native';
  const core = MEASURES[0]!.pick;
  return median(rounds.wasm.map(core)) > median(rounds.native.map(core)) ? 'wasm' : 'native';
}

const NAMES = { native: 'native addon', wasm: 'WebAssembly', even: 'even' } as const;
const RUNS = { native: 'the native addon', wasm: 'WebAssembly' } as const;

export function enginesSection(rounds: EngineRounds): string {
  const rows = MEASURES.map(({ label, pick, digits, higherWins }) => {
    const native = rounds.native.map(pick);
    const wasm = rounds.wasm.map(pick);
    const ratio = higherWins ? median(wasm) / median(native) : median(native) / median(wasm);
    const all = (values: number[]) => values.map((v) => fmt(v, digits)).join(', ');
    return `| ${label} | ${fmt(median(native), digits)} (${all(native)}) | ${fmt(median(wasm), digits)} (${all(wasm)}) | ${fmt(ratio, 2)}x | ${NAMES[verdict(native, wasm, higherWins)]} |`;
  });
  const winner = measuredWinner(rounds);
  return `## Swiss Ephemeris builds at the levels a user sees (native addon vs WebAssembly, ${ROUNDS} alternating rounds, same run)

Each build in processes of its own (the build is chosen per process: \`EPHEMERIS\`), the order
flipped each round. The chart core: 2000 births over 1900-2100 on one core. The service: the built
service on a fresh embedded store with 2 workers, once its start-up work is over; memory read from
/proc; \`POST /api/chart\` with a distinct birth per request (${CHART_LOAD.connections} connections,
${CHART_LOAD.duration} s); a leap year of hourly transits and ten years of eclipses, each a new
range (median of ${REQUESTS_PER_ROUND} requests a round). Median of the rounds, then each round. A
level is won outright when every round of one build beat every round of the other; otherwise even.

| Level | native addon | WebAssembly | WebAssembly / native (above 1x: WebAssembly better) | won by |
|---|---|---|---|---|
${rows.join('\n')}

Measured winner: **${NAMES[winner]}**. \`EPHEMERIS=auto\`, the default, runs
${RUNS[AUTO_ENGINE]}${winner === AUTO_ENGINE ? '' : ' (**not the measured winner: change AUTO_ENGINE**)'}.
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(enginesSection(await measureEngines()));
}
