import { readFileSync } from 'node:fs';

/**
 * Glyph metrics of a TrueType/OpenType font for the render geometry tests, read straight from its
 * tables as the OpenType specification lays them out (independently of the renderer's own reader):
 * `cmap` (formats 4 and 12) for the glyph of a character, `hmtx` for its advance width, and `glyf`
 * through `loca` for its ink box. CFF faces (no glyf) report the em box of `hhea` instead.
 */

export interface GlyphMetrics {
  advance: number;
  /** Ink box, font units, y up; 0, 0 for a glyph without ink. */
  yMin: number;
  yMax: number;
}

export interface FontMetrics {
  unitsPerEm: number;
  /** Undefined for a character the font does not map. */
  glyph(codePoint: number): GlyphMetrics | undefined;
}

export function readFontMetrics(path: string): FontMetrics {
  const font = readFileSync(path);
  const tables = new Map<string, number>();
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const record = 12 + i * 16;
    tables.set(font.toString('latin1', record, record + 4), font.readUInt32BE(record + 8));
  }
  const table = (tag: string) => {
    const at = tables.get(tag);
    if (at === undefined) throw new Error(`${path}: no ${tag} table`);
    return at;
  };
  const head = table('head');
  const hhea = table('hhea');
  const unitsPerEm = font.readUInt16BE(head + 18);
  const longOffsets = font.readInt16BE(head + 50) !== 0;
  const metricsCount = font.readUInt16BE(hhea + 34);
  const hmtx = table('hmtx');
  const glyf = tables.get('glyf');
  const loca = tables.get('loca');
  const glyphOf = cmapOf(font, table('cmap'));
  return {
    unitsPerEm,
    glyph(codePoint) {
      const id = glyphOf.get(codePoint);
      if (id === undefined) return undefined;
      const advance = font.readUInt16BE(hmtx + 4 * Math.min(id, metricsCount - 1));
      if (glyf === undefined || loca === undefined) {
        return { advance, yMin: font.readInt16BE(hhea + 6), yMax: font.readInt16BE(hhea + 4) };
      }
      const offset = (k: number) =>
        longOffsets ? font.readUInt32BE(loca + 4 * k) : 2 * font.readUInt16BE(loca + 2 * k);
      const start = offset(id);
      if (offset(id + 1) === start) return { advance, yMin: 0, yMax: 0 };
      return { advance, yMin: font.readInt16BE(glyf + start + 4), yMax: font.readInt16BE(glyf + start + 8) };
    },
  };
}

function cmapOf(font: Buffer, cmap: number): Map<number, number> {
  const out = new Map<number, number>();
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const platform = font.readUInt16BE(cmap + 4 + i * 8);
    const encoding = font.readUInt16BE(cmap + 6 + i * 8);
    if (platform !== 0 && !(platform === 3 && (encoding === 1 || encoding === 10))) continue;
    const at = cmap + font.readUInt32BE(cmap + 8 + i * 8);
    const format = font.readUInt16BE(at);
    if (format === 4) {
      const n = font.readUInt16BE(at + 6) / 2;
      const ends = at + 14;
      const starts = ends + 2 * n + 2;
      const deltas = starts + 2 * n;
      const ranges = deltas + 2 * n;
      for (let s = 0; s < n; s++) {
        const first = font.readUInt16BE(starts + 2 * s);
        const last = font.readUInt16BE(ends + 2 * s);
        const delta = font.readInt16BE(deltas + 2 * s);
        const rangeAt = ranges + 2 * s;
        const range = font.readUInt16BE(rangeAt);
        for (let c = first; c <= last && c !== 0xffff; c++) {
          let id: number;
          if (range === 0) id = (c + delta) & 0xffff;
          else {
            const raw = font.readUInt16BE(rangeAt + range + 2 * (c - first));
            id = raw === 0 ? 0 : (raw + delta) & 0xffff;
          }
          if (id !== 0) out.set(c, id);
        }
      }
    } else if (format === 12) {
      for (let g = 0; g < font.readUInt32BE(at + 12); g++) {
        const group = at + 16 + 12 * g;
        const first = font.readUInt32BE(group);
        for (let c = first; c <= font.readUInt32BE(group + 4); c++)
          out.set(c, font.readUInt32BE(group + 8) + c - first);
      }
    }
  }
  return out;
}
