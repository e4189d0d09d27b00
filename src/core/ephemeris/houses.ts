import { EphemerisError } from './ephemeris-error.js';
import { calcHouses } from './native.js';

/**
 * House systems the ephemeris computes, by the names the service uses, and the Swiss Ephemeris letter
 * of each (`hsys` of swe_houses, swephexp.h).
 */
export const HOUSE_SYSTEM_CODES = {
  placidus: 'P',
  koch: 'K',
  'whole-sign': 'W',
  equal: 'E',
  porphyry: 'O',
  regiomontanus: 'R',
  campanus: 'C',
} as const;

export type HouseSystem = keyof typeof HOUSE_SYSTEM_CODES;
export const HOUSE_SYSTEMS = Object.keys(HOUSE_SYSTEM_CODES) as HouseSystem[];

/** Cusps and angles at one instant and place (tropical ecliptic longitudes, degrees in [0, 360)). */
export interface Houses {
  /** Cusps of houses 1-12, index 0 = cusp 1. */
  readonly cusps: readonly number[];
  readonly ascendant: number;
  readonly midheaven: number;
  /** Local apparent sidereal time as an angle (right ascension of the meridian), degrees. */
  readonly armc: number;
}

/** The system's letter for a query at a place on Earth; throws on anything else. */
export function houseQueryCode(latitude: number, longitude: number, system: HouseSystem): string {
  if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) {
    throw new RangeError(`not a place on Earth: latitude ${latitude}, longitude ${longitude}`);
  }
  const code = HOUSE_SYSTEM_CODES[system];
  if (code === undefined) throw new RangeError(`unknown house system: ${String(system)}`);
  return code;
}

/** Cusps and angles; null where Placidus or Koch are undefined (inside the polar circles). */
export function housesAt(
  jdUT: number,
  latitude: number,
  longitude: number,
  code: string,
  system: HouseSystem,
): Houses | null {
  const r = calcHouses(jdUT, latitude, longitude, code);
  if (typeof r === 'string') {
    if (code === 'P' || code === 'K') return null;
    throw new EphemerisError(`Swiss Ephemeris houses (${system}) failed at JD ${jdUT} (UT): ${r}`);
  }
  return { cusps: r.cusps, ascendant: r.ascendant, midheaven: r.mc, armc: r.armc };
}
