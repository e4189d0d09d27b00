/**
 * Transit core benchmarks (not wired into bench/run.ts yet):
 * - series: one leap year hourly (2024, 8,784 points) of all 13 Human Design bodies through the
 *   series core, against the naive floor measured in the same run: one raw swe_calc_ut call per body
 *   with its own ephemeris call per point (11: Earth and Ketu are Sun and Rahu + 180 degrees), no
 *   output objects. Target: at most 0.5x the floor.
 * - periods: 366 days of gate and line events of all 13 bodies in-process. Target: at most 50 ms.
 * Each is the median of ROUNDS runs after a warm-up. Run alone with
 * `npm run build && npx tsx bench/transits.ts`.
 */
import { pathToFileURL } from 'node:url';
import swisseph from 'swisseph';
import { createEphemeris, PLANET_KEYS, SE_BODY } from '../src/core/ephemeris/index.js';
import { transitPeriods, transitSeries } from '../src/core/transits/index.js';

const ROUNDS = 5;
const FLOOR_TARGET_RATIO = 0.5;
const PERIODS_TARGET_MS = 50;
const YEAR = { startDate: { year: 2024, month: 1, day: 1 }, endDate: { year: 2024, month: 12, day: 31 } };
const START_JD = Date.UTC(2024, 0, 1) / 86_400_000 + 2_440_587.5;
const POINTS = 366 * 24;
const FLAGS = swisseph.SEFLG_SWIEPH | swisseph.SEFLG_SPEED;
/** The 11 Human Design bodies with their own call (the body table's), as a series reads them. */
const CALLED = PLANET_KEYS.map((key) => SE_BODY[key]);

export interface TransitBenchResult {
  seriesMs: number;
  floorMs: number;
  ratio: number;
  seriesTargetMet: boolean;
  periodsMs: number;
  periodsEvents: number;
  periodsTargetMet: boolean;
}

function naiveFloor(): number {
  let sink = 0;
  for (let i = 0; i < POINTS; i++) {
    const t = START_JD + i / 24;
    for (const body of CALLED) {
      const r = swisseph.swe_calc_ut(t, body, FLAGS);
      if ('longitude' in r) sink += r.longitude;
    }
  }
  return sink;
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function timed(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

export function measureTransits(): TransitBenchResult {
  const ephemeris = createEphemeris();
  // Warm-up: JIT and the library's file segments for the year.
  naiveFloor();
  transitSeries(ephemeris, YEAR, 'hourly');
  transitPeriods(ephemeris, START_JD, START_JD + 366);
  const series: number[] = [];
  const floor: number[] = [];
  const periods: number[] = [];
  let events = 0;
  for (let round = 0; round < ROUNDS; round++) {
    floor.push(timed(naiveFloor));
    series.push(timed(() => transitSeries(ephemeris, YEAR, 'hourly')));
    periods.push(timed(() => (events = transitPeriods(ephemeris, START_JD, START_JD + 366).events.length)));
  }
  const seriesMs = median(series);
  const floorMs = median(floor);
  const periodsMs = median(periods);
  return {
    seriesMs,
    floorMs,
    ratio: seriesMs / floorMs,
    seriesTargetMet: seriesMs / floorMs <= FLOOR_TARGET_RATIO,
    periodsMs,
    periodsEvents: events,
    periodsTargetMet: periodsMs <= PERIODS_TARGET_MS,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(measureTransits(), null, 2));
}
