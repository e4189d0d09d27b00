import {
  EXTRA_BODIES,
  type ExtraBodyName,
  type HdBodyName,
  type PlanetName,
  SE_BODY,
  SWISS_ID,
} from '../bodies/index.js';
import { type EclipseEphemeris, eclipseMethods } from './eclipses.js';
import {
  DESIGN_LAST_STEP_DAYS,
  DESIGN_MAX_ITERATIONS,
  designLookbackGuess,
  designTarget,
  wrap180,
} from './design.js';
import { HOUSE_SYSTEM_CODES, type Houses, type HouseSystem } from './houses.js';
import {
  bundledEphePath,
  calcAny,
  calcEcliptic,
  calcHouses,
  deltaTDays,
  libraryVersion,
  timeEquationDays,
  SEFLG,
  useEphePath,
} from './native.js';
import { assertHumanDesignBirth, assertSupportedJulianDay } from './range.js';

/** Apparent geocentric tropical ecliptic longitude of date, degrees in [0, 360), and its rate in deg/day. */
export interface Position {
  readonly longitude: number;
  readonly speed: number;
}

export type PlanetPositions = Readonly<Record<PlanetName, Position>>;
export type ExtraPositions = Readonly<Record<ExtraBodyName, Position>>;

/** The 13 Human Design bodies, keyed as in the body table (Earth and the south node derived). */
export type HdPositions = Readonly<Record<HdBodyName, Position>>;

export interface HumanDesignMoments {
  readonly personality: HdPositions;
  /** Julian day (UT) when the Sun stood exactly 88 degrees of arc before its birth longitude. */
  readonly designJdUT: number;
  readonly design: HdPositions;
}

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

export interface EphemerisOptions {
  /** Directory holding sepl_18.se1, semo_18.se1, seas_18.se1; defaults to the swisseph package's `ephe`. */
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
}

/** The ephemeris could not deliver data-file precision: a deployment fault, never the caller's. */
export class EphemerisError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EphemerisError';
  }
}

const FLAGS = SEFLG.SWIEPH | SEFLG.SPEED;
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

const opposite = (longitude: number): number => (longitude >= 180 ? longitude - 180 : longitude + 180);

function failure(body: number, jdUT: number, detail: string): EphemerisError {
  return new EphemerisError(`Swiss Ephemeris failed for body ${body} at JD ${jdUT} (UT): ${detail}`);
}

export function createEphemeris(options: EphemerisOptions = {}): Ephemeris {
  const ephePath = options.ephePath ?? bundledEphePath();

  useEphePath(ephePath, true);
  for (const [body, file] of PROBE_BODIES) {
    const r = calcEcliptic(PROBE_JD, body, FLAGS);
    if (typeof r === 'string' || (r.rflag & SEFLG.SWIEPH) === 0) {
      const what = typeof r === 'string' ? r : 'the result lacks SEFLG_SWIEPH (Moshier fallback)';
      throw new EphemerisError(
        `Swiss Ephemeris data file ${file} is not usable in "${ephePath}": ${what}. ` +
          'Refusing to start: without the files the library silently falls back to the ' +
          'low-precision Moshier model. Point ephePath at the swisseph package ephe/ directory.',
      );
    }
  }

  // Hot path: one native call per body, a range check per instant, no other allocation.
  const calc = (body: number, jdUT: number): Position => {
    const r = calcEcliptic(jdUT, body, FLAGS);
    if (typeof r === 'string') throw failure(body, jdUT, r);
    if ((r.rflag & SEFLG.SWIEPH) === 0)
      throw failure(body, jdUT, 'result lacks SEFLG_SWIEPH (Moshier fallback)');
    return { longitude: r.longitude, speed: r.longitudeSpeed };
  };

  const enter = (jdUT: number): void => {
    assertSupportedJulianDay(jdUT);
    useEphePath(ephePath);
  };

  const hdBodiesWithSun = (jdUT: number, sun: Position): HdPositions => {
    const node = calc(SWISS_ID.northNode, jdUT);
    return {
      sun,
      earth: { longitude: opposite(sun.longitude), speed: sun.speed },
      northNode: node,
      southNode: { longitude: opposite(node.longitude), speed: node.speed },
      moon: calc(SWISS_ID.moon, jdUT),
      mercury: calc(SWISS_ID.mercury, jdUT),
      venus: calc(SWISS_ID.venus, jdUT),
      mars: calc(SWISS_ID.mars, jdUT),
      jupiter: calc(SWISS_ID.jupiter, jdUT),
      saturn: calc(SWISS_ID.saturn, jdUT),
      uranus: calc(SWISS_ID.uranus, jdUT),
      neptune: calc(SWISS_ID.neptune, jdUT),
      pluto: calc(SWISS_ID.pluto, jdUT),
    };
  };

  /**
   * Newton on the Sun's longitude (its apparent speed is always 0.95-1.02 deg/day, never zero), from
   * designLookbackGuess; usually two Sun calls. Leaves the Sun's speed near the solution in `designSunSpeed`.
   */
  let designSunSpeed = 0;
  const solveDesign = (jdUT: number, target: number): number => {
    let t = jdUT - designLookbackGuess(jdUT);
    for (let i = 0; i < DESIGN_MAX_ITERATIONS; i++) {
      const sun = calc(SE_BODY.sun, t);
      const step = wrap180(sun.longitude - target) / sun.speed;
      t -= step;
      if (Math.abs(step) < DESIGN_LAST_STEP_DAYS) {
        designSunSpeed = sun.speed;
        return t;
      }
    }
    throw new EphemerisError(`design instant did not converge for JD ${jdUT} (UT)`);
  };

  const designInstant = (jdUT: number, birthSunLongitude?: number): number => {
    assertHumanDesignBirth(jdUT);
    if (birthSunLongitude !== undefined && !Number.isFinite(birthSunLongitude)) {
      throw new RangeError(`birth Sun longitude must be a finite number, got ${birthSunLongitude}`);
    }
    useEphePath(ephePath);
    return solveDesign(jdUT, designTarget(birthSunLongitude ?? calc(SE_BODY.sun, jdUT).longitude));
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
      return {
        sun: calc(SE_BODY.sun, jdUT),
        moon: calc(SE_BODY.moon, jdUT),
        trueNode: calc(SE_BODY.trueNode, jdUT),
        mercury: calc(SE_BODY.mercury, jdUT),
        venus: calc(SE_BODY.venus, jdUT),
        mars: calc(SE_BODY.mars, jdUT),
        jupiter: calc(SE_BODY.jupiter, jdUT),
        saturn: calc(SE_BODY.saturn, jdUT),
        uranus: calc(SE_BODY.uranus, jdUT),
        neptune: calc(SE_BODY.neptune, jdUT),
        pluto: calc(SE_BODY.pluto, jdUT),
      };
    },

    humanDesignBodies(jdUT) {
      enter(jdUT);
      return hdBodiesWithSun(jdUT, calc(SE_BODY.sun, jdUT));
    },

    designInstant,

    humanDesignMoments(jdUT) {
      assertHumanDesignBirth(jdUT);
      useEphePath(ephePath);
      const personality = hdBodiesWithSun(jdUT, calc(SE_BODY.sun, jdUT));
      const target = designTarget(personality.sun.longitude);
      const designJdUT = solveDesign(jdUT, target);
      // The solved instant puts the Sun on the target to ~1e-8 degrees: use the target, save a call.
      const sun = { longitude: target, speed: designSunSpeed };
      return { personality, designJdUT, design: hdBodiesWithSun(designJdUT, sun) };
    },

    extraBodies(jdUT) {
      enter(jdUT);
      const out = {} as Record<ExtraBodyName, Position>;
      for (const name of EXTRA_BODIES) out[name] = calc(SE_BODY[name], jdUT);
      return out;
    },

    houses(jdUT, latitude, longitude, system) {
      if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) {
        throw new RangeError(`not a place on Earth: latitude ${latitude}, longitude ${longitude}`);
      }
      const code = HOUSE_SYSTEM_CODES[system];
      if (code === undefined) throw new RangeError(`unknown house system: ${String(system)}`);
      enter(jdUT);
      const r = calcHouses(jdUT, latitude, longitude, code);
      if (typeof r === 'string') {
        if (code === 'P' || code === 'K') return null;
        throw new EphemerisError(`Swiss Ephemeris houses (${system}) failed at JD ${jdUT} (UT): ${r}`);
      }
      return { cusps: r.cusps, ascendant: r.ascendant, midheaven: r.mc, armc: r.armc };
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
      if (!Number.isInteger(bodyId) || bodyId < 0)
        throw new RangeError(`not a Swiss Ephemeris body number: ${bodyId}`);
      if ((flags & ~ALLOWED_FLAGS) !== 0) {
        throw new RangeError(`unsupported flags ${flags}: use CALC_FLAGS (the data-file flag is always set)`);
      }
      enter(jdUT);
      const r = calcAny(jdUT, bodyId, flags | SEFLG.SWIEPH);
      if (typeof r === 'string') throw failure(bodyId, jdUT, r);
      if ((r.rflag & SEFLG.SWIEPH) === 0)
        throw failure(bodyId, jdUT, 'result lacks SEFLG_SWIEPH (Moshier fallback)');
      return {
        longitude: r.a,
        latitude: r.b,
        distance: r.distance,
        longitudeSpeed: r.aSpeed,
        latitudeSpeed: r.bSpeed,
        distanceSpeed: r.distanceSpeed,
        flags: r.rflag,
      };
    },

    // Eclipse searches (eclipses.ts).
    ...eclipseMethods(enter),
  };
}
