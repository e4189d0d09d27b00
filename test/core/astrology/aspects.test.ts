/**
 * The aspect table against reference astrology-bazi-location.md A2: the eleven angles and
 * Kerykeion's ALL_ACTIVE_ASPECTS orbs (conjunction and opposition 10, trine 8, sextile 6, square 5,
 * the minor aspects 1), major = the five Ptolemaic aspects; and the search on hand-made pairs.
 */
import { describe, expect, it } from 'vitest';
import { ASPECTS, aspectBetween } from '../../../src/core/astrology/index.js';
import { ASPECT_ORBS } from '../../fixtures/aspect-orbs.js';

const MAJOR = ['conjunction', 'sextile', 'square', 'trine', 'opposition'];

describe('aspect table', () => {
  it('has the reference angles and orbs', () => {
    expect(Object.fromEntries(ASPECTS.map((a) => [a.name, [a.angle, a.orb]]))).toEqual(ASPECT_ORBS);
    for (const a of ASPECTS) expect(a.class).toBe(MAJOR.includes(a.name) ? 'major' : 'minor');
  });

  it('orbs never overlap, so one separation has at most one aspect', () => {
    const sorted = [...ASPECTS].sort((a, b) => a.angle - b.angle);
    for (let i = 1; i < sorted.length; i++) {
      expect(sorted[i]!.angle - sorted[i]!.orb).toBeGreaterThan(sorted[i - 1]!.angle + sorted[i - 1]!.orb);
    }
  });
});

describe('aspect search', () => {
  it('takes the shortest arc across 0° Aries', () => {
    expect(aspectBetween(355, 5)).toMatchObject({ aspect: { name: 'conjunction' }, separation: 10, orb: 10 });
    expect(aspectBetween(350, 110.5)).toMatchObject({ aspect: { name: 'trine' }, orb: 0.5 });
    expect(aspectBetween(10, 190)).toMatchObject({ aspect: { name: 'opposition' }, orb: 0 });
  });

  it('stops at the orb limit', () => {
    expect(aspectBetween(0, 95)?.aspect.name).toBe('square');
    expect(aspectBetween(0, 95.0001)).toBeNull();
    expect(aspectBetween(0, 151)?.aspect.name).toBe('quincunx');
    expect(aspectBetween(0, 151.01)).toBeNull();
    expect(aspectBetween(0, 10.01)).toBeNull();
  });
});
