import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as ResvgModule from '@resvg/resvg-js';
import { garbageCollector } from '../collector.js';
import { defaultFontDir, FONT_FILE_NAMES } from './font-tables.js';
import { encodePng } from './png-encode.js';
import { textAsPaths } from './text-paths.js';

export { defaultFontDir, FONT_FILE_NAMES } from './font-tables.js';

/*
 * Memory, which was most of a PNG's time. resvg-js frees a render's buffers (the pixmap and the
 * copy of its pixels the encoder reads, about 3 MB each at 800 px) only when V8 finalizes
 * their JS objects, and V8, not told of that memory, collected them rarely: nearly every render
 * wrote to memory fresh from the OS, and on a virtual machine, where a page fault costs about 20 µs,
 * some 2,300 faults were over half of a bodygraph's 60 ms (and a worker held hundreds of MB of dead
 * pictures). So each PNG is followed by a scavenge of the young generation (under a millisecond),
 * which hands the objects to their finalizers at the next turn of the event loop, and resvg's
 * allocator (mimalloc) may take large OS pages (2 MB, Linux transparent huge pages on request), which
 * it keeps for the next render instead of returning them to the OS. mimalloc reads its options from
 * the environment once, when the native module loads: hence set here, before the module is required
 * (a static import would load it first). An operator's own setting wins.
 */
process.env.MIMALLOC_ALLOW_LARGE_OS_PAGES ??= '1';
const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js') as typeof ResvgModule;

/**
 * SVG -> PNG with resvg and only the fonts in the repository's data/fonts (never the machine's), so
 * a chart rasterises the same everywhere. Those are subsets of DejaVu Sans (from dejavu-fonts-ttf)
 * and of Noto Sans Hans renamed Chart Han (OFL-1.1), made by scripts/subset-fonts.sh: resvg shapes
 * every text run against the whole face, and the full 750 KB DejaVu Sans made a bodygraph's parse
 * several times slower. Fonts are handed over as file paths resolved once: resvg-js 2.6.2 copies
 * `fontBuffers` into native memory on every render (about 57 ms for DejaVu Sans alone), while
 * `fontFiles` come from the page cache.
 */
let fontFiles: string[] | undefined;
const fonts = (): string[] => (fontFiles ??= FONT_FILE_NAMES.map((name) => join(defaultFontDir(), name)));

/**
 * resvg holding the SVG parsed, to draw at `width` pixels (the height keeps the SVG's aspect). Text
 * in the chart faces arrives as outlines (./text-paths.ts; the BaZi chart's Chinese characters are
 * outlines in the SVG itself, ./cjk-outlines.ts); resvg lays out only what those cannot draw.
 */
export function parseForRaster(svg: string, width: number): ResvgModule.Resvg {
  return new Resvg(textAsPaths(svg), {
    fitTo: { mode: 'width', value: Math.round(width) },
    font: { fontFiles: fonts(), loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  });
}

/**
 * The PNG of an SVG at `width` pixels (the height keeps the SVG's aspect). resvg's objects are
 * unreachable once `rasterise` returns: the scavenge then queues their finalizers (see the top).
 */
export function svgToPng(svg: string, width: number): Buffer {
  const png = rasterise(svg, width);
  releaseRenders();
  return png;
}

/** Scavenges resvg's unreachable objects, whose finalizers then free their buffers (see the top). */
export function releaseRenders(): void {
  garbageCollector()({ type: 'minor' });
}

function rasterise(svg: string, width: number): Buffer {
  const image = parseForRaster(svg, width).render();
  return encodePng(image.pixels, image.width, image.height);
}
