import { separation } from './zodiac.js';

/**
 * Aspects: the one table of angles and orbs (reference astrology-bazi-location.md A2, Kerykeion's
 * `ALL_ACTIVE_ASPECTS` orbs), and the search that uses it. Two bodies are in an aspect when the
 * shortest arc between them lies within the aspect's orb of its angle. The orbs below never overlap
 * (the widest pair, sextile 54-66° and quintile 71-73°, leaves a gap), so at most one aspect holds.
 */

export type AspectClass = 'major' | 'minor';
export type AspectNature = 'harmonious' | 'challenging' | 'neutral';

export interface AspectDefinition {
  readonly name: string;
  /** Exact angle, degrees. */
  readonly angle: number;
  /** Largest accepted |separation - angle|, degrees. */
  readonly orb: number;
  readonly class: AspectClass;
  readonly nature: AspectNature;
}

export const ASPECTS = [
  { name: 'conjunction', angle: 0, orb: 10, class: 'major', nature: 'neutral' },
  { name: 'semi-sextile', angle: 30, orb: 1, class: 'minor', nature: 'harmonious' },
  { name: 'semi-square', angle: 45, orb: 1, class: 'minor', nature: 'challenging' },
  { name: 'sextile', angle: 60, orb: 6, class: 'major', nature: 'harmonious' },
  { name: 'quintile', angle: 72, orb: 1, class: 'minor', nature: 'harmonious' },
  { name: 'square', angle: 90, orb: 5, class: 'major', nature: 'challenging' },
  { name: 'trine', angle: 120, orb: 8, class: 'major', nature: 'harmonious' },
  { name: 'sesquiquadrate', angle: 135, orb: 1, class: 'minor', nature: 'challenging' },
  { name: 'biquintile', angle: 144, orb: 1, class: 'minor', nature: 'harmonious' },
  { name: 'quincunx', angle: 150, orb: 1, class: 'minor', nature: 'challenging' },
  { name: 'opposition', angle: 180, orb: 10, class: 'major', nature: 'challenging' },
] as const satisfies readonly AspectDefinition[];

export type AspectName = (typeof ASPECTS)[number]['name'];
export const ASPECT_NAMES = ASPECTS.map((a) => a.name) as AspectName[];

export interface AspectMatch {
  aspect: (typeof ASPECTS)[number];
  /** Shortest arc between the two longitudes, degrees in [0, 180]. */
  separation: number;
  /** |separation - aspect angle|, degrees. */
  orb: number;
}

/** The aspect two longitudes form, or null. */
export function aspectBetween(a: number, b: number): AspectMatch | null {
  const arc = separation(a, b);
  for (const aspect of ASPECTS) {
    const orb = Math.abs(arc - aspect.angle);
    if (orb <= aspect.orb) return { aspect, separation: arc, orb };
  }
  return null;
}

const SCALE = 1e4;
/** Angles and orbs in answers: 4 decimals (0.36"). An orb within its limit stays within it when rounded. */
export const roundAngle = (degrees: number): number => Math.round(degrees * SCALE) / SCALE;
