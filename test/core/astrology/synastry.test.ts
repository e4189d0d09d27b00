/**
 * Synastry (issue 38, part 2): person A's chart against person B's. The expected aspects and house
 * overlays are derived here from the two single charts as the chart function publishes them (planet
 * and angle longitudes, house cusps), with the orb table the answer documents (conjunction and
 * opposition 10°, trine 8°, sextile 6°, square 5°), not with the synastry module's own helpers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AstrologyChart,
  astrologyBirth,
  type AstrologyInput,
  synastry,
} from '../../../src/core/astrology/index.js';
import { PERSON_B_FIELDS } from '../../../src/core/birth/index.js';
import { sharedCities, sharedEphemeris } from '../../helpers/shared.js';

const A: AstrologyInput = {
  birthDate: '1940-10-09',
  birthTime: '18:30',
  birthLocation: 'Liverpool, United Kingdom',
};
const B: AstrologyInput = {
  birthDate: '1942-06-18',
  birthTime: '14:00',
  birthLocation: 'Liverpool, United Kingdom',
};
const MAJOR_ORBS: Record<string, [number, number]> = {
  conjunction: [0, 10],
  sextile: [60, 6],
  square: [90, 5],
  trine: [120, 8],
  opposition: [180, 10],
};

let deps: Parameters<typeof astrologyBirth>[0];
beforeAll(async () => {
  deps = { cities: await sharedCities(), ephemeris: sharedEphemeris() };
});

/** Planets and the two angles of a published chart, by the names synastry uses. */
function published(chart: AstrologyChart): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, body] of Object.entries(chart.planets)) out[name] = body.longitude;
  out.Ascendant = chart.angles.ascendant.longitude;
  out.Midheaven = chart.angles.midheaven.longitude;
  return out;
}

function expectedAspects(a: AstrologyChart, b: AstrologyChart) {
  const out: { key: string; angle: number; orb: number }[] = [];
  for (const [na, la] of Object.entries(published(a))) {
    for (const [nb, lb] of Object.entries(published(b))) {
      const d = Math.abs(la - lb) % 360;
      const arc = d > 180 ? 360 - d : d;
      for (const [aspect, [angle, orb]] of Object.entries(MAJOR_ORBS)) {
        if (Math.abs(arc - angle) <= orb)
          out.push({ key: `${na}|${nb}|${aspect}`, angle: arc, orb: Math.abs(arc - angle) });
      }
    }
  }
  return out;
}

/** House of a longitude from the published cusps: cusp n up to (not including) cusp n+1. */
function houseFrom(cusps: readonly number[], lon: number): number {
  const fwd = (from: number, to: number) => (((to - from) % 360) + 360) % 360;
  return cusps.findIndex((c, i) => fwd(c, lon) < fwd(c, cusps[(i + 1) % 12] as number)) + 1;
}

function expectMatchesSingleCharts(zodiac: Pick<AstrologyInput, 'zodiac' | 'ayanamsa'>) {
  const a = astrologyBirth(deps, { ...A, ...zodiac });
  const b = astrologyBirth(deps, { ...B, ...zodiac }, PERSON_B_FIELDS);
  const result = synastry(a.personality, b.personality);
  const expected = expectedAspects(a.personality.chart, b.personality.chart);
  expect(result.aspects.map((x) => `${x.personA}|${x.personB}|${x.aspect}`).sort()).toEqual(
    expected.map((x) => x.key).sort(),
  );
  for (const x of result.aspects) {
    const e = expected.find((y) => y.key === `${x.personA}|${x.personB}|${x.aspect}`);
    expect(x.angle).toBeCloseTo(e!.angle, 3);
    expect(x.orb).toBeCloseTo(e!.orb, 3);
  }
  const orbs = result.aspects.map((x) => x.orb);
  expect(orbs).toEqual([...orbs].sort((p, q) => p - q));
  const cuspsOf = (c: AstrologyChart) => c.houses.map((h) => h.cuspLongitude);
  for (const [planet, body] of Object.entries(a.personality.chart.planets)) {
    expect(result.houseOverlays.aInB[planet as 'Sun']).toBe(
      houseFrom(cuspsOf(b.personality.chart), body.longitude),
    );
  }
  for (const [planet, body] of Object.entries(b.personality.chart.planets)) {
    expect(result.houseOverlays.bInA[planet as 'Sun']).toBe(
      houseFrom(cuspsOf(a.personality.chart), body.longitude),
    );
  }
  expect(result.summary.aspects).toBe(expected.length);
  for (const aspect of Object.keys(MAJOR_ORBS)) {
    expect(result.summary.byAspect[aspect as 'trine']).toBe(
      expected.filter((e) => e.key.endsWith(`|${aspect}`)).length,
    );
  }
  return result;
}

describe('synastry', () => {
  it('lists every major aspect and house overlay the two single charts give (tropical)', () => {
    const result = expectMatchesSingleCharts({});
    // The pair has aspects of angles too, and each overlay covers the 10 planets.
    expect(result.aspects.some((x) => x.personA === 'Ascendant' || x.personB === 'Midheaven')).toBe(true);
    expect(Object.keys(result.houseOverlays.aInB)).toHaveLength(10);
  });

  it('compares two sidereal charts as each publishes them (B in the same zodiac)', () => {
    const sidereal = expectMatchesSingleCharts({ zodiac: 'sidereal', ayanamsa: 'lahiri' });
    const tropical = expectMatchesSingleCharts({});
    // Same planets, same aspects list shape: the ayanamsa moves by ~1.4' in the 20 months between the
    // births, so orbs differ slightly, not the angle between one person's own planets.
    const first = tropical.aspects.find((x) => x.personA === 'Sun')!;
    const same = sidereal.aspects.find((x) => x.personA === 'Sun' && x.personB === first.personB)!;
    expect(same.aspect).toBe(first.aspect);
    expect(same.orb).not.toBe(first.orb);
    expect(Math.abs(same.orb - first.orb)).toBeLessThan(0.05);
  });

  it('a chart against itself: every body conjunct itself at orb 0, each planet in its own house', () => {
    const a = astrologyBirth(deps, A);
    const result = synastry(a.personality, a.personality);
    const selfConjunctions = result.aspects.filter((x) => x.personA === x.personB);
    expect(selfConjunctions).toHaveLength(12);
    expect(selfConjunctions.every((x) => x.aspect === 'conjunction' && x.orb === 0)).toBe(true);
    for (const [planet, body] of Object.entries(a.personality.chart.planets)) {
      expect(result.houseOverlays.aInB[planet as 'Sun']).toBe(body.house);
    }
  });
});
