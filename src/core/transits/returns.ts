import { RETURN_GRID_DAYS } from '../bodies/index.js';
import type { Ephemeris } from '../ephemeris/index.js';
import { mod360, type ReturnBody, samplerOf, wrap180 } from './bodies.js';
import { findRoot } from './roots.js';
import { isoUtc } from './time.js';

/**
 * Planetary returns (reference section B4): every instant in a calendar year when a body's apparent
 * longitude equals its natal longitude. The year is taken in UTC: 1 January 00:00 UTC inclusive to
 * 1 January of the next year 00:00 UTC exclusive.
 *
 * f(t) = wrap180(longitude(t) - natal) is sampled on a grid; a sign change with |f| small (not the
 * jump at 180 degrees away) brackets a crossing, refined to 1e-7 day (~0.01 s). Where the speed
 * changes sign inside a grid step the step is first split at the station, so a planet that crosses,
 * stations and crosses back within one step is not missed.
 */

export interface PlanetaryReturn {
  utc: string;
  jdUT: number;
  /** The natal longitude, reached at this instant, degrees. */
  longitude: number;
  direction: 'direct' | 'retrograde';
}

const ROOT_TOLERANCE_DAYS = 1e-7;
const SPEED_TOLERANCE_DAYS = 1e-4;

/** JD UT of 1 January 00:00 UTC of a year, and of the next year. */
export function yearBounds(year: number): [number, number] {
  const jd = (y: number) => Date.UTC(y, 0, 1) / 86_400_000 + 2_440_587.5;
  return [jd(year), jd(year + 1)];
}

export function planetaryReturns(
  ephemeris: Ephemeris,
  body: ReturnBody,
  natalLongitude: number,
  year: number,
): PlanetaryReturn[] {
  const natal = mod360(natalLongitude);
  const sample = samplerOf(ephemeris, body);
  const f = (t: number) => wrap180(sample(t).longitude - natal);
  const speed = (t: number) => sample(t).speed;
  const [start, end] = yearBounds(year);
  const step = RETURN_GRID_DAYS[body]; // days, from the body table
  const out: PlanetaryReturn[] = [];

  const crossingIn = (a: number, fa: number, b: number, fb: number) => {
    if (fa > 0 === fb > 0 || Math.abs(fa - fb) >= 180) return;
    const t = fa === 0 ? a : findRoot(f, a, b, ROOT_TOLERANCE_DAYS);
    if (t < start || t >= end) return;
    // A root on a grid point shows as a sign change in two steps: keep one.
    const last = out[out.length - 1];
    if (last && t - last.jdUT < 1e-5) return;
    out.push({
      utc: isoUtc(t),
      jdUT: t,
      longitude: Math.round(natal * 1e4) / 1e4,
      direction: speed(t) >= 0 ? 'direct' : 'retrograde',
    });
  };

  let a = start;
  let sa = sample(a);
  while (a < end) {
    const b = Math.min(a + step, end);
    const sb = sample(b);
    const fa = wrap180(sa.longitude - natal);
    const fb = wrap180(sb.longitude - natal);
    if (sa.speed > 0 !== sb.speed > 0) {
      const s = findRoot(speed, a, b, SPEED_TOLERANCE_DAYS);
      const fs = f(s);
      crossingIn(a, fa, s, fs);
      crossingIn(s, fs, b, fb);
    } else {
      crossingIn(a, fa, b, fb);
    }
    a = b;
    sa = sb;
  }
  return out;
}
