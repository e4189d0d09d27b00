import type { Ephemeris } from '../ephemeris/index.js';
import { JIE, mod, type SolarTerm } from './tables.js';

/**
 * The jie around an instant, found by Newton's method on the Sun's apparent longitude (its speed is
 * 0.95-1.02 degrees a day, never near zero, so two or three Sun calls reach the instant).
 */

/** The Sun's mean motion, degrees a day: the first guess of how far a term lies. */
const MEAN_SUN_SPEED = 0.985_647;
/** Stop when a step is under 1e-7 days (9 ms): far below the second the answer is given to. */
const LAST_STEP_DAYS = 1e-7;
const MAX_ITERATIONS = 10;

export interface JieInstant {
  term: SolarTerm;
  /** Month index 0-11 (0 = 寅 month, begun by Lichun) that this term begins. */
  monthIndex: number;
  jdUT: number;
}

export interface JieBracket {
  /** The Sun's apparent longitude at the instant, degrees. */
  sunLongitude: number;
  /** Month index 0-11 (0 = 寅) the instant falls in. */
  monthIndex: number;
  previous: JieInstant;
  next: JieInstant;
}

/** Month index (0 = 寅, from Lichun at 315 degrees) of a solar longitude. */
export const monthIndexOf = (sunLongitude: number): number => Math.floor(mod(sunLongitude - 315, 360) / 30);

const wrap180 = (deg: number): number => mod(deg + 180, 360) - 180;

/** When the Sun's apparent longitude equals `target`, starting from `guess` (Julian days, UT). */
export function solveSunLongitude(ephemeris: Ephemeris, target: number, guess: number): number {
  let t = guess;
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    const sun = ephemeris.position('sun', t);
    const step = wrap180(sun.longitude - target) / sun.speed;
    t -= step;
    if (Math.abs(step) < LAST_STEP_DAYS) return t;
  }
  throw new Error(`solar longitude ${target} did not converge near JD ${guess}`);
}

function jieAt(ephemeris: Ephemeris, monthIndex: number, guess: number): JieInstant {
  const m = mod(monthIndex, 12);
  const term = JIE[m] as SolarTerm;
  return { term, monthIndex: m, jdUT: solveSunLongitude(ephemeris, term.longitude, guess) };
}

/** The jie that began the current solar month and the one that ends it. */
export function jieBracket(ephemeris: Ephemeris, jdUT: number, sunLongitude?: number): JieBracket {
  const longitude = sunLongitude ?? ephemeris.position('sun', jdUT).longitude;
  const monthIndex = monthIndexOf(longitude);
  const sinceStart = mod(longitude - 315, 30);
  return {
    sunLongitude: longitude,
    monthIndex,
    previous: jieAt(ephemeris, monthIndex, jdUT - sinceStart / MEAN_SUN_SPEED),
    next: jieAt(ephemeris, monthIndex + 1, jdUT + (30 - sinceStart) / MEAN_SUN_SPEED),
  };
}
