import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { characterMap, defaultFontDir, FACE_FILES, type Face, tableOffsets } from './font-tables.js';

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
  const font = readFileSync(path);
  const t = tableOffsets(font);
  const at = (tag: string): number => {
    const offset = t.get(tag);
    if (offset === undefined) throw new Error(`${path} has no ${tag} table`);
    return offset;
  };
  const head = at('head');
  const hhea = at('hhea');
  const unitsPerEm = font.readUInt16BE(head + 18);
  const longLoca = font.readInt16BE(head + 50) === 1;
  const ascent = font.readInt16BE(hhea + 4);
  const descent = font.readInt16BE(hhea + 6);
  const advances = font.readUInt16BE(hhea + 34);
  const hmtx = at('hmtx');
  const advance = (glyph: number) => font.readUInt16BE(hmtx + 4 * Math.min(glyph, advances - 1));
  const glyf = t.get('glyf');
  const loca = t.get('loca');
  const ink = (glyph: number): [number, number] => {
    // CFF faces (the CJK subset): the em box, which ideographs fill.
    if (glyf === undefined || loca === undefined) return [ascent, descent];
    const offset = (i: number) =>
      longLoca ? font.readUInt32BE(loca + i * 4) : font.readUInt16BE(loca + i * 2) * 2;
    const start = offset(glyph);
    if (offset(glyph + 1) === start) return [0, 0];
    return [font.readInt16BE(glyf + start + 8), font.readInt16BE(glyf + start + 4)];
  };
  const glyphs = new Map<number, readonly [number, number, number]>();
  for (const [code, glyph] of characterMap(font, at('cmap')))
    glyphs.set(code, [advance(glyph), ...ink(glyph)]);
  return { unitsPerEm, glyphs, fallback: [unitsPerEm, ascent, descent] };
}

/** The metrics of every chart face, read from the font files. */
export const loadFaces = (): Record<Face, FaceMetrics> =>
  Object.fromEntries(
    (Object.keys(FACE_FILES) as Face[]).map((f) => [f, readFace(join(defaultFontDir(), FACE_FILES[f]))]),
  ) as Record<Face, FaceMetrics>;
