/**
 * The contrast of text with what actually lies beneath it, measured in the PNGs (test/core/render/
 * contrast.test.ts checks the theme table's declared pairs; this checks that the renderers draw text
 * only on the grounds declared). Each text run's box (from the fonts' own metrics) is looked up in
 * the 1600-pixel PNG; the ground is the most frequent colour in the box other than the text's own
 * and its anti-aliased edges, and the text's colour comes from its class in the picture's stylesheet.
 * WCAG 2.2 text minimum 4.5:1. Six random births per picture, every theme.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio } from '../../src/core/render/contrast.js';
import { renderBazi, renderBodygraph, renderWheel, svgToPng, THEMES } from '../../src/core/render/index.js';
import { decodePng } from '../helpers/png.js';
import { type RenderSample, renderSamples } from '../helpers/render-samples.js';
import { textRuns } from '../helpers/svg-geometry.js';
import { parseXml, type XmlElement } from '../helpers/xml.js';

/** A CPU-bound sweep: on two shared cores under load it takes minutes, not a hang. */
const SWEEP = { timeout: 600_000 };
const WIDTH = 1600;
let samples: RenderSample[] = [];
beforeAll(() => {
  samples = renderSamples(6, 99);
});

const hex = (r: number, g: number, b: number) =>
  `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** Class -> fill colour from the picture's own stylesheet. */
function fills(root: XmlElement): Map<string, string> {
  const style = root.children.find((c) => c.name === 'style')?.text ?? '';
  return new Map(
    [...style.matchAll(/\.([\w-]+)\{fill:(#[0-9a-f]{6})/g)].map((m) => [m[1] as string, m[2] as string]),
  );
}

let checked = 0;

/** Text runs whose ground is not at least 4.5 times darker or lighter than they are. */
function lowContrast(svg: string): string[] {
  const root = parseXml(svg);
  const [vx, vy, vw] = (root.attrs.viewBox as string).split(' ').map(Number) as [number, number, number];
  const scale = WIDTH / vw;
  const png = decodePng(svgToPng(svg, WIDTH));
  const colours = fills(root);
  const out: string[] = [];
  for (const run of textRuns(root)) {
    const [a, b] = [run.corners[0]!, run.corners[1]!];
    if (Math.abs(a.y - b.y) > 0.01) continue; // turned text (gate ring): its box holds the ring's lines
    const cls = run.path
      .map((e) => e.attrs.class)
      .find((c) => c !== undefined && colours.has(c.split(' ')[0]!));
    const mixed = run.path[0]!.children.some((c) => c.attrs.class);
    if (!cls || mixed) continue;
    const fg = colours.get(cls.split(' ')[0]!)!;
    const [fr, fgG, fb] = [1, 3, 5].map((i) => parseInt(fg.slice(i, i + 2), 16)) as [number, number, number];
    const x0 = Math.max(0, Math.ceil((Math.min(...run.corners.map((p) => p.x)) - vx) * scale));
    const x1 = Math.min(png.width - 1, Math.floor((Math.max(...run.corners.map((p) => p.x)) - vx) * scale));
    const y0 = Math.max(0, Math.ceil((Math.min(...run.corners.map((p) => p.y)) - vy) * scale));
    const y1 = Math.min(png.height - 1, Math.floor((Math.max(...run.corners.map((p) => p.y)) - vy) * scale));
    const counts = new Map<string, number>();
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const i = (y * png.width + x) * 4;
        const [r, g, bl] = [png.rgba[i]!, png.rgba[i + 1]!, png.rgba[i + 2]!];
        if (Math.abs(r - fr) + Math.abs(g - fgG) + Math.abs(bl - fb) < 60) continue; // the text itself
        const c = hex(r, g, bl);
        counts.set(c, (counts.get(c) ?? 0) + 1);
      }
    }
    const ground = [...counts].sort((p, q) => q[1] - p[1])[0]?.[0];
    if (!ground) continue;
    checked++;
    const ratio = contrastRatio(fg, ground);
    if (ratio < 4.5) out.push(`"${run.text}" ${fg} on ${ground}: ${ratio.toFixed(2)}`);
  }
  return out;
}

const base = (theme: (typeof THEMES)[number]) => ({ theme, width: WIDTH, transparent: false, labels: true });

describe('the measure', () => {
  it('finds grey text on white', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40" viewBox="0 0 100 40">' +
      '<style>.theme-light .pale{fill:#bbbbbb}</style><rect width="100" height="40" fill="#ffffff"/>' +
      '<text class="pale" x="4" y="30" font-size="24">Ajna</text></svg>';
    expect(lowContrast(svg)).toEqual(['"Ajna" #bbbbbb on #ffffff: 1.92']);
  });
});

describe.each(THEMES)('text on its ground, %s theme', SWEEP, (theme) => {
  it('bodygraph', () => {
    expect(samples.flatMap((s) => lowContrast(renderBodygraph(s.hd, base(theme))))).toEqual([]);
  });
  it('wheel with both rings and details', () => {
    const options = { ...base(theme), designRing: true, gateRing: true, details: true };
    expect(samples.flatMap((s) => lowContrast(renderWheel(s.astro, options)))).toEqual([]);
  });
  it('BaZi', () => {
    expect(
      samples.flatMap((s) => lowContrast(renderBazi(s.bazi, { ...base(theme), asOf: '2000-01-01' }))),
    ).toEqual([]);
  });
});

describe('coverage', () => {
  it('measured thousands of text runs', () => {
    expect(checked).toBeGreaterThan(3000);
  });
});
