/**
 * The Swiss Ephemeris build the service runs (EPHEMERIS), called raw for the benches' floors: an
 * instance of its own with the bundled data files, so a floor measures the same build and the same
 * files as the code it is the floor of (the native addon without its path set falls back to the
 * analytical Moshier ephemeris, 4x slower).
 */
import { bundledEphePath } from '../src/core/ephemeris/index.js';
import { chooseLibrary } from '../src/core/ephemeris/swiss-choice.js';

/** SEFLG_SWIEPH | SEFLG_SPEED. */
export const RAW_FLAGS = 2 | 256;

export const RAW = chooseLibrary().library;
RAW.setEphePath(bundledEphePath());

/** `swe_calc_ut`'s longitude and its speed; throws where the library refused. */
export function rawLongitude(jdUT: number, body: number): { longitude: number; speed: number } {
  const r = RAW.calcUt(jdUT, body, RAW_FLAGS);
  if (typeof r === 'string') throw new Error(`swe_calc_ut failed for body ${body}: ${r}`);
  return { longitude: r.xx[0]!, speed: r.xx[3]! };
}
