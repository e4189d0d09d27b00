/**
 * The synastry wheel (issue 38, part 2): with person B, B's planets (the 10, node and Chiron) are
 * drawn on the outer ring where the design planets go, each at B's own longitude, in a group marked
 * data-person="B", and the description says so; A's planets stay on the inner band. Without B the
 * wheel is unchanged (wheel.test.ts's golden SVGs pin it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AstrologyChart,
  astrologyBirth,
  type AstrologyData,
  astrologyData,
} from '../../../src/core/astrology/index.js';
import { PERSON_B_FIELDS } from '../../../src/core/birth/index.js';
import { DEFAULT_WHEEL_OPTIONS, renderWheel } from '../../../src/core/render/index.js';
import { sharedCities, sharedEphemeris, sharedKnowledge } from '../../helpers/shared.js';

const A = { birthDate: '1940-10-09', birthTime: '18:30', birthLocation: 'Liverpool, United Kingdom' };
const B = { birthDate: '1942-06-18', birthTime: '14:00', birthLocation: 'Liverpool, United Kingdom' };

let data: AstrologyData;
let personB: AstrologyChart;
beforeAll(async () => {
  const deps = { cities: await sharedCities(), ephemeris: sharedEphemeris() };
  data = astrologyData(await sharedKnowledge(), astrologyBirth(deps, A), false);
  personB = astrologyBirth(deps, B, PERSON_B_FIELDS).personality.chart;
});

/** data-planet -> data-longitude of the planet groups inside `svg`. */
function planetsIn(svg: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of svg.matchAll(/data-planet="([^"]+)" data-longitude="([^"]+)"/g))
    out.set(m[1]!, Number(m[2]));
  return out;
}

describe('synastry wheel', () => {
  for (const width of [390, 1280]) {
    it(`draws B's planets at B's longitudes on the outer ring (${width} px)`, () => {
      const svg = renderWheel({ ...data, personB }, { ...DEFAULT_WHEEL_OPTIONS, width });
      const start = svg.indexOf('data-person="B"');
      expect(start).toBeGreaterThan(0);
      const outer = planetsIn(svg.slice(start));
      const inner = planetsIn(svg.slice(0, start));
      expect(outer.size).toBe(12);
      for (const [name, body] of Object.entries(personB.planets))
        expect(outer.get(name)).toBe(body.longitude);
      expect(outer.get('North Node')).toBe(personB.points.northNode.longitude);
      // A's own planets are the inner band, unchanged.
      for (const [name, body] of Object.entries(data.personality.planets))
        expect(inner.get(name)).toBe(body.longitude);
      expect(svg).toContain(`Outer ring: person B's chart, Sun in ${personB.planets.Sun.sign}.`);
      expect(svg).not.toContain('Outer ring: the design chart');
    });
  }

  it('draws no B ring without person B', () => {
    const svg = renderWheel(data, { ...DEFAULT_WHEEL_OPTIONS, width: 800 });
    expect(svg).not.toContain('data-person="B"');
  });
});
