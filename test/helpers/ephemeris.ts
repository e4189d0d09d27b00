/**
 * Test helpers for the ephemeris tests: a seeded PRNG (so random samples are reproducible), angle
 * arithmetic, UTC -> Julian day, and an independent minimal Rave Mandala wheel (gate.line only) written
 * from shared/reference/human-design.md sections 1.2-1.3, so position checks do not depend on
 * src/core/human-design.
 */
import { julianDayUT } from '../../src/core/time/index.js';

/** mulberry32: tiny, fast, good enough to spread sample instants; same seed -> same sequence. */
export function seededRandom(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** a - b folded into [-180, 180) degrees. */
export const angleDiff = (a: number, b: number): number => ((((a - b + 180) % 360) + 360) % 360) - 180;

export const ARCSEC_PER_DEGREE = 3600;
export const SECONDS_PER_DAY = 86_400;
/** Julian day of J2000.0 (2000-01-01 12:00 TT), astronomy-engine's time origin. */
export const J2000 = 2_451_545.0;

/** Julian day (UT) of a UTC calendar time, e.g. jd('1982-03-27T14:05:00Z'). */
export const jd = (iso: string): number => julianDayUT(Date.parse(iso));

/** Wheel order from gate 41 at 302 degrees (reference section 1.1). */
const WHEEL = [
  41, 19, 13, 49, 30, 55, 37, 63, 22, 36, 25, 17, 21, 51, 42, 3, 27, 24, 2, 23, 8, 20, 16, 35, 45, 12, 15, 52,
  39, 53, 62, 56, 31, 33, 7, 4, 29, 59, 40, 64, 47, 6, 46, 18, 48, 57, 32, 50, 28, 44, 1, 43, 14, 34, 9, 5,
  26, 11, 10, 58, 38, 54, 61, 60,
] as const;
const WHEEL_START = 302;
const GATE_DEGREES = 360 / 64;
const LINE_DEGREES = GATE_DEGREES / 6;

/** Longitude -> "gate.line" (start-inclusive intervals). */
export function gateLine(longitude: number): string {
  const x = (((longitude - WHEEL_START) % 360) + 360) % 360;
  const index = Math.floor(x / GATE_DEGREES);
  const line = Math.floor((x - index * GATE_DEGREES) / LINE_DEGREES) + 1;
  return `${WHEEL[index]}.${line}`;
}
