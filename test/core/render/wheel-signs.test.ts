/**
 * Every planet label of the astrology wheel carries its sign, in every layout, and its degree beside
 * it: shortening drops the minutes, then stacks degree over sign, never drops either (an outside
 * probe found 113 of 540 labels of the two-ring wheel reading "☉ 11°", and later 63 of 540 reading
 * "♅ ♐": the sign without its degree). Over 40 seeded random births (test/helpers/render-samples.ts)
 * and two stelliums, in every layout: full (800 and 1280 px) and compact (400 px, a 390-px phone,
 * 300 px the least a picture may be), with and without the design and gate rings, and with the
 * details beside or below. A label's sign must be the sign of its `data-sign` (the body's own, from
 * the chart) and its degree the chart's; no text box of the picture overlaps another (boxes from the
 * bundled fonts' own tables, test/helpers/svg-geometry.ts) and no planet label lies on a house cusp
 * or an axis. A phone's two-ring wheel stacks its inner labels along the radius (glyph, degree,
 * sign) in a band deepened from the aspect circle, where a column of degree and sign per body did not
 * fit between the house lines at the 9-pixel text floor (docs/decisions.md, Rendering). The one
 * exception left to the degree: with the gate ring as well on a phone, the inner band has no room
 * between its house lines even for radial labels, and keeps glyph and sign where a label's degree
 * does not fit.
 * Stelliums, both well documented: 1962-02-04, seven bodies in Aquarius (Sun, Moon, Mercury, Venus,
 * Mars, Jupiter, Saturn: the eclipse conjunction of 4-5 February 1962); 2020-01-12, Sun, Mercury,
 * Jupiter, Saturn and Pluto in Capricorn (the Saturn-Pluto conjunction of that day).
 * Measured over the 40 births, labels without their degree before -> now: the design ring at 800 and
 * 1280 px 112 of 960 -> 0; both rings at 800 px 174 of 960 -> 0; 400 px without rings 233 of 480
 * -> 0; the design ring at 390 px 921 of 960 -> 480 (the inner band) -> 0 (radial inner labels),
 * and at 400 px 480 -> 0; both rings at 390 px 540 -> 449, at 400 px 480 -> 442, at 520 px 264 -> 0.
 * Sign glyphs: Unicode's zodiac signs U+2648-U+2653, in the order Aries to Pisces.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { astrologyMomentsAt, SIGNS } from '../../../src/core/astrology/index.js';
import { renderWheel, type WheelChart } from '../../../src/core/render/index.js';
import { bodiesOf } from '../../../src/core/render/wheel.js';
import { renderSamples } from '../../helpers/render-samples.js';
import { sharedEphemeris } from '../../helpers/shared.js';
import {
  dataOf,
  overlappingRuns,
  polygonsOverlap,
  segmentPolygon,
  segments,
  type TextRun,
  textRuns,
} from '../../helpers/svg-geometry.js';
import { parseXml, textOf, withAttr } from '../../helpers/xml.js';

const SIGN_CHARS = Array.from({ length: 12 }, (_, i) => String.fromCodePoint(0x2648 + i));
// `degrees`: which labels show degree and sign: all, or, with both rings on a phone, not every one
// ('some': the inner band has no room between its house lines for radial labels at the 9-pixel text
// floor, so a label there keeps glyph and sign where its degree does not fit).
const LAYOUTS = [
  { width: 800, designRing: false, gateRing: false, details: false, degrees: 'all' },
  { width: 800, designRing: true, gateRing: true, details: false, degrees: 'all' },
  { width: 800, designRing: true, gateRing: false, details: true, degrees: 'all' },
  { width: 1280, designRing: true, gateRing: false, details: false, degrees: 'all' },
  { width: 1200, designRing: true, gateRing: true, details: true, degrees: 'all' },
  { width: 400, designRing: false, gateRing: false, details: false, degrees: 'all' },
  { width: 400, designRing: true, gateRing: false, details: false, degrees: 'all' },
  { width: 400, designRing: true, gateRing: true, details: false, degrees: 'some' },
  { width: 400, designRing: false, gateRing: false, details: true, degrees: 'all' },
  { width: 390, designRing: true, gateRing: false, details: false, degrees: 'all' },
  { width: 390, designRing: true, gateRing: true, details: false, degrees: 'some' },
  { width: 300, designRing: true, gateRing: true, details: false, degrees: 'some' },
] as const;

const JD_UNIX_EPOCH = 2_440_587.5;
const STELLIUMS = [
  { utc: '1962-02-04T12:00:00Z', place: { latitude: 28.61, longitude: 77.21 }, sign: 'Aquarius', count: 7 },
  { utc: '2020-01-12T17:00:00Z', place: { latitude: 40.71, longitude: -74.01 }, sign: 'Capricorn', count: 5 },
] as const;

let charts: WheelChart[] = [];
beforeAll(() => {
  const stelliums = STELLIUMS.map(({ utc, place }) => {
    const jd = Date.parse(utc) / 86_400_000 + JD_UNIX_EPOCH;
    const { personality, design } = astrologyMomentsAt(sharedEphemeris(), jd, place);
    return { personality: personality.chart, design: design.chart };
  });
  charts = [...renderSamples(40, 20_261_127).map((s) => s.astro), ...stelliums];
}, 120_000);

const describeRun = (r: TextRun) =>
  `"${r.text}"${['data-planet', 'data-gate-label', 'data-house-label', 'data-angle'].map((a) => (dataOf(r.path, a) ? ` ${a}=${dataOf(r.path, a)}` : '')).join('')}`;

describe('the stelliums are crowded', () => {
  it.each(STELLIUMS.map((s, k) => ({ ...s, k })))('$utc: $count bodies in $sign', ({ k, sign, count }) => {
    const chart = charts[40 + k]!;
    expect(bodiesOf(chart.personality).filter((b) => b.sign === sign)).toHaveLength(count);
  });
});

describe('every planet label carries its own sign, apart from every other label and off the lines', () => {
  it.each(LAYOUTS)('$width px, design ring $designRing, gate ring $gateRing, details $details', (layout) => {
    const { degrees: _degrees, ...options } = layout;
    const problems: string[] = [];
    let labels = 0;
    charts.forEach((chart, i) => {
      const root = parseXml(
        renderWheel(chart, { theme: 'light', transparent: false, labels: true, ...options }),
      );
      for (const band of withAttr(root, 'data-side')) {
        const source = band.attrs['data-side'] === 'design' ? chart.design : chart.personality;
        for (const g of withAttr(band, 'data-planet')) {
          labels++;
          const name = String(g.attrs['data-planet']);
          const text = textOf(g);
          const want = SIGN_CHARS[(SIGNS as readonly string[]).indexOf(String(g.attrs['data-sign']))]!;
          const shown = SIGN_CHARS.filter((c) => text.includes(c));
          if (shown.length !== 1 || shown[0] !== want)
            problems.push(`chart ${i} ${name}: "${text}" should show ${want}`);
          // The degree as the chart has it, beside the sign: "♅ ♐" is not a position.
          const body = bodiesOf(source).find((b) => b.name === name)!;
          const degrees = body.positionInSign.split('°')[0]!;
          if (layout.degrees === 'all' && !text.includes(`${degrees}°${want}`))
            problems.push(`chart ${i} ${name}: "${text}" should show ${degrees}°${want}`);
        }
      }
      const runs = textRuns(root);
      for (const [a, b] of overlappingRuns(runs))
        problems.push(`chart ${i}: ${describeRun(a)} overlaps ${describeRun(b)}`);
      const lines = segments(
        root,
        (p) => dataOf(p, 'data-house') !== undefined || dataOf(p, 'data-axis') !== undefined,
      );
      for (const run of runs.filter((r) => dataOf(r.path, 'data-planet'))) {
        if (lines.some((l) => polygonsOverlap(run.corners, segmentPolygon(l), 0.01)))
          problems.push(`chart ${i}: ${describeRun(run)} lies on a house line`);
      }
    });
    expect(problems.slice(0, 10)).toEqual([]);
    expect(labels).toBe(charts.length * (layout.designRing ? 24 : 12));
  });

  it('can fail: a label without its sign, or two labels on one spot, is found', () => {
    const { degrees: _degrees, ...options } = LAYOUTS[0];
    const svg = renderWheel(charts[0]!, { ...options, theme: 'light', transparent: false, labels: true });
    const stripped = svg.replace(/[\u2648-\u2653]/g, '');
    const first = withAttr(parseXml(stripped), 'data-planet')[0]!;
    expect(SIGN_CHARS.some((c) => textOf(first).includes(c))).toBe(false);
    const doubled = svg.replace(/(<g data-planet=[^]*?<\/g>)/, '$1$1');
    expect(overlappingRuns(textRuns(parseXml(doubled))).length).toBeGreaterThan(0);
  });
});
