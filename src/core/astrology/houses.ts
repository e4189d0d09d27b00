import type { Ephemeris, Houses, HouseSystem } from '../ephemeris/index.js';
import { fromTropical } from './sidereal.js';
import { forwardArc, normalizeDegrees, signIndexOf } from './zodiac.js';

/**
 * House cusps for a chart, never silently wrong: Placidus and Koch are undefined inside the polar
 * circles (the library refuses them), and Regiomontanus and Campanus, though defined there, can come
 * back with cusps running clockwise or collapsed onto each other. Either way the chart falls back to
 * Porphyry (equal houses if even that degenerates, at a pole), says which system it used, and the
 * caller is told why. Latitudes are never clamped: the angles are those of the true place.
 * (Reference astrology-bazi-location.md A1.)
 */

export const DEFAULT_HOUSE_SYSTEM: HouseSystem = 'placidus';
const FALLBACKS: readonly HouseSystem[] = ['porphyry', 'equal'];

export const HOUSE_SYSTEM_LABELS: Record<HouseSystem, string> = {
  placidus: 'Placidus',
  koch: 'Koch',
  'whole-sign': 'Whole Sign',
  equal: 'Equal',
  porphyry: 'Porphyry',
  regiomontanus: 'Regiomontanus',
  campanus: 'Campanus',
};

export type HouseFallbackReason = 'undefined' | 'out-of-order';

export interface ChartHouses extends Houses {
  requested: HouseSystem;
  used: HouseSystem;
  /** Why `used` differs from `requested`. */
  fallback?: HouseFallbackReason;
}

/** Smallest forward arc between consecutive cusps accepted as a house (0.1 arc-second). */
const MIN_HOUSE_ARC = 1 / 36_000;

/** Twelve cusps that run counter-clockwise once around the circle, each house of positive size. */
export function cuspsInOrder(cusps: readonly number[]): boolean {
  if (cusps.length !== 12) return false;
  let total = 0;
  for (let i = 0; i < 12; i++) {
    const arc = forwardArc(cusps[i] as number, cusps[(i + 1) % 12] as number);
    if (arc < MIN_HOUSE_ARC) return false;
    total += arc;
  }
  return Math.abs(total - 360) < 1e-6;
}

/** Cusps and angles moved into a sidereal zodiac (the local sidereal angle `armc` is equatorial: kept). */
function sidereal(h: Houses, ayanamsa: number | undefined): Houses {
  if (ayanamsa === undefined) return h;
  const shift = (lon: number) => fromTropical(lon, ayanamsa);
  return {
    cusps: h.cusps.map(shift),
    ascendant: shift(h.ascendant),
    midheaven: shift(h.midheaven),
    armc: h.armc,
  };
}

/** The library's cusps in [0, 360); whole-sign cusps rebuilt from the ascendant's own sign. */
function normalized(h: Houses, system: HouseSystem): Houses {
  const ascendant = normalizeDegrees(h.ascendant);
  let cusps: number[];
  if (system === 'whole-sign') {
    // The library can put cusp 1 in the sign before an ascendant of 359.99999999999: take the sign we print.
    const first = signIndexOf(ascendant);
    cusps = Array.from({ length: 12 }, (_, i) => ((first + i) % 12) * 30);
  } else {
    cusps = h.cusps.map(normalizeDegrees);
  }
  return { cusps, ascendant, midheaven: normalizeDegrees(h.midheaven), armc: h.armc };
}

/**
 * `ayanamsa` (degrees) reads the chart in a sidereal zodiac: whole-sign houses then start at the
 * sidereal sign of the ascendant, every other system's cusps move by the ayanamsa.
 */
export function chartHouses(
  ephemeris: Ephemeris,
  jdUT: number,
  latitude: number,
  longitude: number,
  requested: HouseSystem,
  ayanamsa?: number,
): ChartHouses {
  let fallback: HouseFallbackReason | undefined;
  for (const system of [requested, ...FALLBACKS]) {
    const raw = ephemeris.houses(jdUT, latitude, longitude, system);
    if (raw === null) {
      fallback ??= 'undefined';
      continue;
    }
    const houses = normalized(sidereal(raw, ayanamsa), system);
    if (!cuspsInOrder(houses.cusps)) {
      fallback ??= 'out-of-order';
      continue;
    }
    return fallback
      ? { ...houses, requested, used: system, fallback }
      : { ...houses, requested, used: system };
  }
  // Equal houses always run in order (30° steps from the ascendant); reaching here is a library fault.
  throw new Error(`no house system gave ordered cusps at JD ${jdUT}, latitude ${latitude}`);
}

/** The warning a caller reads when the chart does not use the system asked for. */
export function houseFallbackWarning(
  houses: ChartHouses,
  latitude: number,
  sides: readonly string[],
): string {
  const asked = HOUSE_SYSTEM_LABELS[houses.requested];
  const used = HOUSE_SYSTEM_LABELS[houses.used];
  const where = `latitude ${latitude.toFixed(2)}°`;
  const why =
    houses.fallback === 'undefined'
      ? `${asked} houses are undefined at ${where} (inside the polar circle, some ecliptic degrees never rise or set)`
      : `${asked} house cusps at ${where} come out of order at this moment (a polar-latitude effect)`;
  const charts = sides.length > 1 ? `${sides.join(' and ')} charts use` : `${sides.join('')} chart uses`;
  return `${why}; the ${charts} ${used} houses instead. The ascendant and midheaven are those of the true latitude.`;
}

/**
 * House (1-12) of a longitude: the half-open arc [cusp n, cusp n+1) on the circle, so a body exactly
 * on a cusp belongs to the house that cusp opens, and every longitude has exactly one house.
 */
export function houseOf(longitude: number, cusps: readonly number[]): number {
  const lon = normalizeDegrees(longitude);
  for (let i = 0; i < 12; i++) {
    const start = cusps[i] as number;
    const size = forwardArc(start, cusps[(i + 1) % 12] as number);
    if (forwardArc(start, lon) < size) return i + 1;
  }
  // Unreachable for ordered cusps (their arcs cover the circle once).
  throw new Error(`longitude ${longitude} lies in no house`);
}
