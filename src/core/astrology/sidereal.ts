import { type Ayanamsa, DEFAULT_AYANAMSA } from '../ephemeris/index.js';
import { normalizeDegrees } from './zodiac.js';

/**
 * The zodiac a chart is read in. Tropical (the default) measures from the March equinox; sidereal
 * from a point fixed among the stars, the tropical longitude minus an ayanamsa. Only the chart's
 * longitudes move: the Human Design gates are defined on the tropical zodiac and stay there.
 */

export const ZODIAC_TYPES = ['tropical', 'sidereal'] as const;
export type ZodiacType = (typeof ZODIAC_TYPES)[number];

export type ZodiacChoice = { type: 'tropical' } | { type: 'sidereal'; ayanamsa: Ayanamsa };

/** The answer's `zodiac`: the ayanamsa and its value at the birth for a sidereal chart. */
export type ZodiacInfo = { type: 'tropical' } | { type: 'sidereal'; ayanamsa: Ayanamsa; degrees: number };

/**
 * The zodiac the input asks for, or undefined when it names none (the answer then stays as it always
 * was, without `zodiac`). An ayanamsa alone implies sidereal; with `zodiac: "tropical"` it is refused
 * by the input schema before this runs.
 */
export function zodiacChoice(
  zodiac: ZodiacType | undefined,
  ayanamsa: Ayanamsa | undefined,
): ZodiacChoice | undefined {
  if (zodiac === undefined && ayanamsa === undefined) return undefined;
  if (zodiac === 'tropical') return { type: 'tropical' };
  return { type: 'sidereal', ayanamsa: ayanamsa ?? DEFAULT_AYANAMSA };
}

/** Tropical longitude -> the chart's zodiac, given the ayanamsa (undefined for tropical: unchanged). */
export function fromTropical(longitude: number, ayanamsa: number | undefined): number {
  return ayanamsa === undefined ? longitude : normalizeDegrees(longitude - ayanamsa);
}

/** Ayanamsa values are given to 6 decimals (0.004"), as longitudes are. */
export const roundAyanamsa = (degrees: number): number => Math.round(degrees * 1e6) / 1e6;

/** Display names of the ayanamsas. */
export const AYANAMSA_LABELS: Record<Ayanamsa, string> = {
  lahiri: 'Lahiri',
  'fagan-bradley': 'Fagan-Bradley',
  krishnamurti: 'Krishnamurti',
  raman: 'Raman',
  'true-chitra': 'True Chitra',
};

/** `Lahiri 23°02'` (degrees and whole minutes, truncated), for pictures. */
export function ayanamsaLabel(zodiac: { ayanamsa: Ayanamsa; degrees: number }): string {
  const minutes = Math.floor(zodiac.degrees * 60 + 1e-9);
  const d = Math.floor(minutes / 60);
  return `${AYANAMSA_LABELS[zodiac.ayanamsa]} ${d}°${String(minutes % 60).padStart(2, '0')}'`;
}
