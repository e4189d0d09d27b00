/**
 * Exact transit aspects to natal points (issue 38). Independent checks:
 * - the reference's returns (astrology-bazi-location.md section B4): a natal Sun of 1990-06-15
 *   12:00 UT returns 2024-06-14 17:14:39 UT, so the transiting Sun's conjunction to it is then;
 *   Saturn at 333 degrees is crossed three times in 2023 (direct, retrograde, direct);
 * - a brute-force scan: every sign change of the hourly sampled difference is one aspect found,
 *   and nothing else is found;
 * - astronomy-engine: the peer's own exact instant of each aspect agrees within its position
 *   accuracy (ephemeris-agreement.test.ts) converted by the planet's speed, at least a minute.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createEphemeris, type Ephemeris } from '../../../src/core/ephemeris/index.js';
import {
  ASPECT_ANGLES,
  type AspectTransit,
  natalPoints,
  transitAspects,
} from '../../../src/core/transits/index.js';
import { samplerOf } from '../../../src/core/transits/bodies.js';
import { angleDiff, jd, SECONDS_PER_DAY } from '../../helpers/ephemeris.js';
import { ASPECT_PLANETS, checkAgainstPeer } from '../../helpers/transit-peer.js';

const PLANETS = ASPECT_PLANETS;
const minutes = (a: number, b: number) => Math.abs(a - b) * 1440;

let ephemeris: Ephemeris;
beforeAll(() => {
  ephemeris = createEphemeris();
});

describe('transit aspects: reference returns', () => {
  it('the Sun conjoins a 1990-06-15 12:00 UT natal Sun at the solar return, 2024-06-14 17:14:39 UT', () => {
    const natal = [
      { name: 'Sun', longitude: ephemeris.position('sun', jd('1990-06-15T12:00:00Z')).longitude },
    ];
    const found = transitAspects(ephemeris, natal, jd('2024-01-01T00:00:00Z'), jd('2025-01-01T00:00:00Z'), [
      'Sun',
    ]);
    const conjunctions = found.filter((a) => a.aspect === 'conjunction');
    expect(conjunctions).toHaveLength(1);
    expect(minutes(conjunctions[0]!.jdUT, jd('2024-06-14T17:14:39Z')) * 60).toBeLessThan(2);
    // Sextile, square and trine both ways, opposition: 8 exact aspects a year for the Sun.
    expect(found).toHaveLength(8);
    expect(found.map((a) => a.aspect).sort()).toEqual([
      'conjunction',
      'opposition',
      'sextile',
      'sextile',
      'square',
      'square',
      'trine',
      'trine',
    ]);
  });

  it('Saturn reaches 333 degrees three times in 2023: direct, retrograde, direct (a retrograde loop)', () => {
    const found = transitAspects(
      ephemeris,
      [{ name: 'X', longitude: 333 }],
      jd('2023-01-01T00:00:00Z'),
      jd('2024-01-01T00:00:00Z'),
      ['Saturn'],
    ).filter((a) => a.aspect === 'conjunction');
    expect(found.map((a) => a.transitRetrograde)).toEqual([false, true, false]);
    for (const a of found)
      expect(Math.abs(angleDiff(ephemeris.position('saturn', a.jdUT).longitude, 333))).toBeLessThan(1e-6);
  });
});

/** Every aspect the hourly sampled differences show, as "transit natal angle" -> crossing hours. */
function bruteForce(
  natal: { name: string; longitude: number }[],
  from: number,
  to: number,
  bodies: AspectTransit[],
) {
  const out = new Map<string, number[]>();
  for (const body of bodies) {
    const sample = samplerOf(ephemeris, body);
    const lons: number[] = [];
    for (let t = from; t <= to + 1e-9; t += 1 / 24) lons.push(sample(t).longitude);
    for (const p of natal)
      for (const [aspect, angle] of Object.entries(ASPECT_ANGLES))
        for (const s of angle === 0 || angle === 180 ? [1] : [1, -1]) {
          const key = `${body} ${p.name} ${aspect}`;
          const d = lons.map((l) => angleDiff(l, p.longitude + s * angle));
          for (let i = 1; i < d.length; i++)
            if (d[i - 1]! < 0 !== d[i]! < 0 && Math.abs(d[i]! - d[i - 1]!) < 90)
              out.set(key, [...(out.get(key) ?? []), from + i / 24]);
        }
  }
  return out;
}

describe('transit aspects: against a brute-force hourly scan', () => {
  it('a 1985 birth over 2025: the same aspects, each inside the hour where the sign changes', () => {
    const natal = natalPoints(ephemeris, jd('1985-10-03T06:40:00Z'), 48.85, 2.35);
    expect(natal).toHaveLength(13);
    const from = jd('2025-01-01T00:00:00Z');
    const to = jd('2026-01-01T00:00:00Z');
    const found = transitAspects(ephemeris, natal, from, to, PLANETS);
    const expected = bruteForce(natal, from, to, PLANETS);
    const got = new Map<string, number[]>();
    for (const a of found) {
      const key = `${a.transit} ${a.natal} ${a.aspect}`;
      got.set(key, [...(got.get(key) ?? []), a.jdUT]);
    }
    expect([...got.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, unsorted] of expected) {
      const hours = unsorted.sort((x, y) => x - y);
      const times = got.get(key)!.sort((x, y) => x - y);
      expect(times.length, key).toBe(hours.length);
      times.forEach((t, i) => {
        expect(t, key).toBeGreaterThan(hours[i]! - 1 / 24 - 1e-9);
        expect(t, key).toBeLessThanOrEqual(hours[i]! + 1e-9);
      });
    }
    expect(found.length).toBeGreaterThan(300);
    // Exact on the ephemeris: within a second of motion, or (at a station) within 1e-6 degrees.
    const target = new Map(natal.map((p) => [p.name, p.longitude]));
    for (const a of found) {
      const here = samplerOf(ephemeris, a.transit)(a.jdUT);
      const off = Math.min(
        ...[1, -1].map((s) =>
          Math.abs(angleDiff(here.longitude, target.get(a.natal)! + s * ASPECT_ANGLES[a.aspect])),
        ),
      );
      expect(Math.min(off * 1e6, (off / Math.abs(here.speed)) * SECONDS_PER_DAY), a.transit).toBeLessThan(1);
      expect(a.transitRetrograde).toBe(here.speed < 0);
    }
  });

  it('the Moon over one month: every aspect found, each exact to a second on the ephemeris', () => {
    const natal = natalPoints(ephemeris, jd('1972-02-11T22:05:00Z'), -33.87, 151.21);
    const from = jd('2025-03-01T00:00:00Z');
    const to = jd('2025-04-01T00:00:00Z');
    const found = transitAspects(ephemeris, natal, from, to, ['Moon']);
    const expected = bruteForce(natal, from, to, ['Moon']);
    expect(found).toHaveLength([...expected.values()].reduce((n, h) => n + h.length, 0));
    const target = new Map(natal.map((p) => [p.name, p.longitude]));
    for (const a of found) {
      const here = ephemeris.position('moon', a.jdUT);
      const off = Math.min(
        ...[1, -1].map((s) =>
          Math.abs(angleDiff(here.longitude, target.get(a.natal)! + s * ASPECT_ANGLES[a.aspect])),
        ),
      );
      expect((off / Math.abs(here.speed)) * SECONDS_PER_DAY).toBeLessThan(1);
    }
  });
});

describe('transit aspects: against astronomy-engine', () => {
  it('three births over 2025: every exact instant within the peer accuracy over the speed', () => {
    for (const [birth, lat, lon] of [
      ['1961-08-04T19:24:00Z', 21.3, -157.86],
      ['1990-06-15T12:00:00Z', 51.5, -0.12],
      ['2003-12-30T03:10:00Z', -23.55, -46.63],
    ] as const) {
      const { found, compared } = checkAgainstPeer(ephemeris, birth, lat, lon, 2025);
      expect(found).toBeGreaterThan(300);
      // Only passes grazing a station within the peer's error are left out.
      expect(compared).toBeGreaterThan(found * 0.98);
    }
  });
});
