import { mod360 } from './bodies.js';

/**
 * Lunar phase names: the everyday 8-name scheme (reference section B5, scheme 2), each principal
 * phase centred on its exact elongation E = Moon - Sun: New Moon 337.5-22.5 degrees, First Quarter
 * 67.5-112.5, Full Moon 157.5-202.5, Last Quarter 247.5-292.5, the four named crescent/gibbous
 * sectors between. Intervals are start-inclusive.
 */
export const MOON_PHASES = [
  'New Moon',
  'Waxing Crescent',
  'First Quarter',
  'Waxing Gibbous',
  'Full Moon',
  'Waning Gibbous',
  'Last Quarter',
  'Waning Crescent',
] as const;
export type MoonPhase = (typeof MOON_PHASES)[number];

const SECTOR = 45;
const HALF_SECTOR = 22.5;

/** Elongation of the Moon from the Sun along the ecliptic, degrees in [0, 360). */
export const elongation = (moonLongitude: number, sunLongitude: number): number =>
  mod360(moonLongitude - sunLongitude);

export const phaseName = (elongationDeg: number): MoonPhase =>
  MOON_PHASES[Math.floor(mod360(elongationDeg + HALF_SECTOR) / SECTOR) % MOON_PHASES.length]!;

/** Degrees from the elongation to the nearest phase boundary. */
export function phaseBoundaryDistance(elongationDeg: number): number {
  const r = mod360(elongationDeg + HALF_SECTOR) % SECTOR;
  return Math.min(r, SECTOR - r);
}

/**
 * Illuminated fraction of the Moon's disc from the ecliptic elongation, (1 - cos E) / 2. It ignores
 * the Moon's latitude and the Sun-Moon parallax (phase angle = 180 - E to about 0.15 degrees), so it
 * is within about 0.003 of the library's swe_pheno value; served to 3 decimals.
 */
export const illumination = (elongationDeg: number): number =>
  Math.round(((1 - Math.cos((elongationDeg * Math.PI) / 180)) / 2) * 1000) / 1000;
