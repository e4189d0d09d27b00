import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultFontDir, type FONT_FILE_NAMES } from './png.js';

/**
 * Text extents from the bundled fonts, so the renderers can place labels without overlaps: advance
 * widths (hmtx) and, for TrueType faces, each glyph's ink box (glyf), read once from data/fonts (the
 * faces the PNGs are drawn with; browsers substitute faces of about the same metrics). Kerning is
 * left out: it only narrows DejaVu's pairs, so boxes from plain advances contain the drawn text.
 */

export type Face = 'regular' | 'bold' | 'cjk';

interface FaceMetrics {
  unitsPerEm: number;
  /** Code point -> [advance, ink top, ink bottom] in font units (y up); no ink: top = bottom = 0. */
  glyphs: Map<number, readonly [number, number, number]>;
  /** For characters the face lacks (a browser falls back): the face's own ascent and descent. */
  fallback: readonly [number, number, number];
}

const FACE_FILES: Record<Face, (typeof FONT_FILE_NAMES)[number]> = {
  regular: 'DejaVuSans-charts.ttf',
  bold: 'DejaVuSans-Bold-charts.ttf',
  cjk: 'ChartHan-Regular.otf',
};

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

let faces: Record<Face, FaceMetrics> | undefined;
const metrics = (face: Face): FaceMetrics => {
  faces ??= Object.fromEntries(
    (Object.keys(FACE_FILES) as Face[]).map((f) => [f, readFace(join(defaultFontDir(), FACE_FILES[f]))]),
  ) as Record<Face, FaceMetrics>;
  return faces[face];
};

/** Variation selectors draw nothing. */
const ZERO_WIDTH = new Set([0xfe0e, 0xfe0f]);

export interface TextExtent {
  width: number;
  /** Highest ink above the baseline and lowest below it, positive up and down. */
  ascent: number;
  descent: number;
}

/** Labels repeat (degrees, gate numbers): measured once per face, size and text. */
const measured = new Map<string, TextExtent>();
const MEASURED_MAX = 20_000;

/** Width and ink height of `text` at `size` units in `face`. */
export function measureText(text: string, size: number, face: Face = 'regular'): TextExtent {
  const key = `${face}|${size}|${text}`;
  const known = measured.get(key);
  if (known) return known;
  const extent = measureUncached(text, size, face);
  if (measured.size >= MEASURED_MAX) measured.clear();
  measured.set(key, extent);
  return extent;
}

function measureUncached(text: string, size: number, face: Face): TextExtent {
  const m = metrics(face);
  let width = 0;
  let top = 0;
  let bottom = 0;
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (ZERO_WIDTH.has(code)) continue;
    const [advance, high, low] = m.glyphs.get(code) ?? m.fallback;
    width += advance;
    if (high > top) top = high;
    if (low < bottom) bottom = low;
  }
  const scale = size / m.unitsPerEm;
  return { width: width * scale, ascent: top * scale, descent: Math.max(0, -bottom * scale) };
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export type Anchor = 'start' | 'middle' | 'end';

/** The box a text run covers, drawn at (x, y) (baseline) with the given anchor. */
export function textBox(
  text: string,
  x: number,
  y: number,
  size: number,
  anchor: Anchor = 'start',
  face: Face = 'regular',
): Box {
  const { width, ascent, descent } = measureText(text, size, face);
  const x0 = anchor === 'start' ? x : anchor === 'middle' ? x - width / 2 : x - width;
  return { x0, y0: y - ascent, x1: x0 + width, y1: y + descent };
}

/** The baseline that centres a run's ink vertically on `y` (e.g. a number in a circle). */
export function centredBaseline(text: string, y: number, size: number, face: Face = 'regular'): number {
  const { ascent, descent } = measureText(text, size, face);
  return y + (ascent - descent) / 2;
}

export const boxesOverlap = (a: Box, b: Box, gap = 0): boolean =>
  a.x0 < b.x1 + gap && b.x0 < a.x1 + gap && a.y0 < b.y1 + gap && b.y0 < a.y1 + gap;
