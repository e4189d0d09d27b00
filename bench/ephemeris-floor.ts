/**
 * The Swiss Ephemeris floor of one Human Design chart: the raw calls a chart cannot avoid, on the build
 * the service runs (bench/swiss-raw.ts)
 * (11 bodies at birth, the design-instant Newton solve on the Sun, 10 bodies at the design instant,
 * whose Sun is the solved target) with no wrapper, validation or result objects of our own. A full
 * chart benchmark reports its time next to this floor. Not wired into any npm script; run alone with
 * `npx tsx bench/ephemeris-floor.ts`.
 *
 * The library caches file segments per body, so the access pattern matters: births are spread over
 * 1900-2100 (as real requests are) and the floor and the wrapper see the same sequence.
 */
import { pathToFileURL } from 'node:url';
import {
  DESIGN_LAST_STEP_DAYS,
  DESIGN_MAX_ITERATIONS,
  designLookbackGuess,
  designTarget,
  wrap180,
} from '../src/core/ephemeris/design.js';
import { createEphemeris, PLANET_KEYS, SE_BODY } from '../src/core/ephemeris/index.js';
import { rawLongitude } from './swiss-raw.js';

export interface EphemerisFloorResult {
  charts: number;
  /** Raw swe_calc_ut calls per chart (average). */
  callsPerChart: number;
  /** Median over rounds of the raw calls per chart. */
  floorMicrosecondsPerChart: number;
  /** Median over rounds of Ephemeris.humanDesignMoments per chart (same births). */
  wrapperMicrosecondsPerChart: number;
  floorMicrosecondsPerCall: number;
  libraryVersion: string;
}

export interface EphemerisFloorOptions {
  charts?: number;
  rounds?: number;
  seed?: number;
}

/** The Human Design bodies with their own call after the Sun (the body table's). */
const BODIES_AFTER_SUN = PLANET_KEYS.filter((key) => key !== 'sun').map((key) => SE_BODY[key]);
const FROM_JD = 2_415_020.5; // 1900-01-01
const SPAN_DAYS = 73_049; // to 2100-01-01

const longitudeOf = rawLongitude;

/** One chart's raw calls; returns how many calls it made. */
function rawChart(birth: number): number {
  let calls = 1;
  const target = designTarget(longitudeOf(birth, SE_BODY.sun).longitude);
  for (const body of BODIES_AFTER_SUN) longitudeOf(birth, body);
  calls += BODIES_AFTER_SUN.length;
  let t = birth - designLookbackGuess(birth);
  for (let i = 0; i < DESIGN_MAX_ITERATIONS; i++) {
    const sun = longitudeOf(t, SE_BODY.sun);
    calls++;
    const step = wrap180(sun.longitude - target) / sun.speed;
    t -= step;
    if (Math.abs(step) < DESIGN_LAST_STEP_DAYS) break;
  }
  for (const body of BODIES_AFTER_SUN) longitudeOf(t, body);
  return calls + BODIES_AFTER_SUN.length;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export function measureEphemerisFloor(options: EphemerisFloorOptions = {}): EphemerisFloorResult {
  const charts = options.charts ?? 2000;
  const rounds = options.rounds ?? 5;
  let seed = options.seed ?? 1;
  // Park-Miller LCG: reproducible birth instants without a dependency.
  const random = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  const births = Array.from({ length: charts }, () => FROM_JD + random() * SPAN_DAYS);

  const ephemeris = createEphemeris();

  let calls = 0;
  for (const birth of births.slice(0, 200)) rawChart(birth); // warm-up (JIT, file handles)
  const floor: number[] = [];
  const wrapper: number[] = [];
  for (let round = 0; round < rounds; round++) {
    calls = 0;
    let start = performance.now();
    for (const birth of births) calls += rawChart(birth);
    floor.push(((performance.now() - start) * 1000) / charts);
    start = performance.now();
    for (const birth of births) ephemeris.humanDesignMoments(birth);
    wrapper.push(((performance.now() - start) * 1000) / charts);
  }
  const floorMicrosecondsPerChart = median(floor);
  const callsPerChart = calls / charts;
  return {
    charts,
    callsPerChart,
    floorMicrosecondsPerChart,
    wrapperMicrosecondsPerChart: median(wrapper),
    floorMicrosecondsPerCall: floorMicrosecondsPerChart / callsPerChart,
    libraryVersion: ephemeris.version,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(measureEphemerisFloor(), null, 2));
}
