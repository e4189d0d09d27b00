import type { TrackedBody } from '../bodies/index.js';
import type { Ephemeris } from '../ephemeris/index.js';
import { mod360, samplerOf, wrap180 } from './bodies.js';
import { monotonicCuts, solveMonotonic, valueAt } from './periods.js';
import { findRoot } from './roots.js';
import type { Track } from './track.js';
import { buildTracks } from './tracks.js';

/**
 * Exact major aspects of transiting planets to natal points over a range.
 *
 * An aspect is exact when the transit's apparent longitude equals a natal longitude plus or minus
 * the aspect angle: 8 target longitudes per natal point (0, ±60, ±90, ±120, 180). Each transit's
 * longitude is the checked Hermite track the gate periods use (unwrapped, within ~1e-5 degrees of
 * the ephemeris); each track interval is cut at its stations into monotonic pieces, so a retrograde
 * loop that passes a target three times gives three roots, and the unwrapped curve has no jump at
 * ±180 to mistake for a root. Every root of the cubic is then refined on the ephemeris itself:
 * f(t) = wrap180(longitude(t) - target) is bracketed around it (inside its monotonic piece) and
 * solved to 1e-6 day (~0.1 s), so the instant does not depend on the curve's error, which near a
 * station, divided by a slow speed, could reach minutes. Where no bracket exists (a station grazing
 * the target within the curve's error) the curve's root stands: there the planet stays within
 * 1e-5 degrees of exactness for hours and the instant is ill-defined anyway.
 */

export const ASPECT_ANGLES = {
  conjunction: 0,
  sextile: 60,
  square: 90,
  trine: 120,
  opposition: 180,
} as const;
export type AspectName = keyof typeof ASPECT_ANGLES;
export const ASPECT_NAMES = Object.keys(ASPECT_ANGLES) as AspectName[];

/** The transiting planets with aspects (the Moon only over short ranges: the tool decides). */
export const ASPECT_TRANSITS = [
  'Sun',
  'Moon',
  'Mercury',
  'Venus',
  'Mars',
  'Jupiter',
  'Saturn',
  'Uranus',
  'Neptune',
  'Pluto',
] as const satisfies readonly TrackedBody[];
export type AspectTransit = (typeof ASPECT_TRANSITS)[number];

export interface NatalPoint<N extends string = string> {
  name: N;
  /** Apparent tropical longitude at birth, degrees. */
  longitude: number;
}

export interface TransitAspect<N extends string = string> {
  transit: AspectTransit;
  natal: N;
  aspect: AspectName;
  jdUT: number;
  /** Whether the transit moves backwards at the exact instant. */
  transitRetrograde: boolean;
}

const ROOT_TOLERANCE_DAYS = 1e-6;
/** First half-width of the bracket around a curve root, days (~1.4 minutes). */
const FIRST_BRACKET_DAYS = 1e-3;
/** Two roots of one target and transit closer than this are one (found on two adjacent pieces). */
const SAME_ROOT_DAYS = 1e-4;

interface Target<N extends string> {
  natal: N;
  aspect: AspectName;
  longitude: number;
}

function targetsOf<N extends string>(natal: readonly NatalPoint<N>[]): Target<N>[] {
  const out: Target<N>[] = [];
  for (const point of natal) {
    for (const aspect of ASPECT_NAMES) {
      const angle = ASPECT_ANGLES[aspect];
      const signs = angle === 0 || angle === 180 ? [1] : [1, -1];
      for (const s of signs)
        out.push({ natal: point.name, aspect, longitude: mod360(point.longitude + s * angle) });
    }
  }
  return out;
}

/** Curve roots (JD UT) of `unwrapped = target + 360 k` on the track, with the monotonic piece of each. */
function curveRoots(track: Track, target: number): { jdUT: number; lo: number; hi: number }[] {
  const out: { jdUT: number; lo: number; hi: number }[] = [];
  for (let i = 0; i + 1 < track.length; i++) {
    const a = track.t[i]!;
    const h = track.t[i + 1]! - a;
    const c = track.coefficients(i);
    const cuts = monotonicCuts(c);
    for (let k = 0; k + 1 < cuts.length; k++) {
      const xa = cuts[k]!;
      const xb = cuts[k + 1]!;
      const va = valueAt(track, i, c, xa);
      const vb = valueAt(track, i, c, xb);
      // Half-open on the piece's start, so a root on a cut is found once.
      const lo = Math.min(va, vb);
      const hi = Math.max(va, vb);
      for (let n = Math.ceil((lo - target) / 360); target + 360 * n <= hi; n++) {
        const value = target + 360 * n;
        if (value === va && k + i > 0) continue;
        const x = solveMonotonic(c, value, xa, xb, ROOT_TOLERANCE_DAYS / h);
        out.push({ jdUT: a + h * x, lo: a + h * xa, hi: a + h * xb });
      }
    }
  }
  return out;
}

/**
 * Every exact aspect of the transits to the natal points between two JD UT instants, in time order
 * (transits in the order given at equal instants). `tracks` may hold tracks already built over the
 * same span (the gate periods' own), else they are built here.
 */
export function transitAspects<N extends string>(
  ephemeris: Ephemeris,
  natal: readonly NatalPoint<N>[],
  startJdUT: number,
  endJdUT: number,
  transits: readonly AspectTransit[],
  tracks: ReadonlyMap<TrackedBody, Track> = buildTracks(ephemeris, transits, startJdUT, endJdUT),
): TransitAspect<N>[] {
  const targets = targetsOf(natal);
  const out: TransitAspect<N>[] = [];
  for (const transit of transits) {
    const track = tracks.get(transit) ?? buildTracks(ephemeris, [transit], startJdUT, endJdUT).get(transit)!;
    const sample = samplerOf(ephemeris, transit);
    for (const target of targets) {
      const f = (t: number) => wrap180(sample(t).longitude - target.longitude);
      let last = Number.NEGATIVE_INFINITY;
      for (const root of curveRoots(track, target.longitude)) {
        const t = refined(f, root.jdUT, root.lo, root.hi, startJdUT, endJdUT);
        if (t - last < SAME_ROOT_DAYS) continue;
        last = t;
        out.push({
          transit,
          natal: target.natal,
          aspect: target.aspect,
          jdUT: t,
          transitRetrograde: sample(t).speed < 0,
        });
      }
    }
  }
  // Stable: equal instants keep the transit order.
  return out.sort((x, y) => x.jdUT - y.jdUT);
}

/** The root of f near the curve's root t0, bracketed inside [lo, hi] ∩ the range. */
function refined(
  f: (t: number) => number,
  t0: number,
  lo: number,
  hi: number,
  startJdUT: number,
  endJdUT: number,
): number {
  const from = Math.max(lo, startJdUT);
  const to = Math.min(hi, endJdUT);
  const f0 = f(t0);
  if (f0 === 0) return t0;
  for (let d = FIRST_BRACKET_DAYS; ; d *= 4) {
    const a = Math.max(from, t0 - d);
    const b = Math.min(to, t0 + d);
    const fa = f(a);
    const fb = f(b);
    // A sign change across t0 (|f| small: not the jump 180 degrees away).
    if (fa > 0 !== f0 > 0 && Math.abs(fa - f0) < 90) return findRoot(f, a, t0, ROOT_TOLERANCE_DAYS);
    if (fb > 0 !== f0 > 0 && Math.abs(fb - f0) < 90) return findRoot(f, t0, b, ROOT_TOLERANCE_DAYS);
    if (a === from && b === to) return t0;
  }
}
