/**
 * No text under 9 pixels at any width a picture is asked for, 300 to 4000 pixels: each text run's
 * font size times the picture's width over its viewBox width (what a browser or resvg draws it at),
 * for every picture type and option that changes the layout (the wheel's rings and details, the
 * bodygraph template). Widths every 25 pixels plus both sides of each layout switch (600 for all,
 * 940 for the wheel's details). Charts: R1 of the rule book for the bodygraph, seeded random births
 * for the others (test/helpers/render-samples.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderBazi, renderBodygraph, renderWheel } from '../../src/core/render/index.js';
import { type RenderSample, renderSamples } from '../helpers/render-samples.js';
import { textRuns } from '../helpers/svg-geometry.js';
import { parseXml } from '../helpers/xml.js';

/** A CPU-bound sweep: on two shared cores under load it takes minutes, not a hang. */
const SWEEP = { timeout: 600_000 };
const MIN_PIXELS = 9;
const WIDTHS = [...Array.from({ length: 149 }, (_, k) => 300 + 25 * k), 4000, 599, 601, 939, 941].sort(
  (a, b) => a - b,
);

let samples: RenderSample[] = [];
beforeAll(() => {
  samples = renderSamples(3, 7);
});

/** The smallest text of a picture in pixels, and what it says. */
function smallest(svg: string, width: number): { pixels: number; text: string } {
  const root = parseXml(svg);
  const viewWidth = Number((root.attrs.viewBox as string).split(' ')[2]);
  let best = { pixels: Infinity, text: '' };
  for (const run of textRuns(root)) {
    const pixels = (run.size * width) / viewWidth;
    if (pixels < best.pixels) best = { pixels, text: run.text };
  }
  return best;
}

const base = (width: number) => ({ theme: 'light', width, transparent: false, labels: true }) as const;

const PICTURES: [string, (s: RenderSample, width: number) => string][] = [
  ['bodygraph', (s, w) => renderBodygraph(s.hd, base(w))],
  ['bodygraph template', (_, w) => renderBodygraph(null, base(w))],
  [
    'wheel',
    (s, w) => renderWheel(s.astro, { ...base(w), designRing: false, gateRing: false, details: false }),
  ],
  [
    'wheel, design ring',
    (s, w) => renderWheel(s.astro, { ...base(w), designRing: true, gateRing: false, details: false }),
  ],
  [
    'wheel, gate ring',
    (s, w) => renderWheel(s.astro, { ...base(w), designRing: false, gateRing: true, details: false }),
  ],
  [
    'wheel, both rings',
    (s, w) => renderWheel(s.astro, { ...base(w), designRing: true, gateRing: true, details: false }),
  ],
  [
    'wheel, details',
    (s, w) => renderWheel(s.astro, { ...base(w), designRing: true, gateRing: true, details: true }),
  ],
  ['BaZi', (s, w) => renderBazi(s.bazi, { ...base(w), asOf: '2000-01-01' })],
];

describe('no text under 9 pixels from 300 to 4000 pixels wide', SWEEP, () => {
  it.each(PICTURES)('%s', (_, render) => {
    const tooSmall: string[] = [];
    samples.forEach((sample, i) => {
      for (const width of WIDTHS) {
        const { pixels, text } = smallest(render(sample, width), width);
        if (pixels < MIN_PIXELS)
          tooSmall.push(`chart ${i} at ${width} px: "${text}" ${pixels.toFixed(2)} px`);
      }
    });
    expect(tooSmall).toEqual([]);
  });

  it('can fail: the same measure finds 8-pixel text', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 10"><text x="1" y="8" font-size="4">ab</text></svg>`;
    expect(smallest(svg, 200).pixels).toBe(8);
  });
});
