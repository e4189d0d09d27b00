import { join } from 'node:path';
import { cffOutlines } from './cff.js';
import { defaultFontDir, FACE_FILES, openFont } from './font-tables.js';

/**
 * The outlines of the Chinese characters the BaZi chart draws, read from the bundled Chart Han
 * subset (data/fonts/ChartHan-Regular.otf): the only part of drawing them that touches files. The MCP
 * App's browser bundle puts the same outlines, read by this module at build time, in its place
 * (scripts/build-app.ts).
 */

export interface CjkGlyph {
  /** Horizontal advance in font units. */
  advance: number;
  /** SVG path data in font units, origin on the baseline, y down. */
  d: string;
}

export interface CjkGlyphTable {
  unitsPerEm: number;
  glyphs: Map<number, CjkGlyph>;
}

/** Every character of the subset with its outline. */
export function loadCjkGlyphs(): CjkGlyphTable {
  const f = openFont(join(defaultFontDir(), FACE_FILES.cjk));
  const outline = cffOutlines(f.font, f.table('CFF '));
  const glyphs = new Map<number, CjkGlyph>();
  for (const [code, glyph] of f.cmap) glyphs.set(code, { advance: f.advance(glyph), d: outline(glyph) });
  return { unitsPerEm: f.unitsPerEm, glyphs };
}
