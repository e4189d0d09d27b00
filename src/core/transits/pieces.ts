import type { Track } from './track.js';

/**
 * A track cut into monotonic pieces: each curve interval's cubic is cut at its turning points (a
 * station inside the interval), so that between two cuts every value is reached once and a root is
 * found by a safeguarded Newton (solveMonotonic). The gate and line crossings and the exact aspects
 * both walk the track this way.
 */

export interface MonotonicPiece {
  /** The curve interval [t[i], t[i+1]] and the piece's index k within it. */
  i: number;
  k: number;
  /** The interval's start (JD UT) and length (days): t = a + h x. */
  a: number;
  h: number;
  /** The interval's cubic in x: c0 + c1 x + c2 x^2 + c3 x^3. */
  c: readonly number[];
  /** The piece's ends in x, and the curve's values there (the nodes themselves at 0 and 1). */
  xa: number;
  xb: number;
  va: number;
  vb: number;
}

/**
 * Calls `visit` with every monotonic piece of a track, in time order. A callback rather than a
 * generator: the walk runs over thousands of pieces a year, and a callback kept the inline loops' speed.
 */
export function forEachMonotonicPiece(track: Track, visit: (piece: MonotonicPiece) => void): void {
  for (let i = 0; i + 1 < track.length; i++) {
    const a = track.t[i]!;
    const h = track.t[i + 1]! - a;
    const c = track.coefficients(i);
    const cuts = monotonicCuts(c);
    for (let k = 0; k + 1 < cuts.length; k++) {
      const xa = cuts[k]!;
      const xb = cuts[k + 1]!;
      visit({ i, k, a, h, c, xa, xb, va: valueAt(track, i, c, xa), vb: valueAt(track, i, c, xb) });
    }
  }
}

/** Root of c0 + c1 x + c2 x^2 + c3 x^3 = target on [lo, hi], where the cubic is monotonic. */
export function solveMonotonic(
  c: readonly number[],
  target: number,
  lo: number,
  hi: number,
  tolX: number,
): number {
  const [c0, c1, c2, c3] = c as [number, number, number, number];
  // The cubic is written out (no closure): this runs once per event, thousands of times a year.
  const increasing = hi * (c1 + hi * (c2 + hi * c3)) > lo * (c1 + lo * (c2 + lo * c3));
  let x = (lo + hi) / 2;
  for (let i = 0; i < 60; i++) {
    const fx = c0 + x * (c1 + x * (c2 + x * c3)) - target;
    if (fx > 0 === increasing) hi = x;
    else lo = x;
    const d = c1 + x * (2 * c2 + 3 * x * c3);
    let next = d !== 0 ? x - fx / d : (lo + hi) / 2;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    const step = Math.abs(next - x);
    x = next;
    if (step < tolX || hi - lo < tolX) break;
  }
  return x;
}

/**
 * 0, the turning points of a cubic interval inside (0, 1) (a station), and 1: between two
 * consecutive cuts the curve is monotonic.
 */
function monotonicCuts(c: readonly number[]): number[] {
  const [, c1, c2, c3] = c as [number, number, number, number];
  // Turning points: roots of c1 + 2 c2 x + 3 c3 x^2 inside (0, 1).
  const cuts = [0];
  const qa = 3 * c3;
  const qb = 2 * c2;
  if (Math.abs(qa) > 1e-15) {
    const disc = qb * qb - 4 * qa * c1;
    if (disc > 0) {
      const r = Math.sqrt(disc);
      const roots = [(-qb - r) / (2 * qa), (-qb + r) / (2 * qa)].sort((x, y) => x - y);
      for (const x of roots) if (x > 0 && x < 1) cuts.push(x);
    }
  } else if (Math.abs(qb) > 1e-15) {
    const x = -c1 / qb;
    if (x > 0 && x < 1) cuts.push(x);
  }
  cuts.push(1);
  return cuts;
}

/** The curve of interval i at x in [0, 1]; the ends are the nodes themselves. */
const valueAt = (track: Track, i: number, c: readonly number[], x: number): number =>
  x === 0 ? track.lon[i]! : x === 1 ? track.lon[i + 1]! : c[0]! + x * (c[1]! + x * (c[2]! + x * c[3]!));
