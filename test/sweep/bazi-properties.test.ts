/**
 * Properties of the BaZi core over 10,000 seeded random births 1801-2398 at random whole-quarter-hour
 * UTC offsets and longitudes (rules of reference astrology-bazi-location.md C1):
 * - the 60-day cycle is unbroken: the same clock time one civil day later has the next day pillar
 *   (both zi-hour conventions), and the hour branch is floor((hour + 1) / 2) mod 12;
 * - the month branch is 寅 + floor(((λ - 315) mod 360) / 30) for the Sun's apparent longitude λ at
 *   the birth instant (read here straight from the ephemeris), and the month stem follows the
 *   five-tigers rule (寅-month stem = 2 x year stem + 2);
 * - the year branch advances by one at each Lichun and the year and month pillars do not depend on
 *   the UTC offset the clock was read in (only the instant matters);
 * - the bracketing jie hold the instant and the Sun's longitude sits between their longitudes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type BaziChart, BRANCHES, computeBazi, type DayBoundary, STEMS } from '../../src/core/bazi/index.js';
import type { Ephemeris } from '../../src/core/ephemeris/index.js';
import { julianDayUT } from '../../src/core/time/index.js';
import { seededRandom } from '../helpers/ephemeris.js';
import { sharedEphemeris } from '../helpers/service.js';

const BIRTHS = 10_000;
const SEED = 20_240_204;
const FROM_MS = Date.UTC(1801, 0, 1);
const SPAN_MS = 597 * 365.25 * 86_400_000;
const DAY_MS = 86_400_000;

let eph: Ephemeris;
beforeAll(() => {
  eph = sharedEphemeris();
});

const stemIndex = (c: BaziChart, p: 'year' | 'month' | 'day' | 'hour') =>
  STEMS.findIndex((s) => s.char === c.pillars[p].stem.char);
const branchIndex = (c: BaziChart, p: 'year' | 'month' | 'day' | 'hour') =>
  BRANCHES.findIndex((b) => b.char === c.pillars[p].branch.char);
const cycle = (c: BaziChart, p: 'year' | 'month' | 'day' | 'hour') => {
  const s = stemIndex(c, p);
  const b = branchIndex(c, p);
  return Array.from({ length: 60 }, (_, i) => i).find((i) => i % 10 === s && i % 12 === b) ?? -1;
};
const mod = (a: number, n: number) => ((a % n) + n) % n;

describe(`BaZi properties over ${BIRTHS} random births`, () => {
  it('day pillar +1 per civil day, hour branch from the clock, month from the Sun, year at Lichun', () => {
    const random = seededRandom(SEED);
    for (let i = 0; i < BIRTHS; i++) {
      const utcMs = Math.floor((FROM_MS + random() * SPAN_MS) / 60_000) * 60_000;
      const offsetSeconds = (Math.floor(random() * 105) - 48) * 900; // -12:00 to +14:00
      const longitude = random() * 360 - 180;
      const dayBoundary: DayBoundary = random() < 0.5 ? 'midnight' : '23:00';
      const gender = random() < 0.5 ? 'male' : 'female';
      const options = { gender, dayBoundary, solarTime: 'standard' } as const;
      const c = computeBazi(eph, { utcMs, offsetSeconds, longitude }, options);
      const next = computeBazi(eph, { utcMs: utcMs + DAY_MS, offsetSeconds, longitude }, options);

      expect(mod(cycle(next, 'day') - cycle(c, 'day'), 60)).toBe(1);
      const localHour = new Date(utcMs + offsetSeconds * 1000).getUTCHours();
      expect(branchIndex(c, 'hour')).toBe(Math.floor((localHour + 1) / 2) % 12);

      const jd = julianDayUT(utcMs);
      const sun = eph.position('sun', jd).longitude;
      const monthIndex = Math.floor(mod(sun - 315, 360) / 30);
      expect(branchIndex(c, 'month')).toBe((monthIndex + 2) % 12);
      expect(stemIndex(c, 'month')).toBe(mod(2 * stemIndex(c, 'year') + 2 + monthIndex, 10));

      // Same instant read in another zone: year and month unchanged.
      const elsewhere = computeBazi(eph, { utcMs, offsetSeconds: 0, longitude: 0 }, options);
      expect(elsewhere.pillars.year.ganzhi).toBe(c.pillars.year.ganzhi);
      expect(elsewhere.pillars.month.ganzhi).toBe(c.pillars.month.ganzhi);

      // Year: one step past the year of the next day's chart only across Lichun (month index 0 start).
      const yearStep = mod(cycle(next, 'year') - cycle(c, 'year'), 60);
      const crossedLichun =
        next.solarTerms.previous.chinese === '立春' && c.solarTerms.next.chinese === '立春';
      expect(yearStep).toBe(crossedLichun ? 1 : 0);

      const prevMs = Date.parse(c.solarTerms.previous.utc);
      const nextMs = Date.parse(c.solarTerms.next.utc);
      expect(prevMs).toBeLessThanOrEqual(utcMs + 500);
      expect(nextMs).toBeGreaterThanOrEqual(utcMs - 500);
      expect(mod(sun - c.solarTerms.previous.longitude, 360)).toBeLessThan(30);
    }
  });
});
