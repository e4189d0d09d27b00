/**
 * The ephemeris additions for astrology: houses per system and the extra bodies.
 * - Houses: the ascendant and midheaven must be the standard spherical-astronomy functions of the
 *   returned sidereal angle (ARMC) and the obliquity (Meeus, Astronomical Algorithms ch. 13/24:
 *   tan MC = tan ARMC / cos eps; ASC = atan2(cos ARMC, -(sin ARMC cos eps + tan phi sin eps))), with
 *   the true obliquity from astronomy-engine, within 1"; Placidus and Koch answer null inside the
 *   polar circle (reference astrology-bazi-location.md A1: the library refuses them), other systems
 *   do not; bad places and systems are a RangeError.
 * - Extra bodies: the same numbers as the generic single-body call for SE ids 12, 15, 17-20, each
 *   with the data-file flag (reference A5: rflag 258).
 */
import * as Astronomy from 'astronomy-engine';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createEphemeris,
  type Ephemeris,
  EXTRA_BODIES,
  HOUSE_SYSTEMS,
  type HouseSystem,
  SE_BODY,
} from '../../../src/core/ephemeris/index.js';
import {
  ARCSEC_PER_DEGREE,
  angleDiff,
  J2000,
  jd,
  SECONDS_PER_DAY,
  seededRandom,
} from '../../helpers/ephemeris.js';

const ANGLE_TOLERANCE_ARCSEC = 1;
const DEG = Math.PI / 180;

let ephemeris: Ephemeris;
beforeAll(() => {
  ephemeris = createEphemeris();
});

const trueObliquity = (jdUT: number): number =>
  Astronomy.e_tilt(
    Astronomy.AstroTime.FromTerrestrialTime(jdUT + ephemeris.deltaT(jdUT) / SECONDS_PER_DAY - J2000),
  ).tobl;

describe('houses', () => {
  it('ascendant and midheaven follow from ARMC, obliquity and latitude', () => {
    const random = seededRandom(3);
    for (let i = 0; i < 200; i++) {
      const t = jd('1900-01-01T00:00:00Z') + random() * 73_000;
      const lat = -60 + random() * 120;
      const h = ephemeris.houses(t, lat, -180 + random() * 360, 'porphyry')!;
      const eps = trueObliquity(t) * DEG;
      const armc = h.armc * DEG;
      const mc = Math.atan2(Math.sin(armc), Math.cos(armc) * Math.cos(eps)) / DEG;
      const asc =
        Math.atan2(Math.cos(armc), -(Math.sin(armc) * Math.cos(eps) + Math.tan(lat * DEG) * Math.sin(eps))) /
        DEG;
      expect(Math.abs(angleDiff(h.midheaven, mc)) * ARCSEC_PER_DEGREE).toBeLessThan(ANGLE_TOLERANCE_ARCSEC);
      expect(Math.abs(angleDiff(h.ascendant, asc)) * ARCSEC_PER_DEGREE).toBeLessThan(ANGLE_TOLERANCE_ARCSEC);
    }
  });

  it('Placidus and Koch are null inside the polar circle, the others answer', () => {
    const t = jd('2000-01-01T11:00:00Z');
    for (const system of HOUSE_SYSTEMS) {
      const h = ephemeris.houses(t, 69.65, 18.96, system);
      if (system === 'placidus' || system === 'koch') expect(h, system).toBeNull();
      else expect(h?.cusps, system).toHaveLength(12);
      expect(ephemeris.houses(t, 45, 18.96, system)?.cusps, system).toHaveLength(12);
    }
  });

  it('rejects places off the globe and unknown systems', () => {
    const t = jd('2000-01-01T11:00:00Z');
    expect(() => ephemeris.houses(t, 91, 0, 'placidus')).toThrow(RangeError);
    expect(() => ephemeris.houses(t, Number.NaN, 0, 'placidus')).toThrow(RangeError);
    expect(() => ephemeris.houses(t, 10, 181, 'placidus')).toThrow(RangeError);
    expect(() => ephemeris.houses(t, 10, 0, 'topocentric' as HouseSystem)).toThrow(RangeError);
    expect(() => ephemeris.houses(2_300_000, 10, 0, 'placidus')).toThrow(/outside the supported dates/);
  });
});

describe('extra bodies', () => {
  it('match the generic call with the data-file flag', () => {
    const t = jd('1987-03-04T05:06:00Z');
    const extra = ephemeris.extraBodies(t);
    for (const name of EXTRA_BODIES) {
      const generic = ephemeris.body(SE_BODY[name], t);
      expect(generic.flags & 2, name).toBe(2);
      expect(extra[name], name).toEqual({ longitude: generic.longitude, speed: generic.longitudeSpeed });
    }
  });
});
