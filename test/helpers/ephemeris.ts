/**
 * Test helpers for the ephemeris tests: a seeded PRNG (so random samples are reproducible), angle
 * arithmetic and UTC -> Julian day. Positions are read as gates with the tests' own wheel,
 * test/fixtures/wheel.ts, so position checks do not depend on src/core/human-design.
 */
import type { HdBodyName } from '../../src/core/ephemeris/index.js';
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

/** A chart's planet name (as the V2 chart and the fixtures write it) -> the ephemeris body name. */
export const EPHEMERIS_BODY_OF = {
  Sun: 'sun',
  Earth: 'earth',
  Rahu: 'northNode',
  Ketu: 'southNode',
  Moon: 'moon',
  Mercury: 'mercury',
  Venus: 'venus',
  Mars: 'mars',
  Jupiter: 'jupiter',
  Saturn: 'saturn',
  Uranus: 'uranus',
  Neptune: 'neptune',
  Pluto: 'pluto',
} as const satisfies Record<string, HdBodyName>;
