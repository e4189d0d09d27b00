/**
 * Properties of the rendered charts over 1,000 seeded random births 1900-2100 (charts computed
 * directly: Swiss Ephemeris -> cores, no HTTP), each SVG read back with the test XML reader:
 * - bodygraph: well-formed; data-defined centers and channels equal the chart's; every gate's
 *   data-activation equals the side derived here from the 26 planet positions (not from the chart's
 *   own activations map);
 * - wheel (with both rings): well-formed; every planet's data-longitude equals the chart's, for both
 *   sides; the 12 cusps run in zodiac order (their forward arcs add up to one turn);
 * - BaZi: well-formed; data-pillar / data-ganzhi equal the chart's pillars.
 * - fonts: every character any of them draws has a glyph in the bundled font that draws it (read
 *   from the fonts' own cmap tables), so the tight subsets in data/fonts lose nothing.
 * A few of each also rasterise: the PNG decodes at the requested width and two charts differ.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ASTRO_PLANETS } from '../../src/core/astrology/index.js';
import { PLANETS } from '../../src/core/human-design/index.js';
import { renderBazi, renderBodygraph, renderWheel, svgToPng } from '../../src/core/render/index.js';
import { defaultFontDir } from '../../src/core/render/png.js';
import { CJK_FONT_FAMILY } from '../../src/core/render/theme.js';
import { mappedCodePoints } from '../helpers/font-cmap.js';
import { decodePng, pixelStats } from '../helpers/png.js';
import { type RenderSample, renderSamples } from '../helpers/render-samples.js';
import { parseXml, withAttr, type XmlElement } from '../helpers/xml.js';

/** A CPU-bound sweep: on two shared cores under load it takes minutes, not a hang. */
const SWEEP = { timeout: 600_000 };
const BIRTHS = 1000;
const OPTIONS = { theme: 'light', width: 800, transparent: false, labels: true } as const;

let samples: RenderSample[] = [];
beforeAll(() => {
  samples = renderSamples(BIRTHS);
}, 120_000);

const forward = (a: number, b: number) => (((b - a) % 360) + 360) % 360;

describe(`${BIRTHS} random births: rendered charts agree with their data`, SWEEP, () => {
  it('bodygraph: centers, channels and gate sides', () => {
    for (const { hd } of samples) {
      const root = parseXml(renderBodygraph(hd, OPTIONS));
      const defined = (attr: string) =>
        withAttr(root, attr)
          .filter((e) => e.attrs['data-defined'] === 'true')
          .map((e) => e.attrs[attr]);
      expect(defined('data-center')).toEqual(hd.centers.defined);
      expect(defined('data-channel')).toEqual(hd.channels.map((c) => c.gates));
      const sides = new Map<number, Set<string>>();
      for (const side of ['personality', 'design'] as const) {
        for (const planet of PLANETS) {
          const gate = hd[side][planet].gate;
          sides.set(gate, (sides.get(gate) ?? new Set()).add(side));
        }
      }
      const gates = withAttr(root, 'data-gate');
      expect(gates).toHaveLength(64);
      for (const g of gates) {
        const s = sides.get(Number(g.attrs['data-gate']));
        expect(g.attrs['data-activation']).toBe(!s ? 'none' : s.size === 2 ? 'both' : [...s][0]);
      }
    }
  });

  it('wheel: planet longitudes of both sides, cusps in order', () => {
    for (const { astro } of samples) {
      const root = parseXml(
        renderWheel(astro, { ...OPTIONS, designRing: true, gateRing: true, details: false }),
      );
      for (const side of ['personality', 'design'] as const) {
        const group = withAttr(root, 'data-side').find((e) => e.attrs['data-side'] === side)!;
        const drawn = new Map(
          withAttr(group, 'data-planet').map((p) => [
            p.attrs['data-planet'],
            Number(p.attrs['data-longitude']),
          ]),
        );
        for (const planet of ASTRO_PLANETS)
          expect(drawn.get(planet)).toBe(astro[side].planets[planet].longitude);
        expect(drawn.get('North Node')).toBe(astro[side].points.northNode.longitude);
      }
      const cusps = withAttr(root, 'data-cusp').map((c) => Number(c.attrs['data-cusp']));
      expect(cusps).toEqual(astro.personality.houses.map((h) => h.cuspLongitude));
      const turn = cusps.reduce((sum, c, i) => sum + forward(c, cusps[(i + 1) % 12]!), 0);
      expect(turn).toBeCloseTo(360, 6);
    }
  });

  it('BaZi: the four pillars', () => {
    for (const { bazi } of samples) {
      const root = parseXml(renderBazi(bazi, OPTIONS));
      const { year, month, day, hour } = bazi.pillars;
      expect(withAttr(root, 'data-pillar').map((p) => p.attrs['data-ganzhi'])).toEqual(
        [year, month, day, hour].map((p) => p.ganzhi),
      );
      expect(withAttr(root, 'data-luck-pillar')).toHaveLength(bazi.luckPillars.pillars.length);
    }
  });

  it('fonts: every drawn character has a glyph in the face that draws it', () => {
    const faces = {
      regular: mappedCodePoints(`${defaultFontDir()}/DejaVuSans-charts.ttf`),
      bold: mappedCodePoints(`${defaultFontDir()}/DejaVuSans-Bold-charts.ttf`),
      cjk: mappedCodePoints(`${defaultFontDir()}/ChartHan-Regular.otf`),
    };
    const missing = new Set<string>();
    let checked = 0;
    // Font attributes inherit down the tree; variation selectors and spaces draw no glyph.
    const walk = (e: XmlElement, family: string, weight: string) => {
      const f = e.attrs['font-family'] ?? family;
      const w = e.attrs['font-weight'] ?? weight;
      if (e.name === 'title' || e.name === 'desc' || e.name === 'style') return;
      const face = f === CJK_FONT_FAMILY ? 'cjk' : w === 'bold' ? 'bold' : 'regular';
      for (const c of e.text) {
        const code = c.codePointAt(0)!;
        if (/\s/.test(c) || code === 0xfe0e || code === 0xfe0f) continue;
        checked++;
        if (!faces[face].has(code)) missing.add(`${face} U+${code.toString(16).toUpperCase()} ${c}`);
      }
      for (const child of e.children) walk(child, f, w);
    };
    for (const { hd, astro, bazi } of samples) {
      walk(parseXml(renderBodygraph(hd, OPTIONS)), '', 'normal');
      walk(
        parseXml(renderWheel(astro, { ...OPTIONS, designRing: true, gateRing: true, details: false })),
        '',
        'normal',
      );
      walk(parseXml(renderBazi(bazi, OPTIONS)), '', 'normal');
    }
    expect(checked).toBeGreaterThan(100_000);
    expect([...missing]).toEqual([]);
  });

  it('PNGs decode at the requested width and differ between charts', () => {
    const stats = samples.slice(0, 4).map(({ hd }, i) => {
      const width = 300 + 100 * i;
      const png = decodePng(svgToPng(renderBodygraph(hd, OPTIONS), width));
      expect(png.width).toBe(width);
      return pixelStats(decodePng(svgToPng(renderBodygraph(hd, OPTIONS), 400)));
    });
    const distinct = new Set(stats.map((s) => s.inked.toFixed(5)));
    expect(distinct.size).toBeGreaterThan(1);
  });
});
