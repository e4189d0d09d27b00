/**
 * The synastry wheel (issue 38, part 2): with person B, B's planets (the 10, node and Chiron) are
 * drawn on the outer ring where the design planets go, each at B's own longitude, in a group marked
 * data-person="B", and the description says so; A's planets stay on the inner band. A legend in a
 * right corner says which ring is whose, clear of the rings and of the angle labels (its box from
 * the bundled font's metrics). Without B the wheel is unchanged (wheel.test.ts's golden SVGs pin it).
 * With details, a synastry's data box is headed as person A's (it was headed "Natal chart", as if
 * the picture were one natal chart) and person B's birth has a box of its own in B's colour; the
 * sweep (test/sweep/render-geometry.test.ts) checks where the boxes lie over 1,000 births.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AstrologyChart,
  astrologyBirth,
  type AstrologyData,
  astrologyData,
} from '../../../src/core/astrology/index.js';
import { PERSON_B_FIELDS } from '../../../src/core/birth/index.js';
import { boxesOverlap, textBox } from '../../../src/core/render/font-metrics.js';
import { DEFAULT_WHEEL_OPTIONS, renderWheel } from '../../../src/core/render/index.js';
import { CENTRE } from '../../../src/core/render/wheel-geometry.js';
import { allElements, parseXml, textOf, withAttr } from '../../helpers/xml.js';
import { sharedCities, sharedEphemeris, sharedKnowledge } from '../../helpers/shared.js';

const A = { birthDate: '1940-10-09', birthTime: '18:30', birthLocation: 'Liverpool, United Kingdom' };
const B = { birthDate: '1942-06-18', birthTime: '14:00', birthLocation: 'Liverpool, United Kingdom' };

let data: AstrologyData;
let personB: AstrologyChart;
let personBBirthInfo: AstrologyData['birthInfo'];
beforeAll(async () => {
  const deps = { cities: await sharedCities(), ephemeris: sharedEphemeris() };
  data = astrologyData(await sharedKnowledge(), astrologyBirth(deps, A), false);
  const b = astrologyBirth(deps, B, PERSON_B_FIELDS);
  personB = b.personality.chart;
  personBBirthInfo = b.birthInfo;
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
      // The title named A's birth alone ("Astrology wheel for ..."), as if the picture were one chart.
      const root = parseXml(renderWheel({ ...data, personB, personBBirthInfo }, DEFAULT_WHEEL_OPTIONS));
      const title = allElements(root).find((e) => e.name === 'title');
      expect(title && textOf(title)).toBe(
        'Synastry wheel: 1940-10-09 18:30, Liverpool, England, United Kingdom (inner) and 1942-06-18 14:00, Liverpool, England, United Kingdom (outer)',
      );
      expect(svg).not.toContain('Outer ring: the design chart');
    });
  }

  it('labels the rings in a right corner, clear of the circles and of the angle labels', async () => {
    const deps = { cities: await sharedCities(), ephemeris: sharedEphemeris() };
    const knowledge = await sharedKnowledge();
    // A's birth at every hour of the day turns the MC through the top of the wheel, the top right
    // corner included (its label sits there when the MC is 40-80 degrees from the right horizontal):
    // the legend then moves to the bottom right.
    const corners = new Set<string>();
    for (let hour = 0; hour < 24; hour++) {
      const a = { ...A, birthTime: `${String(hour).padStart(2, '0')}:30` };
      const chart = astrologyData(knowledge, astrologyBirth(deps, a), false);
      for (const width of [390, 1280]) {
        const root = parseXml(renderWheel({ ...chart, personB }, { ...DEFAULT_WHEEL_OPTIONS, width }));
        const [legend] = withAttr(root, 'data-legend');
        const lines = legend!.children.filter((c) => c.name === 'tspan');
        expect(lines.map(textOf)).toEqual(['Inner: person A', 'Outer: person B']);
        const size = Number(legend!.attrs['font-size']);
        corners.add(Number(lines[0]!.attrs.y) < CENTRE ? 'top' : 'bottom');
        const outermost = Math.max(...withAttr(root, 'r').map((c) => Number(c.attrs.r)));
        const angleBoxes = withAttr(root, 'data-angle').flatMap((group) => {
          const text = group.children.find((c) => c.name === 'text')!;
          const angleSize = Number(text.attrs['font-size']);
          return text.children
            .filter((c) => c.name === 'tspan')
            .map((t) => textBox(textOf(t), Number(t.attrs.x), Number(t.attrs.y), angleSize, 'middle'));
        });
        for (const line of lines) {
          const box = textBox(textOf(line), Number(line.attrs.x), Number(line.attrs.y), size, 'end');
          // The box's point nearest the centre lies outside every circle of the wheel...
          const dx = Math.max(box.x0 - CENTRE, 0, CENTRE - box.x1);
          const dy = Math.max(box.y0 - CENTRE, 0, CENTRE - box.y1);
          expect(Math.hypot(dx, dy), `${hour}:30, ${width} px`).toBeGreaterThan(outermost);
          // ...and clear of the AC, MC, DC and IC labels.
          for (const angle of angleBoxes)
            expect(boxesOverlap(box, angle), `${hour}:30, ${width} px`).toBe(false);
        }
      }
    }
  });

  for (const width of [390, 800, 1280]) {
    it(`details: A's data box headed as A's, B's birth in a box of its own in B's colour (${width} px)`, () => {
      const root = parseXml(
        renderWheel(
          { ...data, personB, personBBirthInfo },
          { ...DEFAULT_WHEEL_OPTIONS, width, details: true },
        ),
      );
      const panels = withAttr(root, 'data-details');
      const lines = (name: string) =>
        withAttr(
          panels.find((p) => p.attrs['data-details'] === name)!,
          'data-line',
        );
      const text = (name: string, role: string) =>
        lines(name)
          .filter((l) => l.attrs['data-line'] === role)
          .map(textOf)
          .join(' ');
      expect(text('data', 'heading')).toBe('Person A (inner)');
      expect(text('data', 'date')).toBe('1940-10-09 18:30 (UTC+01:00)');
      expect(text('person-b', 'heading')).toBe('Person B (outer)');
      // June 1942: Britain on double summer time, two hours ahead of UT.
      expect(text('person-b', 'date')).toBe('1942-06-18 14:00 (UTC+02:00)');
      // Both born in Liverpool: the same place and coordinates as A's.
      expect(text('person-b', 'place')).toBe(text('data', 'place'));
      expect(text('person-b', 'coordinates')).toBe(text('data', 'coordinates'));
      expect(text('person-b', 'place')).toContain('Liverpool');
      // B's lines in B's colour, as the outer ring's planets and the legend's second line.
      expect(new Set(lines('person-b').map((l) => l.attrs.class))).toEqual(new Set(['d-fill']));
      // After A's panels, so that the planet table and aspect grid stay under A's heading.
      expect(panels.map((p) => p.attrs['data-details'])).toEqual(['data', 'planets', 'aspects', 'person-b']);
    });
  }

  it("details without person B: the data box stays the natal chart's, with no person B box", () => {
    const root = parseXml(renderWheel(data, { ...DEFAULT_WHEEL_OPTIONS, width: 1280, details: true }));
    const heading = withAttr(root, 'data-line').find((l) => l.attrs['data-line'] === 'heading')!;
    expect(textOf(heading)).toBe('Natal chart');
    expect(withAttr(root, 'data-details').map((p) => p.attrs['data-details'])).toEqual([
      'data',
      'planets',
      'aspects',
    ]);
  });

  it('draws no B ring and no legend without person B', () => {
    const svg = renderWheel(data, { ...DEFAULT_WHEEL_OPTIONS, width: 800 });
    expect(svg).not.toContain('data-person="B"');
    expect(svg).not.toContain('data-legend');
  });
});
