import { readFileSync } from 'node:fs';

/**
 * The code points a TrueType/OpenType font maps to a real glyph (not .notdef), read from its `cmap`
 * table: format 4 (BMP) and format 12 (full range) subtables of the Unicode encodings, as the
 * OpenType specification (cmap table) lays them out. Enough to check coverage, nothing more.
 */
export function mappedCodePoints(path: string): Set<number> {
  const font = readFileSync(path);
  const tables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16;
    if (font.toString('latin1', record, record + 4) === 'cmap') cmap = font.readUInt32BE(record + 8);
  }
  if (cmap < 0) throw new Error(`${path} has no cmap table`);
  const mapped = new Set<number>();
  const subtables = font.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const platform = font.readUInt16BE(cmap + 4 + i * 8);
    const encoding = font.readUInt16BE(cmap + 6 + i * 8);
    const at = cmap + font.readUInt32BE(cmap + 8 + i * 8);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    const format = font.readUInt16BE(at);
    if (format === 4) readFormat4(font, at, mapped);
    if (format === 12) readFormat12(font, at, mapped);
  }
  return mapped;
}

function readFormat4(font: Buffer, at: number, mapped: Set<number>): void {
  const segments = font.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = font.readUInt16BE(ends + s * 2);
    const start = font.readUInt16BE(starts + s * 2);
    const delta = font.readInt16BE(deltas + s * 2);
    const rangeOffsetAt = rangeOffsets + s * 2;
    const rangeOffset = font.readUInt16BE(rangeOffsetAt);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        const raw = font.readUInt16BE(rangeOffsetAt + rangeOffset + (c - start) * 2);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) mapped.add(c);
    }
  }
}

function readFormat12(font: Buffer, at: number, mapped: Set<number>): void {
  const groups = font.readUInt32BE(at + 12);
  for (let g = 0; g < groups; g++) {
    const group = at + 16 + g * 12;
    const start = font.readUInt32BE(group);
    const end = font.readUInt32BE(group + 4);
    const firstGlyph = font.readUInt32BE(group + 8);
    for (let c = start; c <= end; c++) if (firstGlyph + (c - start) !== 0) mapped.add(c);
  }
}
