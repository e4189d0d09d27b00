import { existsSync } from 'node:fs';
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
