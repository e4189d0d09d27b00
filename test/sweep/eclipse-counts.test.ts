/**
 * Eclipse counts per decade 1900-2049: the eclipses core against a plain loop over the Swiss
 * Ephemeris global searches (swe_sol_eclipse_when_glob, swe_lun_eclipse_when) written here, so a
 * missed or doubled eclipse at a search or decade boundary shows. Also checked against the canon
 * (Espenak, NASA Five Millennium Canon): 228 solar eclipses in 1901-2000.
 */
import { describe, expect, it } from 'vitest';
import { createEphemeris } from '../../src/core/ephemeris/index.js';
import { eclipsesBetween } from '../../src/core/transits/index.js';
import swisseph from '../helpers/native-addon.js';

const jdOfYear = (y: number) => Date.UTC(y, 0, 1) / 86_400_000 + 2_440_587.5;

function directCount(kind: 'solar' | 'lunar', from: number, to: number): number {
  let n = 0;
  for (let t = from - 1; ;) {
    const r =
      kind === 'solar'
        ? swisseph.swe_sol_eclipse_when_glob(t, swisseph.SEFLG_SWIEPH, 0, 0)
        : swisseph.swe_lun_eclipse_when(t, swisseph.SEFLG_SWIEPH, 0, 0);
    if ('error' in r) throw new Error(r.error);
    if (r.maximum >= to) return n;
    if (r.maximum >= from) n++;
    t = r.maximum + 1;
  }
}

describe('eclipse counts per decade, 1900-2049', () => {
  const ephemeris = createEphemeris();
  it.each(Array.from({ length: 15 }, (_, i) => 1900 + 10 * i))('%s-%s', (decade) => {
    const from = jdOfYear(decade);
    const to = jdOfYear(decade + 10);
    const found = eclipsesBetween(ephemeris, from, to - 1e-9);
    const solar = found.filter((e) => e.type === 'solar').length;
    const lunar = found.filter((e) => e.type === 'lunar').length;
    expect({ solar, lunar }).toEqual({
      solar: directCount('solar', from, to),
      lunar: directCount('lunar', from, to),
    });
    expect(solar).toBeGreaterThanOrEqual(20);
    expect(lunar).toBeGreaterThanOrEqual(20);
  });

  it('228 solar eclipses in 1901-2000 (NASA canon)', () => {
    const n = eclipsesBetween(ephemeris, jdOfYear(1901), jdOfYear(2001) - 1e-9, { lunar: false }).length;
    expect(n).toBe(228);
  });
});
