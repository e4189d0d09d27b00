import { type Face, type FaceMetrics, loadFaces } from './font-files.js';

export type { Face } from './font-files.js';

/**
 * Text extents from the bundled fonts, so the renderers can place labels without overlaps: advance
 * widths (hmtx) and, for TrueType faces, each glyph's ink box (glyf), read once from data/fonts by ./font-files.ts (the
 * faces the PNGs are drawn with; browsers substitute faces of about the same metrics). Kerning is
 * left out: it only narrows DejaVu's pairs, so boxes from plain advances contain the drawn text.
 */

let faces: Record<Face, FaceMetrics> | undefined;
const metrics = (face: Face): FaceMetrics => (faces ??= loadFaces())[face];

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
