/**
 * The design instant over 10,000 seeded random births (the fast tier's
 * test/core/ephemeris/design-instant.test.ts checks the first 1,000, and says where the rule and the
 * tolerance come from): the Design Sun within 1e-5 degrees of 88 degrees before the birth Sun, 84-96
 * days before the birth, and the span varying with the season (86.6-92.0 days).
 */
import { describe, expect, it } from 'vitest';
import { createEphemeris } from '../../src/core/ephemeris/index.js';
import { designInstantOverRandomBirths } from '../helpers/design-instant.js';

describe('design instant', () => {
  it('puts the Sun 88 degrees before the birth Sun, 84-96 days earlier, over 10000 random births', () => {
    const { worstDeg, shortest, longest } = designInstantOverRandomBirths(createEphemeris(), 10_000);
    expect(worstDeg).toBeLessThan(1e-5);
    expect(shortest).toBeGreaterThan(84);
    expect(longest).toBeLessThan(96);
    expect(longest - shortest).toBeGreaterThan(5);
  });
});
