import { EphemerisError } from './ephemeris-error.js';
import { ayanamsaDegrees } from './native.js';

/**
 * The sidereal zodiacs the service offers: Swiss Ephemeris' own predefined ayanamsas (`SE_SIDM_*` in
 * swephexp.h), by the names the service uses. Lahiri (the Indian government's Chitrapaksha) first:
 * it is the default.
 */
export const AYANAMSA_MODES = {
  lahiri: 1,
  'fagan-bradley': 0,
  krishnamurti: 5,
  raman: 3,
  'true-chitra': 27,
} as const;

export type Ayanamsa = keyof typeof AYANAMSA_MODES;
export const AYANAMSAS = Object.keys(AYANAMSA_MODES) as Ayanamsa[];
export const DEFAULT_AYANAMSA: Ayanamsa = 'lahiri';

/**
 * The true ayanamsa at a UT instant, degrees: the mean one plus nutation in longitude, so that a
 * tropical apparent longitude minus it is the sidereal longitude Swiss Ephemeris' own sidereal mode
 * (SEFLG_SIDEREAL) gives.
 */
export function ayanamsaAt(jdUT: number, which: Ayanamsa): number {
  const mode = AYANAMSA_MODES[which];
  if (mode === undefined) throw new RangeError(`unknown ayanamsa: ${String(which)}`);
  const r = ayanamsaDegrees(jdUT, mode);
  if (typeof r === 'string') {
    throw new EphemerisError(`Swiss Ephemeris ayanamsa (${which}) failed at JD ${jdUT} (UT): ${r}`);
  }
  return r;
}
