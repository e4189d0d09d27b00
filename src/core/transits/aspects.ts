import type { TrackedBody } from '../bodies/index.js';
import type { Ephemeris } from '../ephemeris/index.js';
import { mod360, type Sampler, samplerOf, wrap180 } from './bodies.js';
import { forEachMonotonicPiece, solveMonotonic } from './pieces.js';
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
 * ±180 to mistake for a root. Every root of the cubic is then refined on the ephemeris itself, so
 * the instant does not depend on the curve's error, which near a station, divided by a slow speed,
 * could reach minutes: by Newton on the ephemeris' longitude and speed (its last step under 1e-4
 * day, the error left of second order, under 1 ms); near a station (speed under 1e-3 degrees a day)
 * or where Newton leaves the monotonic piece, f(t) = wrap180(longitude(t) - target) is bracketed
 * around the curve root inside the piece and solved to 1e-6 day (~0.1 s). Where no bracket exists (a station grazing
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
/**
 * Below this speed (degrees a day) Newton is not trusted: a planet within about a day of its station
 * (Pluto's speed is never below 1e-3 for more than ~2 days around one), where bracketing decides.
 */
const MIN_NEWTON_SPEED = 1e-3;
/**
 * A Newton step this small (~9 s) is the last: the error after it is of second order, about the
 * step squared times the relative change of speed per day (below 0.5 for every planet away from a
 * station), so under 1e-8 day (1 ms).
 */
const NEWTON_LAST_STEP_DAYS = 1e-4;
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

interface CurveRoot {
  /** Index into the sorted targets. */
  target: number;
  jdUT: number;
  /** The monotonic piece holding the root, JD UT. */
  lo: number;
  hi: number;
}

/** First index of sorted `values` not below x. */
function lowerBound(values: readonly number[], x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Curve roots of `unwrapped = target + 360 k` on the track for every target (longitudes in [0, 360),
 * sorted), piece by piece: a piece spans a few degrees, so a binary search finds its targets.
 */
function curveRoots(track: Track, targets: readonly number[]): CurveRoot[] {
  const out: CurveRoot[] = [];
  const n = targets.length;
  forEachMonotonicPiece(track, ({ i, k, a, h, c, xa, xb, va, vb }) => {
    const lo = Math.min(va, vb);
    const hi = Math.max(va, vb);
    // Walk the targets from lo upwards, turn by turn (360 degrees per wrap of the index).
    const turn = Math.floor(lo / 360);
    for (let j = lowerBound(targets, lo - 360 * turn), w = turn; ; j++) {
      if (j === n) {
        j = -1;
        w++;
        continue;
      }
      const value = targets[j]! + 360 * w;
      if (value > hi) break;
      // A root on a cut belongs to the piece it starts (found once).
      if (value === va && k + i > 0) continue;
      const x = solveMonotonic(c, value, xa, xb, ROOT_TOLERANCE_DAYS / h);
      out.push({ target: j, jdUT: a + h * x, lo: a + h * xa, hi: a + h * xb });
    }
  });
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
  const targets = targetsOf(natal).sort((x, y) => x.longitude - y.longitude);
  const longitudes = targets.map((t) => t.longitude);
  const out: TransitAspect<N>[] = [];
  for (const transit of transits) {
    const track = tracks.get(transit) ?? buildTracks(ephemeris, [transit], startJdUT, endJdUT).get(transit)!;
    const sample = samplerOf(ephemeris, transit);
    const found: { target: number; jdUT: number; speed: number }[] = [];
    for (const root of curveRoots(track, longitudes)) {
      const target = longitudes[root.target]!;
      const from = Math.max(root.lo, startJdUT);
      const to = Math.min(root.hi, endJdUT);
      const settled = newton(sample, target, root.jdUT, from, to);
      if (settled) {
        found.push({ target: root.target, ...settled });
        continue;
      }
      const t = refined((x) => wrap180(sample(x).longitude - target), root.jdUT, from, to);
      found.push({ target: root.target, jdUT: t, speed: sample(t).speed });
    }
    found.sort((x, y) => x.target - y.target || x.jdUT - y.jdUT);
    found.forEach(({ target, jdUT, speed }, i) => {
      const previous = found[i - 1];
      if (previous && previous.target === target && jdUT - previous.jdUT < SAME_ROOT_DAYS) return;
      out.push({
        transit,
        natal: targets[target]!.natal,
        aspect: targets[target]!.aspect,
        jdUT,
        transitRetrograde: speed < 0,
      });
    });
  }
  // Stable: equal instants keep the transit order.
  return out.sort((x, y) => x.jdUT - y.jdUT);
}

/**
 * Newton on the ephemeris' own longitude and speed from the curve's root (already within about
 * 1e-5 degrees, so the first step is ~1e-5 day): one call, rarely two, where the bracketing
 * below takes twenty. The speed of the last call
 * gives the direction (Newton is not used near a station, so it cannot change sign within a step).
 * Null when a step leaves the piece or does not settle, for the bracketing to decide.
 */
function newton(
  sample: Sampler,
  target: number,
  t0: number,
  from: number,
  to: number,
): { jdUT: number; speed: number } | null {
  let t = t0;
  for (let i = 0; i < 4; i++) {
    const { longitude, speed } = sample(t);
    if (Math.abs(speed) < MIN_NEWTON_SPEED) return null;
    const step = wrap180(longitude - target) / speed;
    t -= step;
    if (!(t >= from && t <= to)) return null;
    if (Math.abs(step) < NEWTON_LAST_STEP_DAYS) return { jdUT: t, speed };
  }
  return null;
}

/** The root of f near the curve's root t0, bracketed inside [from, to]. */
function refined(f: (t: number) => number, t0: number, from: number, to: number): number {
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
