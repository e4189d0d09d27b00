/**
 * The PNG encoder against resvg-js's own `asPng` (the png crate): for the same rendered pixels, the two
 * files decode to the same RGBA, opaque and transparent pictures alike (a transparent one is where
 * un-premultiplying matters: every anti-aliased edge is a partly transparent pixel).
 */
import { describe, expect, it } from 'vitest';
import { renderBodygraph, type RenderOptions } from '../../../src/core/render/index.js';
import { encodePng } from '../../../src/core/render/png-encode.js';
import { parseForRaster } from '../../../src/core/render/png.js';
import { decodePng } from '../../helpers/png.js';

const OPTIONS: RenderOptions = { theme: 'dark', width: 640, transparent: false, labels: true };

function bothEncodings(svg: string) {
  const image = parseForRaster(svg, 640).render();
  return {
    resvg: decodePng(image.asPng()),
    ours: decodePng(encodePng(image.pixels, image.width, image.height)),
  };
}

const partlyTransparent = (rgba: Uint8Array) =>
  rgba.filter((_, i) => i % 4 === 3 && rgba[i]! > 0 && rgba[i]! < 255).length;

describe('encodePng', () => {
  it('decodes to the pixels of resvg PNG for an opaque picture', () => {
    const { resvg, ours } = bothEncodings(renderBodygraph(null, OPTIONS));
    expect([ours.width, ours.height]).toEqual([resvg.width, resvg.height]);
    expect(partlyTransparent(resvg.rgba)).toBe(0);
    expect(Buffer.from(ours.rgba).equals(Buffer.from(resvg.rgba))).toBe(true);
  });

  it('un-premultiplies a transparent picture as resvg does', () => {
    const { resvg, ours } = bothEncodings(renderBodygraph(null, { ...OPTIONS, transparent: true }));
    expect(partlyTransparent(resvg.rgba)).toBeGreaterThan(1_000);
    expect(Buffer.from(ours.rgba).equals(Buffer.from(resvg.rgba))).toBe(true);
  });
});
