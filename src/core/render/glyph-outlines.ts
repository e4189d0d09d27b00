import { join } from 'node:path';
import { defaultFontDir, FACE_FILES, type FontFile, openFont } from './font-tables.js';

/**
 * Glyph outlines of the TrueType chart faces (DejaVu Sans regular and bold subsets), read from the
 * glyf table once per glyph, as SVG path data in font units (y up). The PNG path draws text with them
 * (./text-paths.ts) instead of handing text to resvg, whose layout of each text chunk cost about
 * 50 µs: most of a picture's parse time.
 */

export interface GlyphOutline {
  advance: number;
  /**
   * Relative path commands after the first move; empty for a glyph without ink (a space). The path
   * starts at `start` (from the glyph's origin) and leaves the current point at `end`, the start of
   * its last contour (a closed contour returns there).
   */
  body: string;
  start: readonly [number, number];
  end: readonly [number, number];
}

export interface OutlineFace {
  unitsPerEm: number;
  /** The outline of a character, undefined when the face lacks it. */
  glyph(code: number): GlyphOutline | undefined;
}

interface Point {
  x: number;
  y: number;
  on: boolean;
}

// Simple-glyph flags (glyf table).
const ON_CURVE = 0x01;
const X_SHORT = 0x02;
const Y_SHORT = 0x04;
const REPEAT = 0x08;
const X_SAME_OR_POSITIVE = 0x10;
const Y_SAME_OR_POSITIVE = 0x20;
// Composite-glyph flags.
const ARGS_ARE_WORDS = 0x0001;
const ARGS_ARE_XY = 0x0002;
const HAS_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const HAS_XY_SCALE = 0x0040;
const HAS_TWO_BY_TWO = 0x0080;

/** A TrueType chart face with its glyf table (the outlines read here). */
interface TrueTypeFont extends FontFile {
  glyf: number;
  glyphOffset: (glyph: number) => number;
}

function readFont(file: string): TrueTypeFont {
  const f = openFont(file);
  if (!f.glyphOffset) throw new Error(`${file} has no glyf outlines`);
  return { ...f, glyphOffset: f.glyphOffset, glyf: f.table('glyf') };
}

/** The contours of a glyph in font units, components of a composite glyph placed by their offsets. */
function contours(f: TrueTypeFont, glyph: number, depth = 0): Point[][] {
  const start = f.glyphOffset(glyph);
  if (f.glyphOffset(glyph + 1) === start || depth > 8) return [];
  const { font } = f;
  const at = f.glyf + start;
  const count = font.readInt16BE(at);
  return count >= 0 ? simpleContours(font, at, count) : compositeContours(f, at + 10, depth);
}

function simpleContours(font: Buffer, at: number, count: number): Point[][] {
  const ends: number[] = [];
  for (let i = 0; i < count; i++) ends.push(font.readUInt16BE(at + 10 + i * 2));
  const total = count === 0 ? 0 : (ends[count - 1] as number) + 1;
  let p = at + 10 + count * 2;
  p += 2 + font.readUInt16BE(p); // instructions
  const flags: number[] = [];
  while (flags.length < total) {
    const flag = font.readUInt8(p++);
    flags.push(flag);
    if (flag & REPEAT) for (let r = font.readUInt8(p++); r > 0; r--) flags.push(flag);
  }
  const coordinates = (short: number, same: number): number[] => {
    const out: number[] = [];
    let value = 0;
    for (const flag of flags) {
      if (flag & short) value += flag & same ? font.readUInt8(p++) : -font.readUInt8(p++);
      else if (!(flag & same)) {
        value += font.readInt16BE(p);
        p += 2;
      }
      out.push(value);
    }
    return out;
  };
  const xs = coordinates(X_SHORT, X_SAME_OR_POSITIVE);
  const ys = coordinates(Y_SHORT, Y_SAME_OR_POSITIVE);
  const out: Point[][] = [];
  let first = 0;
  for (const end of ends) {
    const contour: Point[] = [];
    for (let i = first; i <= end; i++)
      contour.push({ x: xs[i] as number, y: ys[i] as number, on: ((flags[i] as number) & ON_CURVE) !== 0 });
    out.push(contour);
    first = end + 1;
  }
  return out;
}

function compositeContours(f: TrueTypeFont, at: number, depth: number): Point[][] {
  const { font } = f;
  const out: Point[][] = [];
  let p = at;
  for (;;) {
    const flags = font.readUInt16BE(p);
    const component = font.readUInt16BE(p + 2);
    p += 4;
    const words = (flags & ARGS_ARE_WORDS) !== 0;
    const dx = words ? font.readInt16BE(p) : font.readInt8(p);
    const dy = words ? font.readInt16BE(p + 2) : font.readInt8(p + 1);
    p += words ? 4 : 2;
    const f2dot14 = () => {
      const v = font.readInt16BE(p) / 16_384;
      p += 2;
      return v;
    };
    let [a, b, c, d] = [1, 0, 0, 1];
    if (flags & HAS_SCALE) a = d = f2dot14();
    else if (flags & HAS_XY_SCALE) [a, d] = [f2dot14(), f2dot14()];
    else if (flags & HAS_TWO_BY_TWO) [a, b, c, d] = [f2dot14(), f2dot14(), f2dot14(), f2dot14()];
    // Point-matched components (offsets given as point numbers) do not occur in the chart faces.
    const [ox, oy] = flags & ARGS_ARE_XY ? [dx, dy] : [0, 0];
    for (const contour of contours(f, component, depth + 1))
      out.push(contour.map((q) => ({ x: a * q.x + c * q.y + ox, y: b * q.x + d * q.y + oy, on: q.on })));
    if (!(flags & MORE_COMPONENTS)) return out;
  }
}

const fmt = (v: number) => String(Math.round(v * 10) / 10);

/** Quadratic contours as relative path data: each contour a move, lines and curves, and a close. */
function outline(list: Point[][], advance: number): GlyphOutline {
  let body = '';
  let start: [number, number] | undefined;
  let cx = 0;
  let cy = 0;
  const moveTo = (x: number, y: number, first: boolean) => {
    if (first) start = [x, y];
    else body += `m${fmt(x - cx)} ${fmt(y - cy)}`;
    cx = x;
    cy = y;
  };
  let end: [number, number] = [0, 0];
  for (const contour of list) {
    if (contour.length === 0) continue;
    // Start on an on-curve point; a contour of off-curve points only starts at an implied midpoint.
    const firstOn = contour.findIndex((q) => q.on);
    const ring =
      firstOn >= 0
        ? [...contour.slice(firstOn), ...contour.slice(0, firstOn)]
        : [
            {
              x: ((contour[0] as Point).x + (contour.at(-1) as Point).x) / 2,
              y: ((contour[0] as Point).y + (contour.at(-1) as Point).y) / 2,
              on: true,
            },
            ...contour,
          ];
    const origin = ring[0] as Point;
    moveTo(origin.x, origin.y, start === undefined);
    let control: Point | undefined;
    const to = (q: Point) => {
      if (control) body += `q${fmt(control.x - cx)} ${fmt(control.y - cy)} ${fmt(q.x - cx)} ${fmt(q.y - cy)}`;
      else body += `l${fmt(q.x - cx)} ${fmt(q.y - cy)}`;
      cx = q.x;
      cy = q.y;
      control = undefined;
    };
    for (const q of [...ring.slice(1), origin]) {
      if (q.on) to(q);
      else if (control) {
        to({ x: (control.x + q.x) / 2, y: (control.y + q.y) / 2, on: true });
        control = q;
      } else control = q;
    }
    body += 'z';
    end = [origin.x, origin.y];
  }
  return { advance, body, start: start ?? [0, 0], end };
}

function loadFace(file: string): OutlineFace {
  const f = readFont(file);
  const cache = new Map<number, GlyphOutline>();
  return {
    unitsPerEm: f.unitsPerEm,
    glyph(code) {
      const known = cache.get(code);
      if (known) return known;
      const id = f.cmap.get(code);
      if (id === undefined) return undefined;
      const made = outline(contours(f, id), f.advance(id));
      cache.set(code, made);
      return made;
    },
  };
}

let faces: { regular: OutlineFace; bold: OutlineFace } | undefined;

/** The regular and bold chart faces' outlines (read once). */
export const outlineFaces = (): { regular: OutlineFace; bold: OutlineFace } =>
  (faces ??= {
    regular: loadFace(join(defaultFontDir(), FACE_FILES.regular)),
    bold: loadFace(join(defaultFontDir(), FACE_FILES.bold)),
  });
