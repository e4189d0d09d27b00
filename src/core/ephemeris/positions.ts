import {
  EXTRA_BODIES,
  type ExtraBodyName,
  type HdBodyName,
  type PlanetName,
  SE_BODY,
  SWISS_ID,
} from '../bodies/index.js';
import {
  DESIGN_LAST_STEP_DAYS,
  DESIGN_MAX_ITERATIONS,
  designLookbackGuess,
  designTarget,
  wrap180,
} from './design.js';
import { EphemerisError, failure, MOSHIER_FALLBACK } from './ephemeris-error.js';
import { calcEcliptic, SEFLG } from './native.js';

/**
 * The chart positions: one native call per body with its own Swiss Ephemeris number, the derived
 * bodies copied opposite their source, and the design instant solved on the Sun. The hot path of
 * every chart: callers check the instant and the data path first (createEphemeris), these only
 * compute, with no allocation beyond the positions returned.
 */

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

/** Data files only, with speeds. */
export const POSITION_FLAGS = SEFLG.SWIEPH | SEFLG.SPEED;

/** One body at one instant; throws when the library fails or falls back to Moshier. */
export function calc(body: number, jdUT: number): Position {
  const r = calcEcliptic(jdUT, body, POSITION_FLAGS);
  if (typeof r === 'string') throw failure(body, jdUT, r);
  if ((r.rflag & SEFLG.SWIEPH) === 0) throw failure(body, jdUT, MOSHIER_FALLBACK);
  return { longitude: r.longitude, speed: r.longitudeSpeed };
}

const opposite = (longitude: number): number => (longitude >= 180 ? longitude - 180 : longitude + 180);

// The two records below name their bodies one by one, typed by the body table: an object literal
// keeps every position inside the object, where filling it in a loop over the table would add a
// property store per record on the hot path.

/** Sun, Moon, true node and Mercury-Pluto (the keys of `PLANET_KEYS`). */
export function planetsAt(jdUT: number): PlanetPositions {
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
}

/** The 13 Human Design bodies around a known Sun; Earth and the south node as the table derives them. */
export function hdBodiesWithSun(jdUT: number, sun: Position): HdPositions {
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
}

/** The astrology points and asteroids beyond the planets (`EXTRA_BODIES`). */
export function extraBodiesAt(jdUT: number): ExtraPositions {
  const out = {} as Record<ExtraBodyName, Position>;
  for (const name of EXTRA_BODIES) out[name] = calc(SE_BODY[name], jdUT);
  return out;
}

/** The Sun's speed at the last Newton step of `solveDesign`, read right after it returns (saves an allocation). */
let solvedSunSpeed = 0;

/**
 * Newton on the Sun's longitude (its apparent speed is always 0.95-1.02 deg/day, never zero), from
 * designLookbackGuess; usually two Sun calls. Leaves the Sun's speed near the solution in `solvedSunSpeed`.
 */
function solveDesign(jdUT: number, target: number): number {
  let t = jdUT - designLookbackGuess(jdUT);
  for (let i = 0; i < DESIGN_MAX_ITERATIONS; i++) {
    const sun = calc(SE_BODY.sun, t);
    const step = wrap180(sun.longitude - target) / sun.speed;
    t -= step;
    if (Math.abs(step) < DESIGN_LAST_STEP_DAYS) {
      solvedSunSpeed = sun.speed;
      return t;
    }
  }
  throw new EphemerisError(`design instant did not converge for JD ${jdUT} (UT)`);
}

/** When the Sun stood 88 degrees of arc before its longitude at `jdUT` (or before `birthSunLongitude`). */
export function designInstantAt(jdUT: number, birthSunLongitude?: number): number {
  if (birthSunLongitude !== undefined && !Number.isFinite(birthSunLongitude)) {
    throw new RangeError(`birth Sun longitude must be a finite number, got ${birthSunLongitude}`);
  }
  return solveDesign(jdUT, designTarget(birthSunLongitude ?? calc(SE_BODY.sun, jdUT).longitude));
}

/** Personality bodies, design instant and design bodies. */
export function humanDesignMomentsAt(jdUT: number): HumanDesignMoments {
  const personality = hdBodiesWithSun(jdUT, calc(SE_BODY.sun, jdUT));
  const target = designTarget(personality.sun.longitude);
  const designJdUT = solveDesign(jdUT, target);
  // The solved instant puts the Sun on the target to ~1e-8 degrees: use the target, save a call.
  const sun = { longitude: target, speed: solvedSunSpeed };
  return { personality, designJdUT, design: hdBodiesWithSun(designJdUT, sun) };
}
