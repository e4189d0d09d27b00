/**
 * Zodiac arithmetic and printed positions. Sign -> element and quality from reference
 * astrology-bazi-location.md A3 (Kerykeion's tables, written out here, not derived); the printed
 * form `14°23'07" Gemini` from the issue; truncation to the arc-second so that no text shows 60" or
 * 60' and no body prints in the next sign (reference A7 on Kerykeion's 60" bug).
 */
import { describe, expect, it } from 'vitest';
import { elementOfSign, qualityOfSign, SIGNS, zodiacPosition } from '../../../src/core/astrology/index.js';
import { seededRandom } from '../../helpers/ephemeris.js';

const ELEMENT = {
  Aries: 'Fire',
  Leo: 'Fire',
  Sagittarius: 'Fire',
  Taurus: 'Earth',
  Virgo: 'Earth',
  Capricorn: 'Earth',
  Gemini: 'Air',
  Libra: 'Air',
  Aquarius: 'Air',
  Cancer: 'Water',
  Scorpio: 'Water',
  Pisces: 'Water',
} as const;
const QUALITY = {
  Aries: 'Cardinal',
  Cancer: 'Cardinal',
  Libra: 'Cardinal',
  Capricorn: 'Cardinal',
  Taurus: 'Fixed',
  Leo: 'Fixed',
  Scorpio: 'Fixed',
  Aquarius: 'Fixed',
  Gemini: 'Mutable',
  Virgo: 'Mutable',
  Sagittarius: 'Mutable',
  Pisces: 'Mutable',
} as const;

describe('signs', () => {
  it('elements and qualities follow the reference table', () => {
    SIGNS.forEach((sign, i) => {
      expect(elementOfSign(i), sign).toBe(ELEMENT[sign]);
      expect(qualityOfSign(i), sign).toBe(QUALITY[sign]);
    });
  });
});

describe('printed positions', () => {
  it('formats degrees, minutes and seconds within the sign', () => {
    expect(zodiacPosition(74 + 23 / 60 + 7.4 / 3600).positionFormatted).toBe(`14°23'07" Gemini`);
    expect(zodiacPosition(0).positionFormatted).toBe(`0°00'00" Aries`);
    expect(zodiacPosition(359.9999999).positionFormatted).toBe(`29°59'59" Pisces`);
    expect(zodiacPosition(360).positionFormatted).toBe(`0°00'00" Aries`);
    expect(zodiacPosition(-30).positionFormatted).toBe(`0°00'00" Pisces`);
    // A whole degree computed a hair low still prints as that degree.
    expect(zodiacPosition(0.1 + 0.2 + 44.7).positionInSign).toBe(`15°00'00"`);
    expect(zodiacPosition(29 + 59 / 60 + 59.99 / 3600).positionFormatted).toBe(`29°59'59" Aries`);
  });

  it('never prints 60 seconds or minutes, and the sign matches the printed degrees', () => {
    const random = seededRandom(11);
    const pattern = /^(\d{1,2})°([0-5]\d)'([0-5]\d)" (\w+)$/;
    const bad: string[] = [];
    for (let i = 0; i < 50_000; i++) {
      // Values close to second boundaries, where rounding would carry.
      const lon = (Math.floor(random() * 1_296_000) + 1 - random() * 1e-3) / 3600;
      const p = zodiacPosition(lon);
      const m = pattern.exec(p.positionFormatted);
      const sign = SIGNS[Math.floor((((lon % 360) + 360) % 360) / 30)];
      if (!m || Number(m[1]) >= 30 || m[4] !== p.sign || p.sign !== sign)
        bad.push(`${lon}: ${p.positionFormatted}`);
    }
    expect(bad).toEqual([]);
  });
});
