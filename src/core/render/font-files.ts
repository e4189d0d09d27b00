import { join } from 'node:path';
import { defaultFontDir, FACE_FILES, type Face, openFont } from './font-tables.js';

/**
 * The chart faces' metrics read from data/fonts (the faces the PNGs are drawn with). The only part
 * of the text measuring that touches files: the MCP App's browser bundle puts the same metrics,
 * computed by this module at build time, in this module's place (scripts/build-app.ts).
 */

export type { Face } from './font-tables.js';

export interface FaceMetrics {
  unitsPerEm: number;
  /** Code point -> [advance, ink top, ink bottom] in font units (y up); no ink: top = bottom = 0. */
  glyphs: Map<number, readonly [number, number, number]>;
  /** For characters the face lacks (a browser falls back): the face's own ascent and descent. */
  fallback: readonly [number, number, number];
}

function readFace(path: string): FaceMetrics {
  const f = openFont(path);
  const glyf = f.glyphOffset ? f.table('glyf') : undefined;
  const ink = (glyph: number): [number, number] => {
    // CFF faces (the CJK subset): the em box, which ideographs fill.
    if (glyf === undefined || !f.glyphOffset) return [f.ascent, f.descent];
    const start = f.glyphOffset(glyph);
    if (f.glyphOffset(glyph + 1) === start) return [0, 0];
    return [f.font.readInt16BE(glyf + start + 8), f.font.readInt16BE(glyf + start + 4)];
  };
  const glyphs = new Map<number, readonly [number, number, number]>();
  for (const [code, glyph] of f.cmap) glyphs.set(code, [f.advance(glyph), ...ink(glyph)]);
  return { unitsPerEm: f.unitsPerEm, glyphs, fallback: [f.unitsPerEm, f.ascent, f.descent] };
}

/** The metrics of every chart face, read from the font files. */
export const loadFaces = (): Record<Face, FaceMetrics> =>
  Object.fromEntries(
    (Object.keys(FACE_FILES) as Face[]).map((f) => [f, readFace(join(defaultFontDir(), FACE_FILES[f]))]),
  ) as Record<Face, FaceMetrics>;
