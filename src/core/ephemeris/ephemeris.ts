import { type ExtraBodyName, type PlanetName, SE_BODY } from '../bodies/index.js';
import { type Ayanamsa, ayanamsaAt } from './ayanamsa.js';
import { type EclipseEphemeris, eclipseMethods } from './eclipses.js';
import { EphemerisError, failure } from './ephemeris-error.js';
import { type BodyCalculation, bodyAt, CALC_FLAGS, checkBodyCall } from './generic.js';
import { houseQueryCode, type Houses, housesAt, type HouseSystem } from './houses.js';
import {
  bundledEphePath,
  calcEcliptic,
  deltaTDays,
  libraryVersion,
  SEFLG,
  timeEquationDays,
  useEphePath,
} from './native.js';
import {
  calc,
  designInstantAt,
  type ExtraPositions,
  extraBodiesAt,
  type HdPositions,
  hdBodiesWithSun,
  type HumanDesignMoments,
  humanDesignMomentsAt,
  type PlanetPositions,
  planetsAt,
  type Position,
  POSITION_FLAGS,
} from './positions.js';
import { assertHumanDesignBirth, assertSupportedJulianDay } from './range.js';

export interface EphemerisOptions {
  /** Directory holding sepl_18.se1, semo_18.se1, seas_18.se1; defaults to vendor/swisseph-ephe. */
  ephePath?: string;
}

export interface Ephemeris extends EclipseEphemeris {
  readonly ephePath: string;
  /** Swiss Ephemeris library version, e.g. "2.09.03". */
  readonly version: string;
  /** Apparent longitude and speed of one of the chart bodies with its own call (`planets()` or `extraBodies()`). */
  position(body: PlanetName | ExtraBodyName, jdUT: number): Position;
  /** Sun, Moon, true node and Mercury-Pluto at one instant. */
  planets(jdUT: number): PlanetPositions;
  /** The 13 Human Design bodies (Earth and south node derived exactly, with the speeds of Sun and node). */
  humanDesignBodies(jdUT: number): HdPositions;
  /**
   * The design instant: when the Sun's apparent longitude was 88 degrees of arc before its longitude
   * at `jdUT`. Pass the birth Sun longitude when already known to save one ephemeris call.
   */
  designInstant(jdUT: number, birthSunLongitude?: number): number;
  /** Personality bodies, design instant and design bodies in one go (the Human Design hot path). */
  humanDesignMoments(jdUT: number): HumanDesignMoments;
  /** Delta T = TT - UT in seconds at `jdUT`, as the ephemeris applies it (for TT-based sources such as eclipse tables). */
  deltaT(jdUT: number): number;
  /**
   * Equation of time in minutes at `jdUT`: apparent solar time minus local mean time (about -14 in
   * mid-February, +16 in early November). Apparent solar time = UT + longitude/15 h + this.
   */
  equationOfTime(jdUT: number): number;
  /** Mean Black Moon Lilith (mean lunar apogee), Chiron, Ceres, Pallas, Juno and Vesta at one instant. */
  extraBodies(jdUT: number): ExtraPositions;
  /**
   * Cusps and angles for a house system at a place (latitude -90..90, longitude east positive).
   * `null` where the system is undefined there: Placidus and Koch inside the polar circles.
   */
  houses(jdUT: number, latitude: number, longitude: number, system: HouseSystem): Houses | null;
  /** Any Swiss Ephemeris body number (`SE_BODY`, or SE_AST_OFFSET + MPC number) with `CALC_FLAGS`. */
  body(bodyId: number, jdUT: number, flags?: number): BodyCalculation;
  /** The true ayanamsa (nutation included) at `jdUT`, degrees: tropical minus sidereal longitude. */
  ayanamsa(jdUT: number, which: Ayanamsa): number;
}

const SECONDS_PER_DAY = 86_400;
const MINUTES_PER_DAY = 1_440;
/**
 * The probe date (J2000.0) and bodies, covering each data file. The Moon alone cannot prove semo_18
 * is there: without it the library substitutes its Moshier Moon and still reports SEFLG_SWIEPH
 * (measured: 0.09" off at J2000), but the true node, computed from the Moon, reports SEFLG_MOSEPH.
 */
const PROBE_JD = 2_451_545.0;
const PROBE_BODIES = [
  [SE_BODY.sun, 'sepl_18.se1'],
  [SE_BODY.moon, 'semo_18.se1'],
  [SE_BODY.trueNode, 'semo_18.se1'],
  [SE_BODY.chiron, 'seas_18.se1'],
] as const;

/** Refuses to start on missing or unreadable data files, where the library would silently fall back to Moshier. */
function probeDataFiles(ephePath: string): void {
  for (const [body, file] of PROBE_BODIES) {
    const r = calcEcliptic(PROBE_JD, body, POSITION_FLAGS);
    if (typeof r === 'string' || (r.rflag & SEFLG.SWIEPH) === 0) {
      const what = typeof r === 'string' ? r : 'the result lacks SEFLG_SWIEPH (Moshier fallback)';
      throw new EphemerisError(
        `Swiss Ephemeris data file ${file} is not usable in "${ephePath}": ${what}. ` +
          'Refusing to start: without the files the library silently falls back to the ' +
          'low-precision Moshier model. Point ephePath at the vendor/swisseph-ephe directory of the package.',
      );
    }
  }
}

/**
 * The ephemeris on the data files at `ephePath`: every method checks its instant against the files'
 * span and re-asserts this instance's path, then computes (positions.ts, generic.ts, houses.ts,
 * eclipses.ts).
 */
export function createEphemeris(options: EphemerisOptions = {}): Ephemeris {
  const ephePath = options.ephePath ?? bundledEphePath();
  useEphePath(ephePath, true);
  probeDataFiles(ephePath);

  const enter = (jdUT: number): void => {
    assertSupportedJulianDay(jdUT);
    useEphePath(ephePath);
  };
  // Human Design births reach 88 degrees of solar arc back: a narrower range than `enter`'s.
  const enterHumanDesign = (jdUT: number): void => {
    assertHumanDesignBirth(jdUT);
    useEphePath(ephePath);
  };

  return {
    ephePath,
    version: libraryVersion(),

    position(body, jdUT) {
      enter(jdUT);
      return calc(SE_BODY[body], jdUT);
    },

    planets(jdUT) {
      enter(jdUT);
      return planetsAt(jdUT);
    },

    humanDesignBodies(jdUT) {
      enter(jdUT);
      return hdBodiesWithSun(jdUT, calc(SE_BODY.sun, jdUT));
    },

    designInstant(jdUT, birthSunLongitude) {
      enterHumanDesign(jdUT);
      return designInstantAt(jdUT, birthSunLongitude);
    },

    humanDesignMoments(jdUT) {
      enterHumanDesign(jdUT);
      return humanDesignMomentsAt(jdUT);
    },

    extraBodies(jdUT) {
      enter(jdUT);
      return extraBodiesAt(jdUT);
    },

    houses(jdUT, latitude, longitude, system) {
      const code = houseQueryCode(latitude, longitude, system);
      enter(jdUT);
      return housesAt(jdUT, latitude, longitude, code, system);
    },

    deltaT(jdUT) {
      enter(jdUT);
      return deltaTDays(jdUT) * SECONDS_PER_DAY;
    },

    equationOfTime(jdUT) {
      enter(jdUT);
      const days = timeEquationDays(jdUT);
      if (typeof days === 'string') throw failure(SE_BODY.sun, jdUT, days);
      return days * MINUTES_PER_DAY;
    },

    body(bodyId, jdUT, flags = CALC_FLAGS.SPEED) {
      checkBodyCall(bodyId, flags);
      enter(jdUT);
      return bodyAt(bodyId, jdUT, flags);
    },

    ayanamsa(jdUT, which) {
      enter(jdUT);
      return ayanamsaAt(jdUT, which);
    },

    // Eclipse searches (eclipses.ts).
    ...eclipseMethods(enter),
  };
}
