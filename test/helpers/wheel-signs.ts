/**
 * Every planet label of the astrology wheel carries its sign, in every layout: shortening drops the
 * minutes, then the degree, then the ℞ mark, never the sign (an outside probe found 113 of 540
 * labels of the two-ring wheel reading "☉ 11°", and the compact two-ring wheel drew glyphs alone).
 * Over seeded random births (test/helpers/render-samples.ts: the first 10 in the fast tier,
 * test/core/render/wheel-signs.test.ts, all 40 in test/sweep/wheel-signs.test.ts; the same seed, so
 * the fast tier's births are the sweep's first) and two stelliums, in every layout:
 * full (800 px) and compact (400 px, a 390-px phone, 300 px the least a picture may be), with and
 * without the design and gate rings, and with the details beside or below. A label's sign must be
 * the sign of its `data-sign` (the body's own, from the chart); no text box of the picture overlaps
 * another (boxes from the bundled fonts' own tables, test/helpers/svg-geometry.ts) and no planet
 * label lies on a house cusp or an axis.
 * Stelliums, both well documented: 1962-02-04, seven bodies in Aquarius (Sun, Moon, Mercury, Venus,
 * Mars, Jupiter, Saturn: the eclipse conjunction of 4-5 February 1962); 2020-01-12, Sun, Mercury,
 * Jupiter, Saturn and Pluto in Capricorn (the Saturn-Pluto conjunction of that day).
 * Measured over the 40 births, labels with their sign before -> now: two rings at 800 px 94.8% ->
 * 100%; 400 px without rings 73.5% -> 100%; 400 px with both rings 0% (glyphs alone by design) ->
 * 100%.
 * Sign glyphs: Unicode's zodiac signs U+2648-U+2653, in the order Aries to Pisces.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { astrologyMomentsAt, SIGNS } from '../../src/core/astrology/index.js';
import { renderWheel, type WheelChart } from '../../src/core/render/index.js';
import { bodiesOf } from '../../src/core/render/wheel.js';
import { renderSamples } from './render-samples.js';
import { sharedEphemeris } from './shared.js';
import {
  dataOf,
  overlappingRuns,
  polygonsOverlap,
  segmentPolygon,
  segments,
  type TextRun,
  textRuns,
} from './svg-geometry.js';
import { parseXml, textOf, withAttr } from './xml.js';

const SIGN_CHARS = Array.from({ length: 12 }, (_, i) => String.fromCodePoint(0x2648 + i));
const LAYOUTS = [
  { width: 800, designRing: false, gateRing: false, details: false },
  { width: 800, designRing: true, gateRing: true, details: false },
  { width: 800, designRing: true, gateRing: false, details: true },
  { width: 1200, designRing: true, gateRing: true, details: true },
  { width: 400, designRing: false, gateRing: false, details: false },
  { width: 400, designRing: true, gateRing: true, details: false },
  { width: 400, designRing: false, gateRing: false, details: true },
  { width: 390, designRing: true, gateRing: true, details: false },
  { width: 300, designRing: true, gateRing: true, details: false },
] as const;

const JD_UNIX_EPOCH = 2_440_587.5;
const STELLIUMS = [
  { utc: '1962-02-04T12:00:00Z', place: { latitude: 28.61, longitude: 77.21 }, sign: 'Aquarius', count: 7 },
  { utc: '2020-01-12T17:00:00Z', place: { latitude: 40.71, longitude: -74.01 }, sign: 'Capricorn', count: 5 },
] as const;

const describeRun = (r: TextRun) =>
  `"${r.text}"${['data-planet', 'data-gate-label', 'data-house-label', 'data-angle'].map((a) => (dataOf(r.path, a) ? ` ${a}=${dataOf(r.path, a)}` : '')).join('')}`;

/** Defines the wheel label tests over the first `births` seeded births and the two stelliums. */
export function describeWheelSigns(births: number): void {
  let charts: WheelChart[] = [];
  beforeAll(() => {
    const stelliums = STELLIUMS.map(({ utc, place }) => {
      const jd = Date.parse(utc) / 86_400_000 + JD_UNIX_EPOCH;
      const { personality, design } = astrologyMomentsAt(sharedEphemeris(), jd, place);
      return { personality: personality.chart, design: design.chart };
    });
    charts = [...renderSamples(births, 20_261_127).map((s) => s.astro), ...stelliums];
  }, 120_000);

  describe('the stelliums are crowded', () => {
    it.each(STELLIUMS.map((s, k) => ({ ...s, k })))('$utc: $count bodies in $sign', ({ k, sign, count }) => {
      const chart = charts[births + k]!;
      expect(bodiesOf(chart.personality).filter((b) => b.sign === sign)).toHaveLength(count);
    });
  });

  describe('every planet label carries its own sign, apart from every other label and off the lines', () => {
    it.each(LAYOUTS)(
      '$width px, design ring $designRing, gate ring $gateRing, details $details',
      (layout) => {
        const problems: string[] = [];
        let labels = 0;
        charts.forEach((chart, i) => {
          const root = parseXml(
            renderWheel(chart, { theme: 'light', transparent: false, labels: true, ...layout }),
          );
          for (const g of withAttr(root, 'data-planet')) {
            labels++;
            const text = textOf(g);
            const want = SIGN_CHARS[(SIGNS as readonly string[]).indexOf(String(g.attrs['data-sign']))]!;
            const shown = SIGN_CHARS.filter((c) => text.includes(c));
            if (shown.length !== 1 || shown[0] !== want)
              problems.push(`chart ${i} ${String(g.attrs['data-planet'])}: "${text}" should show ${want}`);
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
      },
    );

    it('can fail: a label without its sign, or two labels on one spot, is found', () => {
      const svg = renderWheel(charts[0]!, {
        ...LAYOUTS[0],
        theme: 'light',
        transparent: false,
        labels: true,
      });
      const stripped = svg.replace(/[\u2648-\u2653]/g, '');
      const first = withAttr(parseXml(stripped), 'data-planet')[0]!;
      expect(SIGN_CHARS.some((c) => textOf(first).includes(c))).toBe(false);
      const doubled = svg.replace(/(<g data-planet=[^]*?<\/g>)/, '$1$1');
      expect(overlappingRuns(textRuns(parseXml(doubled))).length).toBeGreaterThan(0);
    });
  });
}
