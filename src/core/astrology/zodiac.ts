import { SIGNS, type Sign } from '../human-design/index.js';

/**
 * The tropical zodiac as astrology reads it: sign, element and quality of a longitude, and the
 * degree-minute-second text charts print (reference astrology-bazi-location.md A3, A7).
 */

export { SIGNS, type Sign };

export const ELEMENTS = ['Fire', 'Earth', 'Air', 'Water'] as const;
export type Element = (typeof ELEMENTS)[number];
export const QUALITIES = ['Cardinal', 'Fixed', 'Mutable'] as const;
export type Quality = (typeof QUALITIES)[number];

/** Aries Fire, Taurus Earth, Gemini Air, Cancer Water, and round again. */
export const elementOfSign = (signIndex: number): Element => ELEMENTS[signIndex % 4] as Element;
/** Aries Cardinal, Taurus Fixed, Gemini Mutable, and round again. */
export const qualityOfSign = (signIndex: number): Quality => QUALITIES[signIndex % 3] as Quality;

const ARCSEC_PER_SIGN = 30 * 3600;
const ARCSEC_PER_CIRCLE = 360 * 3600;
/**
 * A longitude a hair below a whole arc-second (e.g. 45 computed as 44.999999999999) counts as that
 * second: 1e-6 arc-second is far below any ephemeris precision.
 */
const SNAP_ARCSEC = 1e-6;

/** Degrees in [0, 360); 359.99999999999997 + rounding never yields 360. */
export function normalizeDegrees(degrees: number): number {
  const d = degrees % 360;
  const wrapped = d < 0 ? d + 360 : d;
  return wrapped >= 360 ? 0 : wrapped;
}

/** Whole arc-seconds from 0° Aries, truncated (a chart clock shows the second that has begun). */
const arcsecondsOf = (longitude: number): number =>
  Math.floor(normalizeDegrees(longitude) * 3600 + SNAP_ARCSEC) % ARCSEC_PER_CIRCLE;

export interface ZodiacPosition {
  sign: Sign;
  signIndex: number;
  /** `14°23'07"`: degrees, minutes and seconds within the sign, truncated to the second. */
  positionInSign: string;
  /** `14°23'07" Gemini`. */
  positionFormatted: string;
}

const two = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * Sign and printed position of a longitude. Truncating (not rounding) to the arc-second means the
 * text never shows 60" or 60', and a body at 29°59'59.7" Pisces stays in Pisces, the sign its
 * element, quality and house cusps are judged by.
 */
export function zodiacPosition(longitude: number): ZodiacPosition {
  const total = arcsecondsOf(longitude);
  const signIndex = Math.floor(total / ARCSEC_PER_SIGN);
  const inSign = total - signIndex * ARCSEC_PER_SIGN;
  const degrees = Math.floor(inSign / 3600);
  const minutes = Math.floor((inSign % 3600) / 60);
  const seconds = inSign % 60;
  const sign = SIGNS[signIndex] as Sign;
  const positionInSign = `${degrees}°${two(minutes)}'${two(seconds)}"`;
  return { sign, signIndex, positionInSign, positionFormatted: `${positionInSign} ${sign}` };
}

/** The sign index (0 = Aries) by the same truncation as the printed position. */
export const signIndexOf = (longitude: number): number =>
  Math.floor(arcsecondsOf(longitude) / ARCSEC_PER_SIGN);

/** Shortest arc between two longitudes, degrees in [0, 180]. */
export function separation(a: number, b: number): number {
  const d = Math.abs(normalizeDegrees(a) - normalizeDegrees(b));
  return d > 180 ? 360 - d : d;
}

/** Forward arc from `from` to `to` (counter-clockwise, the zodiac's direction), degrees in [0, 360). */
export const forwardArc = (from: number, to: number): number => normalizeDegrees(to - from);

const LONGITUDE_SCALE = 1e6;
/** Longitudes in answers: 6 decimals (0.0036"), as the Human Design positions; never 360. */
export function roundLongitude(longitude: number): number {
  const r = Math.round(normalizeDegrees(longitude) * LONGITUDE_SCALE) / LONGITUDE_SCALE;
  return r >= 360 ? 0 : r;
}
