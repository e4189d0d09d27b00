/**
 * Supported dates. The bundled files (sepl_18, semo_18, seas_18 from npm swisseph 0.5.17) start at
 * 1800-01-01 00:00 TT; apparent positions need the planet one light-time earlier (Pluto: 5.75 h), and
 * seas_18 ends 2399-12-31 23:51 UT (measured while writing src/core/ephemeris/range.ts). The range is
 * whole UT days inside that: 1800-01-02 .. 2399-12-30 (and the library's own end point moves with
 * its segment cache, another reason to enforce a range of our own). These tests prove (1) every body the service
 * uses really comes from the files at both ends of the range, (2) just outside it the library would
 * have fallen back silently, so the check is needed, and (3) out-of-range dates are a clear 400.
 * No tolerances: exact boundaries.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createEphemeris,
  type Ephemeris,
  HUMAN_DESIGN_BIRTH_RANGE,
  SE_BODY,
  SUPPORTED_RANGE,
} from '../../../src/core/ephemeris/index.js';
import { AppError } from '../../../src/core/errors.js';
import { jd } from '../../helpers/ephemeris.js';
import swisseph from '../../helpers/native-addon.js';

const SWIEPH = 2;
/** Every file-based body: planets, Moon, true node and osculating apogee (from the Moon), asteroids. */
const FILE_BODIES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 15, 16, 17, 18, 19, 20];

let ephemeris: Ephemeris;
beforeAll(() => {
  ephemeris = createEphemeris();
});

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('supported range', () => {
  it('labels match the Julian days', () => {
    expect(SUPPORTED_RANGE.startJdUT).toBe(jd(`${SUPPORTED_RANGE.firstDay}T00:00:00Z`));
    expect(SUPPORTED_RANGE.endJdUT).toBe(jd(`${SUPPORTED_RANGE.lastDay}T00:00:00Z`) + 1);
    expect(HUMAN_DESIGN_BIRTH_RANGE.startJdUT).toBe(jd(`${HUMAN_DESIGN_BIRTH_RANGE.firstDay}T00:00:00Z`));
  });

  it('is covered by the data files for every body at both ends', () => {
    const lastInstant = SUPPORTED_RANGE.endJdUT - 1 / 86_400;
    for (const jdUT of [SUPPORTED_RANGE.startJdUT, lastInstant]) {
      for (const body of FILE_BODIES) {
        expect(ephemeris.body(body, jdUT).flags & SWIEPH, `body ${body} at JD ${jdUT}`).toBe(SWIEPH);
      }
    }
  });

  it('needs the check: just outside, the raw library silently falls back or fails', () => {
    // The ephemeris above set the native path; call the binding directly, bypassing the guard.
    const flags = swisseph.SEFLG_SWIEPH | swisseph.SEFLG_SPEED;
    // Where exactly the library gives up depends on which file segments it has cached (measured:
    // the planets' end moved between 2400-01-07 and 2400-01-10 UT), so probe clearly outside.
    const fromFiles = (iso: string, body: number): boolean => {
      const r = swisseph.swe_calc_ut(jd(iso), body, flags);
      return 'rflag' in r && (r.rflag & SWIEPH) !== 0;
    };
    expect(fromFiles('1800-01-01T00:00:00Z', SE_BODY.pluto)).toBe(false);
    expect(fromFiles('2400-03-01T00:00:00Z', SE_BODY.sun)).toBe(false);
    // Chiron past seas_18 is an error or, right after an in-range call, silently not from the file.
    expect(fromFiles('2400-03-01T00:00:00Z', SE_BODY.chiron)).toBe(false);
  });

  it.each([
    ['1700-01-01T00:00:00Z', '1700-01-01'],
    ['2500-06-15T12:00:00Z', '2500-06-15'],
    ['1800-01-01T23:59:59Z', '1800-01-01'],
    ['2399-12-31T00:00:00Z', '2399-12-31'],
  ])('%s throws out_of_range naming the supported dates', (iso, day) => {
    for (const call of [
      () => ephemeris.planets(jd(iso)),
      () => ephemeris.humanDesignBodies(jd(iso)),
      () => ephemeris.position('sun', jd(iso)),
      () => ephemeris.body(SE_BODY.chiron, jd(iso)),
    ]) {
      const error = thrown(call);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('out_of_range');
      expect((error as AppError).message).toContain('1800-01-02 to 2399-12-30');
      expect((error as AppError).message).toContain(day);
    }
  });

  it('accepts the first and last supported instants', () => {
    expect(() => ephemeris.planets(SUPPORTED_RANGE.startJdUT)).not.toThrow();
    expect(() => ephemeris.planets(SUPPORTED_RANGE.endJdUT - 1e-6)).not.toThrow();
  });

  it('Human Design births need three more months at the start', () => {
    const early = jd('1800-03-01T00:00:00Z');
    expect(() => ephemeris.planets(early)).not.toThrow();
    for (const call of [() => ephemeris.designInstant(early), () => ephemeris.humanDesignMoments(early)]) {
      const error = thrown(call) as AppError;
      expect(error.code).toBe('out_of_range');
      expect(error.message).toContain('1800-04-08 to 2399-12-30');
    }
    expect(() => ephemeris.humanDesignMoments(HUMAN_DESIGN_BIRTH_RANGE.startJdUT)).not.toThrow();
  });

  it('a non-finite Julian day is a programming error, not a client error', () => {
    expect(() => ephemeris.planets(Number.NaN)).toThrow(RangeError);
    expect(() => ephemeris.position('sun', Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
