import {
  lunarEclipseHow,
  lunarEclipseWhen,
  SE_ECL,
  siderealTimeHours,
  solarEclipseWhenGlobal,
  solarEclipseWhere,
} from './native.js';

/**
 * Eclipse searches of the Swiss Ephemeris, as Ephemeris methods (merged into createEphemeris).
 *
 * Moshier guard: the eclipse functions report eclipse type bits, not which ephemeris they used, so
 * the guard is by other means: createEphemeris has proved the data files are readable, and every
 * instant passed in is checked against the files' span (outside it the library would silently
 * switch to Moshier). A search started near the end of the span can return an eclipse beyond it:
 * callers keep only results inside their own (checked) range.
 */

/** `SE_ECL_*` bits as the library reports them in `flags`. */
export const ECLIPSE_FLAGS = SE_ECL;

export interface GlobalSolarEclipse {
  /** Greatest eclipse, JD UT. */
  readonly maximumJdUT: number;
  /** SE_ECL_* bits: TOTAL/ANNULAR/HYBRID/PARTIAL and CENTRAL/NONCENTRAL. */
  readonly flags: number;
  /** First and last contact of the penumbra with the Earth, JD UT. */
  readonly beginJdUT: number;
  readonly endJdUT: number;
}

export interface GlobalLunarEclipse {
  readonly maximumJdUT: number;
  /** SE_ECL_* bits: TOTAL/PARTIAL/PENUMBRAL. */
  readonly flags: number;
  readonly penumbralBeginJdUT: number;
  readonly penumbralEndJdUT: number;
}

export interface SolarEclipseWhere {
  /** Geographic point of greatest (or central) eclipse, degrees (east and north positive). */
  readonly longitude: number;
  readonly latitude: number;
  /**
   * Magnitude as NASA tables give it (the library's attr[8]): for a central eclipse the Moon/Sun
   * diameter ratio, otherwise the fraction of the solar diameter covered.
   */
  readonly magnitude: number;
  /** Fraction of the solar disc area covered there. */
  readonly obscuration: number;
}

export interface LunarEclipseHow {
  readonly umbralMagnitude: number;
  readonly penumbralMagnitude: number;
}

export interface EclipseEphemeris {
  /** The first solar eclipse whose greatest eclipse comes after `jdUT` (before it when `backward`). */
  nextSolarEclipse(jdUT: number, backward?: boolean): GlobalSolarEclipse;
  /** The first lunar eclipse (penumbral ones included) after `jdUT` (before it when `backward`). */
  nextLunarEclipse(jdUT: number, backward?: boolean): GlobalLunarEclipse;
  /** Where on Earth a solar eclipse is greatest at `jdUT` (its maximum), and how large it is there. */
  solarEclipseWhere(jdUT: number): SolarEclipseWhere;
  /** Umbral and penumbral magnitude of a lunar eclipse at `jdUT` (the same from anywhere on Earth). */
  lunarEclipseHow(jdUT: number): LunarEclipseHow;
  /** Greenwich apparent sidereal time at `jdUT`, hours in [0, 24). */
  siderealTime(jdUT: number): number;
}

function fail(what: string, jdUT: number, detail: string): Error {
  return new Error(`Swiss Ephemeris ${what} failed at JD ${jdUT} (UT): ${detail}`);
}

/** `enter` asserts the instant's range and re-selects this instance's ephemeris path. */
export function eclipseMethods(enter: (jdUT: number) => void): EclipseEphemeris {
  return {
    nextSolarEclipse(jdUT, backward = false) {
      enter(jdUT);
      const r = solarEclipseWhenGlobal(jdUT, 0, backward);
      if (typeof r === 'string') throw fail('solar eclipse search', jdUT, r);
      return { maximumJdUT: r.maximum, flags: r.rflag, beginJdUT: r.begin, endJdUT: r.end };
    },

    nextLunarEclipse(jdUT, backward = false) {
      enter(jdUT);
      const r = lunarEclipseWhen(jdUT, 0, backward);
      if (typeof r === 'string') throw fail('lunar eclipse search', jdUT, r);
      return {
        maximumJdUT: r.maximum,
        flags: r.rflag,
        penumbralBeginJdUT: r.penumbralBegin,
        penumbralEndJdUT: r.penumbralEnd,
      };
    },

    solarEclipseWhere(jdUT) {
      enter(jdUT);
      const r = solarEclipseWhere(jdUT);
      if (typeof r === 'string') throw fail('solar eclipse where', jdUT, r);
      return {
        longitude: r.longitude,
        latitude: r.latitude,
        magnitude: r.eclipseMagnitude,
        obscuration: r.solarDiscFraction,
      };
    },

    lunarEclipseHow(jdUT) {
      enter(jdUT);
      // Magnitudes do not depend on the observer; the library still wants a place (0/0, sea level).
      const r = lunarEclipseHow(jdUT, 0, 0, 0);
      if (typeof r === 'string') throw fail('lunar eclipse how', jdUT, r);
      return { umbralMagnitude: r.umbralMagnitude, penumbralMagnitude: r.penumbralMagnitude };
    },

    siderealTime(jdUT) {
      enter(jdUT);
      return siderealTimeHours(jdUT);
    },
  };
}
