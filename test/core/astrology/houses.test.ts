/**
 * House systems and their polar behaviour (reference astrology-bazi-location.md A1):
 * - Tromsø 69.65N 18.96E, 2000-01-01 12:00 local (the case): Placidus is undefined inside the
 *   polar circle, so the answer uses Porphyry cusps, says so in a warning, and its cusps run once
 *   around the circle; the ascendant is that of the true latitude (no clamping to 66°).
 * - Porphyry by definition: cusps 2, 3 trisect ascendant -> IC, cusps 5, 6 IC -> descendant.
 * - Whole-sign cusps sit on sign boundaries, cusp 1 at the start of the ascendant's sign; equal
 *   cusps are 30° apart from the ascendant.
 * - Every system at every latitude from -89 to 89 gives ordered cusps (after any fallback).
 * - House membership is the half-open arc [cusp n, cusp n+1) (Kerykeion issue #164: a body exactly
 *   on a cusp must not fail).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  astrologyBirth,
  astrologyChartAt,
  astrologyMomentsAt,
  cuspsInOrder,
  houseOf,
  separation,
  SIGNS,
  zodiacPosition,
} from '../../../src/core/astrology/index.js';
import { createEphemeris, type Ephemeris, HOUSE_SYSTEMS } from '../../../src/core/ephemeris/index.js';
import { sharedCities } from '../../helpers/shared.js';
import { angleDiff, jd, seededRandom } from '../../helpers/ephemeris.js';

let ephemeris: Ephemeris;
beforeAll(() => {
  ephemeris = createEphemeris();
});

const forward = (from: number, to: number) => (((to - from) % 360) + 360) % 360;

describe('polar birth: Tromsø 2000-01-01 12:00', () => {
  const input = { birthDate: '2000-01-01', birthTime: '12:00', latitude: 69.65, longitude: 18.96 };

  it('uses Porphyry cusps, warns, and keeps the true latitude', async () => {
    const birth = astrologyBirth({ cities: await sharedCities(), ephemeris }, input);
    expect(birth.birthInfo.utc).toBe('2000-01-01T11:00:00Z');
    for (const side of [birth.personality, birth.design]) {
      expect(side.chart.houseSystem).toEqual({ requested: 'placidus', used: 'porphyry' });
      expect(cuspsInOrder(side.houses.cusps)).toBe(true);
      const c = side.houses.cusps;
      const { ascendant, midheaven } = side.houses;
      const ic = (midheaven + 180) % 360;
      expect(angleDiff(c[0]!, ascendant)).toBeCloseTo(0, 9);
      expect(angleDiff(c[9]!, midheaven)).toBeCloseTo(0, 9);
      const third = forward(ascendant, ic) / 3;
      expect(angleDiff(c[1]!, ascendant + third)).toBeCloseTo(0, 9);
      expect(angleDiff(c[2]!, ascendant + 2 * third)).toBeCloseTo(0, 9);
      // The angles at 69.65°, not at a clamped 66°: the clamped ascendant differs by degrees.
      const porphyryAt66 = ephemeris.houses(jd('2000-01-01T11:00:00Z'), 66, 18.96, 'porphyry')!;
      expect(separation(porphyryAt66.ascendant, birth.personality.houses.ascendant)).toBeGreaterThan(1);
    }
    const polar = birth.warnings.filter((w) => w.includes('Porphyry'));
    expect(polar).toHaveLength(1);
    expect(polar[0]).toMatch(/Placidus houses are undefined at latitude 69\.65°/);
    expect(polar[0]).toMatch(/personality and design charts use Porphyry/);
  });

  it('a system defined there (whole-sign) is kept without a warning', async () => {
    const birth = astrologyBirth(
      { cities: await sharedCities(), ephemeris },
      { ...input, houseSystem: 'whole-sign' },
    );
    expect(birth.personality.chart.houseSystem.used).toBe('whole-sign');
    expect(birth.warnings.filter((w) => w.includes('houses'))).toEqual([]);
  });
});

describe('every system at every latitude', () => {
  const random = seededRandom(7);
  const instants = Array.from({ length: 12 }, () => jd('1950-01-01T00:00:00Z') + random() * 36_500);

  it.each(HOUSE_SYSTEMS.map((s) => [s]))(
    '%s: ordered cusps; fallback only where undefined or out of order',
    (system) => {
      for (let lat = -89; lat <= 89; lat += 4) {
        for (const t of instants) {
          // The birth moment's chart alone: astrologyMomentsAt's Design side (an 88° search and a
          // second chart per step) is not checked here.
          const h = astrologyChartAt(ephemeris, t, { latitude: lat, longitude: 10 }, system).houses;
          expect(cuspsInOrder(h.cusps), `${system} ${lat}`).toBe(true);
          if (Math.abs(lat) < 60) expect(h.used, `${system} at ${lat}`).toBe(system);
          if (h.used !== system) expect(h.used).toBe('porphyry');
        }
      }
    },
  );

  it('whole-sign cusps sit on sign boundaries starting at the ascendant sign', () => {
    for (const t of instants) {
      const { personality } = astrologyMomentsAt(
        ephemeris,
        t,
        { latitude: 48.85, longitude: 2.35 },
        'whole-sign',
      );
      const ascSign = zodiacPosition(personality.houses.ascendant).signIndex;
      personality.chart.houses.forEach((h, i) => {
        expect(h.cuspLongitude % 30).toBe(0);
        expect(h.cuspLongitude).toBe(((ascSign + i) % 12) * 30);
        expect(h.sign).toBe(SIGNS[(ascSign + i) % 12]);
      });
      // The angles are computed, not read off cusps 1 and 10.
      expect(personality.chart.angles.ascendant.longitude % 30).not.toBe(0);
    }
  });

  it('equal cusps are 30° apart from the ascendant', () => {
    const { personality } = astrologyMomentsAt(
      ephemeris,
      instants[0]!,
      { latitude: -33.9, longitude: 18.4 },
      'equal',
    );
    personality.houses.cusps.forEach((c, i) =>
      expect(angleDiff(c, personality.houses.ascendant + 30 * i)).toBeCloseTo(0, 9),
    );
  });
});

describe('house membership', () => {
  const cusps = [350, 20, 50, 80, 110, 140, 170, 200, 230, 260, 290, 320];

  it('is half-open and wraps at 0°', () => {
    expect(houseOf(350, cusps)).toBe(1);
    expect(houseOf(349.999999, cusps)).toBe(12);
    expect(houseOf(0, cusps)).toBe(1);
    expect(houseOf(19.999999, cusps)).toBe(1);
    expect(houseOf(20, cusps)).toBe(2);
    expect(houseOf(359.9999999, cusps)).toBe(1);
    expect(houseOf(-10, cusps)).toBe(1);
  });

  it('rejects cusps that run backwards or collapse', () => {
    expect(cuspsInOrder(cusps)).toBe(true);
    expect(cuspsInOrder([...cusps].reverse())).toBe(false);
    expect(cuspsInOrder([0, 0, 0, 90, 180, 180, 180, 180, 180, 270, 0, 0])).toBe(false);
    expect(cuspsInOrder(cusps.slice(0, 11))).toBe(false);
  });
});
