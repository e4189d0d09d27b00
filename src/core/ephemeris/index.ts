// The body keys of the ephemeris' records and the Swiss Ephemeris numbers, from the body table.
export {
  EXTRA_BODIES,
  type ExtraBodyName,
  HD_BODIES,
  type HdBodyName,
  PLANET_KEYS,
  type PlanetName,
  SE_BODY,
} from '../bodies/index.js';
export { type Ayanamsa, AYANAMSA_MODES, AYANAMSAS, DEFAULT_AYANAMSA } from './ayanamsa.js';
export { createEphemeris, type Ephemeris, type EphemerisOptions } from './ephemeris.js';
export { EphemerisError } from './ephemeris-error.js';
export { type BodyCalculation, CALC_FLAGS } from './generic.js';
export {
  type ExtraPositions,
  type HdPositions,
  type HumanDesignMoments,
  type PlanetPositions,
  type Position,
} from './positions.js';
export { HOUSE_SYSTEM_CODES, HOUSE_SYSTEMS, type Houses, type HouseSystem } from './houses.js';
export {
  ECLIPSE_FLAGS,
  type EclipseEphemeris,
  type GlobalLunarEclipse,
  type GlobalSolarEclipse,
  type LunarEclipseHow,
  type SolarEclipseWhere,
} from './eclipses.js';
export { bundledEphePath, ENGINE as EPHEMERIS_ENGINE } from './native.js';
export { AUTO_ENGINE, ENGINE_SETTINGS } from './swiss-choice.js';
export {
  assertDesignSideBirth,
  assertHumanDesignBirth,
  assertSupportedJulianDay,
  DESIGN_LOOKBACK_MAX_DAYS,
  describeJulianDay,
  HUMAN_DESIGN_BIRTH_RANGE,
  isSupportedJulianDay,
  SUPPORTED_RANGE,
} from './range.js';
