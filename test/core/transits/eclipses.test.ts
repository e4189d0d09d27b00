/**
 * Eclipses 2024-2025 against published values (reference astrology-bazi-location.md section B2):
 * greatest eclipse in UT (NASA/Wikipedia TD values converted with Delta T ~69 s), kind and magnitude.
 * Sources: earthsky.org (2024-03-25 penumbral, 2024-10-02 annular), Wikipedia "Solar eclipse of
 * April 8, 2024" (18:18:29 TD, mag 1.0566, 25.3N 104.1W), moonblink.info (2024-09-18 02:44:10,
 * 2025-03-14 06:58:42), timesng.com (2025-03-29 10:47), newsnowchicago.com (2025-09-07 18:11),
 * dailygalaxy.com / spaceweekly.com (2025-09-21 19:41 UT, mag 0.8550).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createEphemeris, type Ephemeris } from '../../../src/core/ephemeris/index.js';
import { activationFromLongitude } from '../../../src/core/human-design/index.js';
import { type Eclipse, eclipsesBetween } from '../../../src/core/transits/index.js';

const jd = (iso: string) => Date.parse(iso) / 86_400_000 + 2_440_587.5;

const PUBLISHED = [
  { utc: '2024-03-25T07:12:30Z', type: 'lunar', kind: 'penumbral', magnitude: 0.9577 },
  { utc: '2024-04-08T18:17:20Z', type: 'solar', kind: 'total', magnitude: 1.0566 },
  { utc: '2024-09-18T02:44:10Z', type: 'lunar', kind: 'partial', magnitude: 0.086 },
  { utc: '2024-10-02T18:45:00Z', type: 'solar', kind: 'annular', magnitude: 0.9326 },
  { utc: '2025-03-14T06:58:42Z', type: 'lunar', kind: 'total', magnitude: 1.178 },
  { utc: '2025-03-29T10:47:00Z', type: 'solar', kind: 'partial', magnitude: null },
  { utc: '2025-09-07T18:11:30Z', type: 'lunar', kind: 'total', magnitude: 1.362 },
  { utc: '2025-09-21T19:41:30Z', type: 'solar', kind: 'partial', magnitude: 0.855 },
] as const;

let ephemeris: Ephemeris;
let found: Eclipse[];
beforeAll(() => {
  ephemeris = createEphemeris();
  found = eclipsesBetween(ephemeris, jd('2024-01-01T00:00:00Z'), jd('2025-12-31T00:00:00Z'));
});

describe('eclipses 2024-2025', () => {
  it('finds every published eclipse and no other', () => {
    expect(found.map((e) => [e.type, e.kind])).toEqual(PUBLISHED.map((p) => [p.type, p.kind]));
  });

  it.each(PUBLISHED.map((p, i) => [p.utc, i] as const))('%s: greatest eclipse within 60 s', (utc, i) => {
    // Published minutes without seconds are given as mid-minute above, so 60 s covers them.
    expect(Math.abs(found[i]!.jdUT - jd(utc)) * 86_400).toBeLessThan(60);
  });

  it('magnitudes match the published ones to 0.002', () => {
    PUBLISHED.forEach((p, i) => {
      if (p.magnitude !== null) expect(Math.abs(found[i]!.magnitude - p.magnitude)).toBeLessThan(0.002);
    });
  });

  it('solar visibility: 2024-04-08 greatest eclipse near Nazas, Durango (25.3N 104.1W)', () => {
    const april = found[1]!;
    expect(april.type).toBe('solar');
    if (april.type !== 'solar') return;
    expect(april.visibility.latitude).toBeCloseTo(25.3, 0);
    expect(april.visibility.longitude).toBeCloseTo(-104.1, 0);
    expect(april.central).toBe(true);
  });

  it('lunar visibility: the sub-lunar point is where the Moon is at the zenith', () => {
    // 2025-09-07 was seen from Asia, Australia and Africa and not from the Americas.
    const september = found[6]!;
    if (september.type !== 'lunar') throw new Error('expected lunar');
    expect(september.visibility.description).toMatch(/Asia/);
    expect(september.visibility.description).not.toMatch(/America/);
    // March 2025 was the Americas' eclipse.
    const march = found[4]!;
    if (march.type !== 'lunar') throw new Error('expected lunar');
    expect(march.visibility.description).toMatch(/North America/);
    expect(march.visibility.description).not.toMatch(/Asia/);
  });

  it("carries the Sun's and Moon's gate.line and sign at maximum (direct call)", () => {
    for (const e of found) {
      for (const [planet, pos] of [
        ['sun', e.sun],
        ['moon', e.moon],
      ] as const) {
        const a = activationFromLongitude(ephemeris.position(planet, e.jdUT).longitude);
        expect([pos.gate, pos.line]).toEqual([a.gate, a.line]);
      }
      // Solar eclipses fall on a new moon (same gate), lunar on a full moon (opposite side).
      const gap = Math.abs(((e.moon.longitude - e.sun.longitude + 540) % 360) - 180);
      expect(e.type === 'solar' ? gap : 180 - gap).toBeLessThan(2);
    }
  });

  it('filters: solar only and lunar only', () => {
    const from = jd('2024-01-01T00:00:00Z');
    const to = jd('2025-12-31T00:00:00Z');
    expect(eclipsesBetween(ephemeris, from, to, { lunar: false }).every((e) => e.type === 'solar')).toBe(
      true,
    );
    expect(eclipsesBetween(ephemeris, from, to, { solar: false })).toHaveLength(4);
  });
});
