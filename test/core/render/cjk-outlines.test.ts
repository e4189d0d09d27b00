/**
 * The BaZi chart's Chinese characters as glyph outlines (src/core/render/cff.ts, cjk-outlines.ts).
 * Independent source: resvg's own font reader (ttf-parser, through @resvg/resvg-js) drawing the same
 * characters as text in the bundled Chart Han face; the outlines read here must give the same pixels.
 * Then the chart itself: no Chinese in any <text>, each glyph defined once and used by reference, and
 * the picture drawn the same with no CJK face at all (resvg given the Latin faces only), which is what
 * a system without a CJK font sees. The browser tier (test/browser/bazi-cjk.test.ts) checks Chromium.
 * Chart: lunar-javascript's EightChar reference case (2005-12-23 08:37 Beijing, male), as bazi.test.ts.
 */
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BaziChart, computeBazi } from '../../../src/core/bazi/index.js';
import { loadCjkGlyphs } from '../../../src/core/render/cjk-glyph-files.js';
import { baziCharacters, renderBazi } from '../../../src/core/render/index.js';
import { defaultFontDir, FONT_FILE_NAMES } from '../../../src/core/render/png.js';
import { textAsPaths } from '../../../src/core/render/text-paths.js';
import { sharedEphemeris } from '../../helpers/shared.js';
import { textRuns } from '../../helpers/svg-geometry.js';
import { parseXml, type XmlElement } from '../../helpers/xml.js';

const OPTIONS = { theme: 'light', width: 800, transparent: false, labels: true } as const;
const CJK = /[\u2e80-\u9fff]/;
const allFonts = FONT_FILE_NAMES.map((f) => join(defaultFontDir(), f));
const latinFonts = allFonts.filter((f) => !f.includes('ChartHan'));

const alpha = (svg: string, fontFiles = allFonts): Uint8Array => {
  const rgba = new Resvg(svg, {
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: 'Chart Han' },
  }).render().pixels;
  return Uint8Array.from({ length: rgba.length / 4 }, (_, i) => rgba[i * 4 + 3] as number);
};

/** Summed alpha difference over the first picture's ink (0: the same pixels). */
function difference(a: Uint8Array, b: Uint8Array): number {
  let diff = 0;
  let ink = 0;
  for (let i = 0; i < a.length; i++) {
    diff += Math.abs((a[i] as number) - (b[i] as number));
    ink += a[i] as number;
  }
  return diff / Math.max(ink, 1);
}

describe('CFF outlines of the bundled CJK subset', () => {
  const table = loadCjkGlyphs();
  const asText = (c: string) =>
    alpha(
      `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><text x="0" y="52" font-size="64" font-family="Chart Han">${c}</text></svg>`,
    );
  const asOutline = (c: string) =>
    alpha(
      `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><path transform="matrix(0.064 0 0 0.064 0 52)" d="${table.glyphs.get(c.codePointAt(0)!)!.d}"/></svg>`,
    );

  it('has an outline for every character the chart can show, drawn as resvg draws the text', () => {
    const chars = [...baziCharacters()];
    expect(table.unitsPerEm).toBe(1000);
    expect(chars.filter((c) => !table.glyphs.has(c.codePointAt(0)!))).toEqual([]);
    const off = chars
      .map((c) => ({ c, diff: difference(asText(c), asOutline(c)) }))
      .filter((r) => r.diff > 0.01);
    expect(off).toEqual([]);
    // Ideographs are one em wide.
    expect(table.glyphs.get('甲'.codePointAt(0)!)!.advance).toBe(1000);
  });

  it('tells characters apart (so the comparison above can fail)', () => {
    expect(difference(asText('甲'), asOutline('申'))).toBeGreaterThan(0.2);
    expect(difference(asText('甲'), asOutline('甲'))).toBeLessThan(0.01);
  });
});

describe('the BaZi chart draws its Chinese as outlines', () => {
  let chart: BaziChart;
  beforeAll(() => {
    const utcMs = Date.parse('2005-12-23T08:37:00Z') - 8 * 3_600_000;
    chart = computeBazi(
      sharedEphemeris(),
      { utcMs, offsetSeconds: 8 * 3600, longitude: 116.4 },
      { gender: 'male', dayBoundary: 'midnight', solarTime: 'standard' },
    );
  });

  const all = (e: XmlElement): XmlElement[] => [e, ...e.children.flatMap(all)];

  it.each([390, 800])('at %i px: no Chinese in any text, every glyph defined once and used', (width) => {
    const svg = renderBazi(chart, { ...OPTIONS, width, asOf: '2015-01-01' });
    const elements = all(parseXml(svg));
    const texts = elements.filter((e) => e.name === 'text' || e.name === 'tspan');
    expect(texts.length).toBeGreaterThan(40);
    expect(texts.filter((e) => CJK.test(e.text))).toEqual([]);
    const defined = elements.filter((e) => e.name === 'path' && e.attrs.id?.startsWith('cjk-u'));
    const ids = defined.map((e) => e.attrs.id);
    expect(new Set(ids).size).toBe(ids.length);
    const used = elements.filter((e) => e.name === 'use').map((e) => e.attrs.href!.slice(1));
    expect(new Set(used)).toEqual(new Set(ids));
    // Reused: the chart draws each of its stems and branches more than once.
    expect(used.length).toBeGreaterThan(ids.length * 1.5);
    // Each run keeps its words for screen readers: the pillars, the hidden stems, the luck pillars.
    const labels = elements.filter((e) => e.attrs.role === 'img' && e.attrs['aria-label']);
    const words = labels.map((e) => e.attrs['aria-label']);
    for (const c of '乙酉戊子辛巳壬辰') expect(words).toContain(c);
    expect(words).toContain('乾造');
    expect(words).toContain('丁');
    expect(words).toContain('亥');
    expect(labels.map((e) => e.children.length)).toEqual(words.map((w) => [...w!].length));
    // The geometry sweeps see these runs as text (test/helpers/svg-geometry.ts), sized as drawn.
    const runs = textRuns(parseXml(svg)).filter((r) => CJK.test(r.text));
    expect(runs.map((r) => r.text)).toEqual(words);
    const stem = runs.find((r) => r.text === '辛' && r.size > 30)!;
    const xs = stem.corners.map((c) => c.x);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(stem.size, 6);
  });

  it('looks the same with no CJK face: resvg given only the Latin faces draws the same pixels', () => {
    // Latin text as the PNG path draws it (outlines), so that only the Chinese could differ.
    const svg = textAsPaths(renderBazi(chart, { ...OPTIONS, width: 640 }));
    const draw = (fontFiles: string[]) =>
      new Resvg(svg, {
        fitTo: { mode: 'width', value: 640 },
        font: { fontFiles, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
      })
        .render()
        .pixels.toString('hex');
    expect(draw(latinFonts)).toBe(draw(allFonts));
  });

  it('the same test catches text left for a CJK face (so it can fail)', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><text x="0" y="52" font-size="64" font-family="Chart Han">甲</text></svg>`;
    expect(difference(alpha(svg), alpha(svg, latinFonts))).toBeGreaterThan(0.5);
  });
});
