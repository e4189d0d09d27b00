/**
 * The BaZi chart SVG on lunar-javascript's EightChar reference (2005-12-23 08:37 Beijing time, male;
 * the same case as test/core/bazi/reference-cases.test.ts): pillars 乙酉 戊子 辛巳 壬辰, hidden stems
 * 辛 / 癸 / 丙庚戊 / 戊乙癸, first luck pillar 丁亥 from 2011. The golden SVG was reviewed by eye as a
 * PNG once, then pinned. The bundled CJK subset must draw every character the chart can show.
 */
import { Resvg } from '@resvg/resvg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BaziChart, computeBazi, NA_YIN } from '../../../src/core/bazi/index.js';
import { baziCharacters, renderBazi, svgToPng } from '../../../src/core/render/index.js';
import { decodePng, pixelStats } from '../../helpers/png.js';
import { sharedEphemeris } from '../../helpers/shared.js';
import { expectTextSnapshot } from '../../helpers/snapshot.js';
import { textRuns } from '../../helpers/svg-geometry.js';
import { parseXml, textOf, withAttr } from '../../helpers/xml.js';
import { defaultFontDir, FONT_FILE_NAMES } from '../../../src/core/render/png.js';

const HERE = import.meta.dirname;
const OPTIONS = { theme: 'light', width: 800, transparent: false, labels: true } as const;

let chart: BaziChart;
beforeAll(() => {
  const utcMs = Date.parse('2005-12-23T08:37:00Z') - 8 * 3_600_000;
  chart = computeBazi(
    sharedEphemeris(),
    { utcMs, offsetSeconds: 8 * 3600, longitude: 116.4 },
    { gender: 'male', dayBoundary: 'midnight', solarTime: 'standard' },
  );
});

describe('BaZi chart of the lunar-javascript reference', () => {
  it('matches the golden SVG', () => {
    expectTextSnapshot(HERE, 'bazi-reference.svg', renderBazi(chart, OPTIONS));
  });

  it('marks the four pillars and their hidden stems', () => {
    const root = parseXml(renderBazi(chart, OPTIONS));
    expect(root.attrs.role).toBe('img');
    const pillars = withAttr(root, 'data-pillar');
    expect(pillars.map((p) => `${p.attrs['data-pillar']} ${p.attrs['data-ganzhi']}`)).toEqual([
      'year 乙酉',
      'month 戊子',
      'day 辛巳',
      'hour 壬辰',
    ]);
    expect(
      pillars.map((p) =>
        withAttr(p, 'data-hidden-stem')
          .map((h) => h.attrs['data-hidden-stem'])
          .join(''),
      ),
    ).toEqual(['辛', '癸', '丙庚戊', '戊乙癸']);
    expect(textOf(root.children[1]!)).toContain('Four pillars: year 乙酉');
  });

  it('shows the eight luck pillars from 丁亥 in 2011', () => {
    const luck = withAttr(parseXml(renderBazi(chart, OPTIONS)), 'data-luck-pillar');
    expect(luck).toHaveLength(8);
    expect(luck[0]!.attrs).toMatchObject({ 'data-ganzhi': '丁亥', 'data-start-year': '2011' });
    expect(luck.slice(0, 3).map((l) => l.attrs['data-ganzhi'])).toEqual(['丁亥', '丙戌', '乙酉']);
  });

  it("heads the chart 乾造 (a man's chart) with the day master, and centres the hidden stems", () => {
    const root = parseXml(renderBazi(chart, OPTIONS));
    const head = withAttr(root, 'data-chart-of')[0]!;
    expect(head.attrs['data-chart-of']).toBe('male');
    expect(head.children[0]!.attrs['aria-label']).toBe('乾造');
    for (const pillar of withAttr(root, 'data-pillar')) {
      const cell = pillar.children.find((c) => c.name === 'rect')!;
      const middle = Number(cell.attrs.x) + Number(cell.attrs.width) / 2;
      const xs = withAttr(pillar, 'data-hidden-stem').map((h) => {
        const corners = textRuns(h)[0]!.corners.map((c) => c.x);
        return (Math.min(...corners) + Math.max(...corners)) / 2;
      });
      expect(xs.reduce((a, x) => a + x, 0) / xs.length).toBeCloseTo(middle, 6);
    }
  });

  it('outlines the luck pillar in force on asOf: 丁亥 from 2011, none before the first', () => {
    const inForce = (asOf?: string) =>
      withAttr(parseXml(renderBazi(chart, { ...OPTIONS, ...(asOf ? { asOf } : {}) })), 'data-luck-pillar')
        .filter((l) => l.attrs['data-in-force'] === 'true')
        .map((l) => l.attrs['data-ganzhi']);
    const start = chart.luckPillars.startDate;
    expect(start.slice(0, 4)).toBe('2011');
    expect(inForce(start)).toEqual(['丁亥']);
    expect(inForce('2020-12-31')).toEqual(['丁亥']);
    expect(inForce(`2021${start.slice(4)}`)).toEqual(['丙戌']);
    expect(inForce('2011-01-01')).toEqual([]);
    expect(inForce()).toEqual([]);
  });

  it.each([300, 390, 599, 800])(
    'writes every na yin name whole at %i px (Hairpin and Bracelet Metal was cut to "Bracelet…")',
    (width) => {
      const cut = NA_YIN.filter((naYin) => {
        const day = { ...chart.pillars.day, naYin };
        const svg = renderBazi({ ...chart, pillars: { ...chart.pillars, day } }, { ...OPTIONS, width });
        return /…/.test(svg);
      });
      expect(cut.map((n) => n.english)).toEqual([]);
    },
  );

  it('rasterises with the Chinese characters drawn', () => {
    const png = decodePng(svgToPng(renderBazi(chart, OPTIONS), 640));
    expect(png.width).toBe(640);
    expect(pixelStats(png).inked).toBeGreaterThan(0.05);
  });
});

describe('bundled CJK subset', () => {
  const fontFiles = FONT_FILE_NAMES.map((f) => `${defaultFontDir()}/${f}`);
  const ink = (char: string): number => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><text x="4" y="32" font-size="32" font-family="Chart Han">${char}</text></svg>`;
    const pixels = new Resvg(svg, {
      font: { fontFiles, loadSystemFonts: false, defaultFontFamily: 'Chart Han' },
    }).render().pixels;
    let count = 0;
    for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] as number) > 0) count++;
    return count;
  };

  it('draws every character the BaZi chart can show', () => {
    const chars = [...baziCharacters()];
    expect(chars.length).toBeGreaterThan(60);
    expect(chars.filter((c) => ink(c) === 0)).toEqual([]);
  });

  it('draws nothing for a character outside the subset (so the check above can fail)', () => {
    expect(ink('龍')).toBe(0);
  });
});
