/**
 * Text drawn as glyph outlines on the PNG path (src/core/render/text-paths.ts), checked against a
 * second implementation: resvg's own text layout (usvg with rustybuzz) of the same SVG and fonts.
 * A run without kerning pairs must give the same pixels; a whole pinned chart may differ only where
 * resvg kerns a pair (DejaVu's "Wo", "Ta" and the like move the next letters by under a pixel), which
 * the renderers' own measuring (font-metrics.ts) leaves out. The placement is font-metrics' advance
 * widths, so labels are drawn where the overlap checks measured them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type * as ResvgModule from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { measureText } from '../../../src/core/render/font-metrics.js';
import { defaultFontDir, FONT_FILE_NAMES } from '../../../src/core/render/png.js';
import { textAsPaths } from '../../../src/core/render/text-paths.js';

const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js') as typeof ResvgModule;
const SNAPSHOTS = join(import.meta.dirname, '__snapshots__');
const fontFiles = FONT_FILE_NAMES.map((name) => join(defaultFontDir(), name));

/** resvg's pixels of an SVG exactly as given (its own text layout), at `width`. */
function pixels(svg: string, width: number): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  });
  return resvg.render().pixels;
}

const near = (a: Buffer, i: number, b: Buffer, j: number, tolerance: number) =>
  j >= 0 &&
  j < b.length &&
  [0, 1, 2].every((c) => Math.abs((a[i + c] as number) - (b[j + c] as number)) <= tolerance);

/**
 * Share of pixels whose colour differs by more than `tolerance` in some channel from the other
 * picture's pixel at the same place, or, with `shift`, from each of its pixels up to `shift` pixels
 * to the left or right on the same row (a line whose kerning moved it).
 */
function differing(a: Buffer, b: Buffer, tolerance: number, shift = 0): number {
  expect(a.length).toBe(b.length);
  let count = 0;
  for (let i = 0; i < a.length; i += 4) {
    let matched = false;
    for (let dx = -shift; dx <= shift && !matched; dx++) matched = near(a, i, b, i + dx * 4, tolerance);
    if (!matched) count++;
  }
  return count / (a.length / 4);
}

const doc = (body: string, style = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120" viewBox="0 0 400 120" font-family="'DejaVu Sans', sans-serif"><style>.ink{fill:#1d1d1f}.sign{fill:#c0392b}.halo{stroke:#ffffff}${style}</style><rect width="400" height="120" fill="#ffffff"/>${body}</svg>`;

describe('text as outlines', () => {
  it('draws a run without kerning pairs as resvg lays it out', () => {
    const svg = doc(
      '<text font-size="18" class="ink"><tspan x="10" y="30">☉︎ 28°33′ ♈︎ ☽︎ ♄︎ ℞ ⊕ 0123456789</tspan>' +
        '<tspan x="10" y="60" font-weight="bold">Mond äöü ǎ é Ł ñ</tspan>' +
        '<tspan x="390" y="95" text-anchor="end" class="sign">♋︎ ♏︎ ♓︎ ⚷︎ ☊︎</tspan></text>',
    );
    const outlined = textAsPaths(svg);
    expect(outlined).not.toContain('<text');
    expect(differing(pixels(svg, 800), pixels(outlined, 800), 24)).toBeLessThan(0.0005);
  });

  it('anchors each chunk by the advance widths font-metrics measures', () => {
    const label = "12°07' Sagittarius";
    const svg = doc(
      `<text font-size="11" text-anchor="middle"><tspan x="200" y="50">${label}</tspan></text>`,
    );
    const [, scale, x, y] = /matrix\(([\d.]+) 0 0 -[\d.]+ ([\d.]+) ([\d.]+)\)/.exec(textAsPaths(svg)) ?? [];
    expect(Number(scale)).toBeCloseTo(11 / 2048, 6);
    expect(Number(x)).toBeCloseTo(200 - measureText(label, 11).width / 2, 2);
    expect(Number(y)).toBe(50);
  });

  it('keeps the nesting of tspans, so a class fills what it filled before', () => {
    const svg = doc(
      '<text font-size="12"><tspan x="5" y="20" class="ink">10°<tspan class="sign">♌︎</tspan>5</tspan></text>',
    );
    const outlined = textAsPaths(svg);
    expect(outlined).toMatch(
      /<g><g class="ink"><path [^>]+\/><g class="sign"><path [^>]+\/><\/g><path [^>]+\/><\/g><\/g>/,
    );
    expect(differing(pixels(svg, 800), pixels(outlined, 800), 24)).toBeLessThan(0.0005);
  });

  it('reads entities as the characters they stand for', () => {
    const svg = doc('<text font-size="14" x="10" y="40">R&amp;D &lt;1&gt; &quot;x&quot;</text>');
    const outlined = textAsPaths(svg);
    expect(outlined).not.toContain('<text');
    expect(differing(pixels(svg, 800), pixels(outlined, 800), 24)).toBeLessThan(0.0005);
  });

  it('leaves to resvg what it does not draw exactly', () => {
    const kept = [
      '<text font-size="14" x="10" y="40" font-family="Chart Han">甲子</text>', // another face
      '<text font-size="14" x="10" y="40">ok 甲</text>', // a character the face lacks
      '<text font-size="14" x="10" y="40" class="halo">stroked</text>', // the style sheet strokes it
      '<text font-size="14" x="10" y="40" stroke="#000">stroked</text>',
      '<text font-size="14" x="10" y="40" letter-spacing="2">spaced</text>', // an attribute not read here
      '<text font-size="14"><tspan x="10 20" y="40">xy</tspan></text>', // a list of positions
    ];
    for (const text of kept) expect(textAsPaths(doc(text))).toBe(doc(text));
    const inStrokedGroup = doc('<g class="halo"><text font-size="14" x="10" y="40">a</text></g>');
    expect(textAsPaths(inStrokedGroup)).toBe(inStrokedGroup);
  });

  it.each([
    ['bodygraph-sample.svg', 0, 0],
    ['wheel-sample.svg', 0, 0],
    ['wheel-sample-rings.svg', 0, 0],
    // The BaZi chart's Chinese arrives as outlines already (cjk-outlines.ts): no text is left either.
    // "Day Master" is anchored at its end (before the day master's outline), so resvg's kerning moves
    // its first letter by the whole line's kerning, over 2 pixels: one pixel column, the left edge of
    // the D's stem (14 of 584,000 pixels).
    ['bazi-reference.svg', 0, 14],
  ])('draws the pinned %s as resvg does, but for kerning', (file, textsLeft, kerningPixels) => {
    // The snapshot as the renderer wrote it (the file has a line break between tags).
    const svg = readFileSync(join(SNAPSHOTS, file), 'utf8').trimEnd().replace(/>\n</g, '><');
    const outlined = textAsPaths(svg);
    const left = (outlined.match(/<text/g) ?? []).length;
    if (textsLeft === 0) expect(left).toBe(0);
    else expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan((svg.match(/<text/g) ?? []).length);
    const a = pixels(svg, 800);
    const b = pixels(outlined, 800);
    expect(differing(a, b, 96)).toBeLessThan(0.0025);
    expect(differing(a, b, 96, 2) * (a.length / 4)).toBeLessThanOrEqual(kerningPixels);
  });
});
