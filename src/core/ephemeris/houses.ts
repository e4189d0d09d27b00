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
