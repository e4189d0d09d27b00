import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultFontDir, type FONT_FILE_NAMES } from './png.js';

/**
 * The chart faces' metrics read from data/fonts (the faces the PNGs are drawn with). The only part
 * of the text measuring that touches files: the MCP App's browser bundle puts the same metrics,
 * computed by this module at build time, in this module's place (scripts/build-app.ts).
 */

export type Face = 'regular' | 'bold' | 'cjk';

export interface FaceMetrics {
  unitsPerEm: number;
  /** Code point -> [advance, ink top, ink bottom] in font units (y up); no ink: top = bottom = 0. */
  glyphs: Map<number, readonly [number, number, number]>;
  /** For characters the face lacks (a browser falls back): the face's own ascent and descent. */
  fallback: readonly [number, number, number];
}

export const FACE_FILES: Record<Face, (typeof FONT_FILE_NAMES)[number]> = {
  regular: 'DejaVuSans-charts.ttf',
  bold: 'DejaVuSans-Bold-charts.ttf',
  cjk: 'ChartHan-Regular.otf',
};

/** Table tag -> offset in the file. */
export function tableOffsets(font: Buffer): Map<string, number> {
  const out = new Map<string, number>();
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    out.set(font.toString('latin1', record, record + 4), font.readUInt32BE(record + 8));
  }
  return out;
}

/** Code point -> glyph id from the Unicode cmap subtables (formats 4 and 12). */
export function characterMap(font: Buffer, cmap: number): Map<number, number> {
  const map = new Map<number, number>();
  const subtables = font.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const platform = font.readUInt16BE(cmap + 4 + i * 8);
    const encoding = font.readUInt16BE(cmap + 6 + i * 8);
    if (!(platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10)))) continue;
    const at = cmap + font.readUInt32BE(cmap + 8 + i * 8);
    const format = font.readUInt16BE(at);
    if (format === 4) {
      const segments = font.readUInt16BE(at + 6) / 2;
      const ends = at + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const ranges = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const end = font.readUInt16BE(ends + s * 2);
        const start = font.readUInt16BE(starts + s * 2);
        const delta = font.readInt16BE(deltas + s * 2);
        const rangeAt = ranges + s * 2;
        const range = font.readUInt16BE(rangeAt);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          const raw = range === 0 ? c : font.readUInt16BE(rangeAt + range + (c - start) * 2);
          const glyph = range !== 0 && raw === 0 ? 0 : (raw + delta) & 0xffff;
          if (glyph !== 0) map.set(c, glyph);
        }
      }
    } else if (format === 12) {
      const groups = font.readUInt32BE(at + 12);
      for (let g = 0; g < groups; g++) {
        const group = at + 16 + g * 12;
        const start = font.readUInt32BE(group);
        const end = font.readUInt32BE(group + 4);
        const first = font.readUInt32BE(group + 8);
        for (let c = start; c <= end; c++) if (first + c - start !== 0) map.set(c, first + c - start);
      }
    }
  }
  return map;
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
