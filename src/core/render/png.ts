import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

/**
 * SVG -> PNG with resvg and only the fonts in the repository's data/fonts (never the machine's), so
 * a chart rasterises the same everywhere. Those are subsets of DejaVu Sans (from dejavu-fonts-ttf)
 * and of Noto Sans Hans renamed Chart Han (OFL-1.1), made by scripts/subset-fonts.sh: resvg shapes
 * every text run against the whole face, and the full 750 KB DejaVu Sans made a bodygraph's parse
 * several times slower. Fonts are handed over as file paths resolved once: resvg-js 2.6.2 copies
 * `fontBuffers` into native memory on every render (about 57 ms for DejaVu Sans alone), while
 * `fontFiles` come from the page cache.
 */

export const FONT_FILE_NAMES = [
  'DejaVuSans-charts.ttf',
  'DejaVuSans-Bold-charts.ttf',
  'ChartHan-Regular.otf',
] as const;

/** data/fonts of the project, from src/core/render (tsx) or dist/src/core/render (built). */
export function defaultFontDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const up of ['../../../data/fonts', '../../../../data/fonts']) {
    const dir = resolve(here, up);
    if (existsSync(join(dir, FONT_FILE_NAMES[0]))) return dir;
  }
  throw new Error(`chart fonts not found in data/fonts above ${here}`);
}

let fontFiles: string[] | undefined;
const fonts = (): string[] => (fontFiles ??= FONT_FILE_NAMES.map((name) => join(defaultFontDir(), name)));

/** The PNG of an SVG at `width` pixels (the height keeps the SVG's aspect). */
export function svgToPng(svg: string, width: number): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: Math.round(width) },
    font: { fontFiles: fonts(), loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  });
  return resvg.render().asPng();
}
