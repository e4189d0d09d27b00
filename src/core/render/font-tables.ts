import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The chart faces' files and the two tables every reader of them needs (the table directory and the
 * Unicode cmap), read from a font file's bytes. Shared by resvg's font list (./png.ts), the metrics
 * (./font-files.ts) and the PNG path's glyph outlines (./glyph-outlines.ts).
 */

export type Face = 'regular' | 'bold' | 'cjk';

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

export const FACE_FILES: Record<Face, (typeof FONT_FILE_NAMES)[number]> = {
  regular: 'DejaVuSans-charts.ttf',
  bold: 'DejaVuSans-Bold-charts.ttf',
  cjk: 'ChartHan-Regular.otf',
};

/** A font file's bytes with what every reader of the chart faces looks up first. */
export interface FontFile {
  font: Buffer;
  unitsPerEm: number;
  /** hhea ascent and descent (font units, descent negative). */
  ascent: number;
  descent: number;
  /** Offset of a table; throws naming the file when it has none. */
  table(tag: string): number;
  /** Horizontal advance of a glyph (hmtx). */
  advance(glyph: number): number;
  /** Offset of a glyph's outline in glyf (TrueType faces; undefined for CFF faces such as Chart Han). */
  glyphOffset?: (glyph: number) => number;
  /** Code point -> glyph id. */
  cmap: Map<number, number>;
}

export function openFont(file: string): FontFile {
  const font = readFileSync(file);
  const offsets = tableOffsets(font);
  const table = (tag: string): number => {
    const offset = offsets.get(tag);
    if (offset === undefined) throw new Error(`${file} has no ${tag} table`);
    return offset;
  };
  const head = table('head');
  const hhea = table('hhea');
  const hmtx = table('hmtx');
  const advances = font.readUInt16BE(hhea + 34);
  const longLoca = font.readInt16BE(head + 50) === 1;
  const loca = offsets.get('loca');
  return {
    font,
    unitsPerEm: font.readUInt16BE(head + 18),
    ascent: font.readInt16BE(hhea + 4),
    descent: font.readInt16BE(hhea + 6),
    table,
    advance: (glyph) => font.readUInt16BE(hmtx + 4 * Math.min(glyph, advances - 1)),
    ...(loca !== undefined && offsets.has('glyf')
      ? {
          glyphOffset: (i: number) =>
            longLoca ? font.readUInt32BE(loca + i * 4) : font.readUInt16BE(loca + i * 2) * 2,
        }
      : {}),
    cmap: characterMap(font, table('cmap')),
  };
}

/** Table tag -> offset in the file. */
function tableOffsets(font: Buffer): Map<string, number> {
  const out = new Map<string, number>();
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    out.set(font.toString('latin1', record, record + 4), font.readUInt32BE(record + 8));
  }
  return out;
}

/** Code point -> glyph id from the Unicode cmap subtables (formats 4 and 12). */
function characterMap(font: Buffer, cmap: number): Map<number, number> {
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
