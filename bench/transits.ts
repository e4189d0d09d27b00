/**
 * Transit core benchmarks (bench/transits-rest.ts puts them in BENCHMARKS.md):
 * - series: one leap year hourly (2024, 8,784 points) of all 13 Human Design bodies through the
 *   series core, against the naive floor measured in the same run: one raw swe_calc_ut call per body
 *   with its own ephemeris call per point (11: Earth and Ketu are Sun and Rahu + 180 degrees), no
 *   output objects, on the build the service runs (bench/swiss-raw.ts). Target: at most 0.5x the
 *   floor.
 * - periods: 366 days of gate and line events of all 13 bodies in-process. Target: at most 50 ms.
 * - periods with a birth (issue 38): the same plus the natal part get_transit_periods adds (natal
 *   points, channel and center windows, exact aspects of Sun to Pluto) for one birth. Target: the
 *   natal part adds at most 50% (the birth's place and clock, a lookup, are left out). The ratio
 *   is of the fastest rounds of each, the least disturbed by other work on the machine.
 * Each is the median of ROUNDS runs after a warm-up. Run alone with
 * `npm run build && npx tsx bench/transits.ts`.
 */
import { pathToFileURL } from 'node:url';
import { createEphemeris, PLANET_KEYS, SE_BODY } from '../src/core/ephemeris/index.js';
import { hdChartAt } from '../src/core/human-design/birth-chart.js';
import {
  ASPECT_TRANSITS,
  natalPoints,
  natalWindows,
  transitAspects,
  transitPeriods,
  transitSeries,
} from '../src/core/transits/index.js';
import { rawLongitude } from './swiss-raw.js';

const ROUNDS = 5;
const FLOOR_TARGET_RATIO = 0.5;
const PERIODS_TARGET_MS = 50;
const NATAL_TARGET_RATIO = 1.5;
/** The birth of the natal bench: 1990-06-15 12:00 UT in London (reference B4). */
const BIRTH_JD = Date.UTC(1990, 5, 15, 12) / 86_400_000 + 2_440_587.5;
const YEAR = { startDate: { year: 2024, month: 1, day: 1 }, endDate: { year: 2024, month: 12, day: 31 } };
const START_JD = Date.UTC(2024, 0, 1) / 86_400_000 + 2_440_587.5;
const POINTS = 366 * 24;
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
  natalPeriodsMs: number;
  natalRatio: number;
  natalAspects: number;
  natalTargetMet: boolean;
}

function naiveFloor(): number {
  let sink = 0;
  for (let i = 0; i < POINTS; i++) {
    const t = START_JD + i / 24;
    for (const body of CALLED) {
      sink += rawLongitude(t, body).longitude;
    }
  }
  return sink;
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** get_transit_periods' core with a birth: the periods, then the natal part on them. */
function periodsWithBirth(ephemeris: ReturnType<typeof createEphemeris>): number {
  const periods = transitPeriods(ephemeris, START_JD, START_JD + 366);
  const { chart } = hdChartAt(ephemeris, BIRTH_JD);
  const natal = {
    definedGates: chart.gates.definedGates,
    definedChannels: chart.channels.map((c) => c.gates),
    definedCenters: chart.centers.defined,
  };
  natalWindows(natal, periods.gatePeriods, START_JD, START_JD + 366);
  const points = natalPoints(ephemeris, BIRTH_JD, 51.5, -0.13);
  const transits = ASPECT_TRANSITS.filter((b) => b !== 'Moon');
  return transitAspects(ephemeris, points, START_JD, START_JD + 366, transits, periods.tracks).length;
}

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
  periodsWithBirth(ephemeris);
  const natal: number[] = [];
  let aspects = 0;
  const series: number[] = [];
  const floor: number[] = [];
  const periods: number[] = [];
  let events = 0;
  for (let round = 0; round < ROUNDS; round++) {
    floor.push(timed(naiveFloor));
    series.push(timed(() => transitSeries(ephemeris, YEAR, 'hourly')));
    periods.push(timed(() => (events = transitPeriods(ephemeris, START_JD, START_JD + 366).events.length)));
    natal.push(timed(() => (aspects = periodsWithBirth(ephemeris))));
  }
  const natalPeriodsMs = median(natal);
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
    natalPeriodsMs,
    natalRatio: Math.min(...natal) / Math.min(...periods),
    natalAspects: aspects,
    natalTargetMet: Math.min(...natal) / Math.min(...periods) <= NATAL_TARGET_RATIO,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(measureTransits(), null, 2));
}
