import { failure, MOSHIER_FALLBACK } from './ephemeris-error.js';
import { calcAny, SEFLG } from './native.js';

/** The generic single-body call: any Swiss Ephemeris body number with the flags astrology needs. */

/**
 * Result of the generic call. With `CALC_FLAGS.EQUATORIAL`, `longitude`/`latitude` carry right
 * ascension/declination (degrees). `flags` is what the library reports it actually did.
 */
export interface BodyCalculation {
  readonly longitude: number;
  readonly latitude: number;
  /** AU */
  readonly distance: number;
  readonly longitudeSpeed: number;
  readonly latitudeSpeed: number;
  readonly distanceSpeed: number;
  readonly flags: number;
}

/** Flags the generic call accepts; the Swiss Ephemeris data-file flag is always added. */
export const CALC_FLAGS = {
  SPEED: SEFLG.SPEED,
  EQUATORIAL: SEFLG.EQUATORIAL,
  HELIOCENTRIC: SEFLG.HELCTR,
  BARYCENTRIC: SEFLG.BARYCTR,
  TRUE_POSITION: SEFLG.TRUEPOS,
  NO_ABERRATION: SEFLG.NOABERR,
  NO_DEFLECTION: SEFLG.NOGDEFL,
  J2000: SEFLG.J2000,
  NO_NUTATION: SEFLG.NONUT,
} as const;

const ALLOWED_FLAGS = Object.values(CALC_FLAGS).reduce((a, b) => a | b, 0);

/** Refuses what is not a body number or carries a flag outside `CALC_FLAGS`. */
export function checkBodyCall(bodyId: number, flags: number): void {
  if (!Number.isInteger(bodyId) || bodyId < 0)
    throw new RangeError(`not a Swiss Ephemeris body number: ${bodyId}`);
  if ((flags & ~ALLOWED_FLAGS) !== 0) {
    throw new RangeError(`unsupported flags ${flags}: use CALC_FLAGS (the data-file flag is always set)`);
  }
}

/** One body with the data files; throws when the library fails or falls back to Moshier. */
export function bodyAt(bodyId: number, jdUT: number, flags: number): BodyCalculation {
  const r = calcAny(jdUT, bodyId, flags | SEFLG.SWIEPH);
  if (typeof r === 'string') throw failure(bodyId, jdUT, r);
  if ((r.rflag & SEFLG.SWIEPH) === 0) throw failure(bodyId, jdUT, MOSHIER_FALLBACK);
  return {
    longitude: r.a,
    latitude: r.b,
    distance: r.distance,
    longitudeSpeed: r.aSpeed,
    latitudeSpeed: r.bSpeed,
    distanceSpeed: r.distanceSpeed,
    flags: r.rflag,
  };
}
