/**
 * Transit series: a month of hourly points against direct ephemeris calls and the tests' own wheel
 * (test/fixtures/wheel.ts), and the lunar phase scheme of reference section B5 (scheme 2, names
 * centred on the principal phases). Published phase instants (reference B2): full moon 2025-03-14
 * 06:54:36 UT, new moon 2024-04-08 18:20:49 UT.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createEphemeris, type Ephemeris } from '../../../src/core/ephemeris/index.js';
import { illumination, moonSeries, phaseName, transitSeries } from '../../../src/core/transits/index.js';
import { wheelActivation } from '../../fixtures/wheel.js';

let ephemeris: Ephemeris;
beforeAll(() => {
  ephemeris = createEphemeris();
});

const day = (year: number, month: number, d: number) => ({ year, month, day: d });

describe('lunar phase names', () => {
  it.each([
    [0, 'New Moon'],
    [22.49, 'New Moon'],
    [22.5, 'Waxing Crescent'],
    [67.5, 'First Quarter'],
    [112.5, 'Waxing Gibbous'],
    [157.5, 'Full Moon'],
    [202.5, 'Waning Gibbous'],
    [247.5, 'Last Quarter'],
    [292.5, 'Waning Crescent'],
    [337.5, 'New Moon'],
    [359.99, 'New Moon'],
  ] as const)('elongation %s is %s', (e, name) => expect(phaseName(e)).toBe(name));

  it('illumination is 0 at new, 0.5 at the quarters, 1 at full', () => {
    expect([illumination(0), illumination(90), illumination(180), illumination(270)]).toEqual([
      0, 0.5, 1, 0.5,
    ]);
  });

  it('full moon 2025-03-14 and new moon 2024-04-08 (daily points at 00:00 UTC)', () => {
    const march = moonSeries(ephemeris, { startDate: day(2025, 3, 14), endDate: day(2025, 3, 14) }, 'daily');
    expect(march[0]!.phase).toBe('Full Moon');
    expect(march[0]!.illumination).toBeGreaterThan(0.98);
    const april = moonSeries(ephemeris, { startDate: day(2024, 4, 8), endDate: day(2024, 4, 8) }, 'daily');
    expect(april[0]!.phase).toBe('New Moon');
    expect(april[0]!.illumination).toBeLessThan(0.02);
  });
});

describe('series', () => {
  it('hourly points from 00:00 of the first day to 23:00 of the last, daily at 00:00', () => {
    const range = { startDate: day(2025, 2, 27), endDate: day(2025, 3, 1) };
    const hourly = transitSeries(ephemeris, range, 'hourly', ['Sun']);
    expect(hourly).toHaveLength(72);
    expect(hourly[0]!.utc).toBe('2025-02-27T00:00:00Z');
    expect(hourly.at(-1)!.utc).toBe('2025-03-01T23:00:00Z');
    expect(transitSeries(ephemeris, range, 'daily').map((p) => p.utc)).toEqual([
      '2025-02-27T00:00:00Z',
      '2025-02-28T00:00:00Z',
      '2025-03-01T00:00:00Z',
    ]);
    expect(Object.keys(hourly[0]!.bodies)).toEqual(['Sun']);
  });

  it('a month hourly: gate, line and sign equal the direct call, longitude within 2e-4 degrees', () => {
    const range = { startDate: day(2024, 3, 1), endDate: day(2024, 3, 31) };
    const points = transitSeries(ephemeris, range, 'hourly');
    const start = Date.UTC(2024, 2, 1) / 86_400_000 + 2_440_587.5;
    points.forEach((p, i) => {
      const direct = ephemeris.humanDesignBodies(start + i / 24);
      const pairs = [
        ['Sun', direct.sun],
        ['Earth', direct.earth],
        ['Rahu', direct.northNode],
        ['Ketu', direct.southNode],
        ['Moon', direct.moon],
        ['Mercury', direct.mercury],
        ['Pluto', direct.pluto],
      ] as const;
      for (const [name, pos] of pairs) {
        const served = p.bodies[name]!;
        const w = wheelActivation(pos.longitude);
        expect([served.gate, served.line], `${name} ${p.utc}`).toEqual([w.gate, w.line]);
        const diff = Math.abs(((served.longitude - pos.longitude + 540) % 360) - 180);
        expect(diff).toBeLessThan(2e-4);
      }
    });
  });

  it('the moon series and the Moon of the all-bodies series agree', () => {
    const range = { startDate: day(2025, 6, 1), endDate: day(2025, 6, 3) };
    const moon = moonSeries(ephemeris, range, 'hourly');
    const all = transitSeries(ephemeris, range, 'hourly', ['Moon']);
    moon.forEach((m, i) => {
      const { utc, ...rest } = m;
      expect(utc).toBe(all[i]!.utc);
      expect(rest).toEqual(all[i]!.bodies.Moon);
    });
  });
});
