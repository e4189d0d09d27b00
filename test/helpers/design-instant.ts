import { type Ephemeris, HUMAN_DESIGN_BIRTH_RANGE } from '../../src/core/ephemeris/index.js';
import { angleDiff, seededRandom } from './ephemeris.js';

/** The Design Sun is 88 degrees of arc before the birth Sun (shared/reference/human-design.md 2.1). */
export const DESIGN_ARC_DEG = 88;
/** Seed of the random births: the fast tier's births are the first of the sweep's. */
export const DESIGN_BIRTHS_SEED = 88;

/**
 * Over `births` seeded random births in the Human Design range: the worst distance of the Design Sun
 * from 88 degrees before the birth Sun, and the shortest and longest birth-to-design spans in days.
 */
export function designInstantOverRandomBirths(
  ephemeris: Ephemeris,
  births: number,
): { worstDeg: number; shortest: number; longest: number } {
  const random = seededRandom(DESIGN_BIRTHS_SEED);
  const { startJdUT, endJdUT } = HUMAN_DESIGN_BIRTH_RANGE;
  let worstDeg = 0;
  let shortest = Number.POSITIVE_INFINITY;
  let longest = 0;
  for (let i = 0; i < births; i++) {
    const birth = startJdUT + random() * (endJdUT - startJdUT);
    const birthSun = ephemeris.position('sun', birth).longitude;
    const design = ephemeris.designInstant(birth);
    const designSun = ephemeris.position('sun', design).longitude;
    worstDeg = Math.max(worstDeg, Math.abs(angleDiff(designSun, birthSun - DESIGN_ARC_DEG)));
    shortest = Math.min(shortest, birth - design);
    longest = Math.max(longest, birth - design);
  }
  return { worstDeg, shortest, longest };
}
