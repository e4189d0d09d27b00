/**
 * Properties of astrology answers over 1,000 seeded random births (1900-2100, latitudes -65..65,
 * every longitude), through the core (ephemeris -> both charts -> cross aspects), no HTTP:
 * - every listed aspect (within each chart and across the two) has as `angle` the shortest arc
 *   between its two bodies' longitudes as the answer prints them, and an `orb` within the limit of
 *   its aspect in reference astrology-bazi-location.md A2 (Kerykeion's orbs, test/fixtures/aspect-orbs.ts);
 * - no pair within an aspect's orb is missing, and no pair is listed twice (a brute-force search
 *   with the test's own table over the exact longitudes);
 * - `aspects.count` and `crossAspects.summary` equal the lists; the element and quality counts add
 *   up to the ten planets; the sun sign in `chart` is the Sun's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AstrologyChart,
  astrologyMomentsAt,
  ASTRO_PLANETS,
  crossAspects,
} from '../../src/core/astrology/index.js';
import type { Ephemeris } from '../../src/core/ephemeris/index.js';
import { ASPECT_ORBS } from '../fixtures/aspect-orbs.js';
import { sharedEphemeris } from '../helpers/service.js';
import { seededRandom } from '../helpers/ephemeris.js';

const BIRTHS = 1_000;
const SEED = 20_260_707;
const FROM_JD = 2_415_020.5; // 1900-01-01
const SPAN_DAYS = 73_049; // to 2100-01-01
/** Rounding of the answer: longitudes to 6 decimals, angles and orbs to 4. */
const PRINTED_TOLERANCE = 1e-4;

const ORBS = ASPECT_ORBS;
const MAJOR = new Set(['conjunction', 'sextile', 'square', 'trine', 'opposition']);

const arc = (a: number, b: number): number => {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
};

/** The test's own search: every aspect name within orb for this separation. */
const expectedAspects = (a: number, b: number): string[] =>
  Object.entries(ORBS)
    .filter(([, [angle, orb]]) => Math.abs(arc(a, b) - angle) <= orb)
    .map(([name]) => name);

interface Listed {
  a: string;
  b: string;
  aspect: string;
  angle: number;
  orb: number;
}

function checkListed(
  listed: Listed[],
  lonA: (n: string) => number,
  lonB: (n: string) => number,
  bad: string[],
) {
  for (const x of listed) {
    const [angle, limit] = ORBS[x.aspect] ?? [NaN, NaN];
    if (Math.abs(x.angle - arc(lonA(x.a), lonB(x.b))) > PRINTED_TOLERANCE)
      bad.push(`angle ${JSON.stringify(x)}`);
    if (!(x.orb <= limit) || Math.abs(Math.abs(x.angle - angle) - x.orb) > PRINTED_TOLERANCE)
      bad.push(`orb ${JSON.stringify(x)}`);
  }
}

let ephemeris: Ephemeris;
beforeAll(() => {
  ephemeris = sharedEphemeris();
});

describe(`astrology aspects over ${BIRTHS} random births`, () => {
  it('lists exactly the aspects within orb, with true angles and counts', () => {
    const random = seededRandom(SEED);
    const bad: string[] = [];
    let listedTotal = 0;
    for (let i = 0; i < BIRTHS; i++) {
      const jdUT = FROM_JD + random() * SPAN_DAYS;
      const place = { latitude: -65 + random() * 130, longitude: -180 + random() * 360 };
      const { personality, design } = astrologyMomentsAt(ephemeris, jdUT, place);
      const cross = crossAspects(personality.longitudes, design.longitudes);
      const where = `birth ${i} (JD ${jdUT})`;

      for (const { chart, longitudes } of [personality, design]) {
        const printed = (n: string) => chart.planets[n as keyof AstrologyChart['planets']].longitude;
        const listed = [...chart.aspects.major, ...chart.aspects.minor].map((x) => ({
          a: x.planet1,
          b: x.planet2,
          aspect: x.aspect,
          angle: x.angle,
          orb: x.orb,
        }));
        checkListed(listed, printed, printed, bad);
        if (chart.aspects.count !== listed.length) bad.push(`${where}: count`);
        if (
          chart.aspects.major.some((x) => !MAJOR.has(x.aspect)) ||
          chart.aspects.minor.some((x) => MAJOR.has(x.aspect))
        )
          bad.push(`${where}: major/minor split`);
        const seen = new Map(listed.map((x) => [`${x.a}|${x.b}`, x.aspect]));
        if (seen.size !== listed.length) bad.push(`${where}: a pair listed twice`);
        ASTRO_PLANETS.forEach((p, j) => {
          for (const q of ASTRO_PLANETS.slice(j + 1)) {
            const want = expectedAspects(longitudes[p], longitudes[q]);
            const got = seen.get(`${p}|${q}`);
            if (want.length > 1 || (want[0] ?? undefined) !== got)
              bad.push(`${where}: ${p}-${q} want ${want} got ${got}`);
          }
        });
        const elements = Object.values(chart.analysis.elements).reduce((s, n) => s + n, 0);
        const qualities = Object.values(chart.analysis.qualities).reduce((s, n) => s + n, 0);
        if (elements !== 10 || qualities !== 10) bad.push(`${where}: balance ${elements}/${qualities}`);
        if (chart.chart.sunSign.value !== chart.planets.Sun.sign) bad.push(`${where}: sun sign`);
        listedTotal += listed.length;
      }

      const crossListed = [...cross.major, ...cross.minor].map((x) => ({
        a: x.personalityPlanet,
        b: x.designPlanet,
        aspect: x.aspect,
        angle: x.angle,
        orb: x.orb,
      }));
      const pLon = (n: string) => personality.chart.planets[n as keyof AstrologyChart['planets']].longitude;
      const dLon = (n: string) => design.chart.planets[n as keyof AstrologyChart['planets']].longitude;
      checkListed(crossListed, pLon, dLon, bad);
      const { totalMajor, totalMinor, samePlanetCount } = cross.summary;
      if (totalMajor !== cross.major.length || totalMinor !== cross.minor.length)
        bad.push(`${where}: cross totals`);
      if (samePlanetCount !== crossListed.filter((x) => x.a === x.b).length)
        bad.push(`${where}: samePlanetCount`);
      if (
        [...cross.major, ...cross.minor].some(
          (x) => x.isSamePlanet !== (x.personalityPlanet === x.designPlanet),
        )
      )
        bad.push(`${where}: isSamePlanet`);
      const seen = new Map(crossListed.map((x) => [`${x.a}|${x.b}`, x.aspect]));
      for (const p of ASTRO_PLANETS) {
        for (const q of ASTRO_PLANETS) {
          const want = expectedAspects(personality.longitudes[p], design.longitudes[q]);
          if ((want[0] ?? undefined) !== seen.get(`${p}|${q}`)) bad.push(`${where}: cross ${p}-${q}`);
        }
      }
      // The design Sun is 88° behind: the two Suns always square within 2°.
      if (
        !cross.major.some(
          (x) => x.personalityPlanet === 'Sun' && x.designPlanet === 'Sun' && x.aspect === 'square',
        )
      )
        bad.push(`${where}: Sun-Sun square`);
      listedTotal += crossListed.length;
    }
    expect(bad.slice(0, 20)).toEqual([]);
    // The search has something to find: about 10 aspects per chart and 20 across.
    expect(listedTotal).toBeGreaterThan(BIRTHS * 20);
  });
});
