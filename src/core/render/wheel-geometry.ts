import { type Face, measureText } from './font-metrics.js';
import type { Point } from './svg.js';

/**
 * Polar geometry of the wheel: the ascendant at nine o'clock and the zodiac counter-clockwise, as
 * charts are usually drawn; text stacked along a radius (a planet's glyph, degree and minutes) with
 * each line's extent taken where it stands, so that labels are placed by their real boxes.
 */

/** The wheel's square in SVG units; its centre. */
export const WHEEL_SIZE = 680;
export const CENTRE = WHEEL_SIZE / 2;

const RAD = Math.PI / 180;

/** Screen angle in degrees (counter-clockwise from three o'clock) of a longitude. */
export const screenAngle = (ascendant: number, longitude: number): number => 180 + longitude - ascendant;

/** Longitude -> point at `radius` from the centre. */
export function pointAt(
  ascendant: number,
  longitude: number,
  radius: number,
  centre: Point = { x: CENTRE, y: CENTRE },
): Point {
  const a = screenAngle(ascendant, longitude) * RAD;
  return { x: centre.x + radius * Math.cos(a), y: centre.y - radius * Math.sin(a) };
}

/** One line of a label: its text, size, face and class (`tspans` lets parts of it take other classes). */
export interface LabelLine {
  text: string;
  size: number;
  face?: Face;
  cls: string;
  /** Pieces with their own class, drawn as nested tspans; their texts join to `text`. */
  parts?: readonly { text: string; cls: string }[];
}

/** A block of lines stacked as one item along the radius (a glyph; a degree over its minutes). */
export type LabelBlock = readonly LabelLine[];

export interface PlacedLine {
  line: LabelLine;
  /** Baseline origin (text-anchor middle). */
  x: number;
  y: number;
}

export interface PlacedBlock {
  lines: PlacedLine[];
  /** Centre of the block's box, and its size. */
  centre: Point;
  width: number;
  height: number;
}

/** Space between the lines of a block, as a share of the font size. */
const LEADING = 0.25;

const extentOf = (line: LabelLine) => measureText(line.text, line.size, line.face ?? 'regular');

/** Half the extent of a w x h box along a unit direction at `angle` degrees. */
const support = (w: number, h: number, angle: number): number =>
  (w / 2) * Math.abs(Math.cos(angle * RAD)) + (h / 2) * Math.abs(Math.sin(angle * RAD));

function blockSize(block: LabelBlock): { width: number; height: number } {
  let width = 0;
  let height = 0;
  block.forEach((line, k) => {
    const e = extentOf(line);
    width = Math.max(width, e.width);
    height += e.ascent + e.descent + (k ? line.size * LEADING : 0);
  });
  return { width, height };
}

/**
 * Blocks stacked along the ray at screen `angle` from radius `start`, inward (`-1`) or outward
 * (`1`), `gap` apart; each block's box centred on the ray, its lines centred in it.
 */
export function stackAlong(
  blocks: readonly LabelBlock[],
  angle: number,
  start: number,
  direction: 1 | -1,
  gap: number,
  centre: Point = { x: CENTRE, y: CENTRE },
): { placed: PlacedBlock[]; end: number } {
  let r = start;
  const placed = blocks.map((block, k) => {
    const { width, height } = blockSize(block);
    const half = support(width, height, angle);
    r += direction * ((k ? gap : 0) + half);
    const c = { x: centre.x + r * Math.cos(angle * RAD), y: centre.y - r * Math.sin(angle * RAD) };
    r += direction * half;
    let top = c.y - height / 2;
    const lines = block.map((line, i) => {
      const e = extentOf(line);
      top += i ? line.size * LEADING : 0;
      const y = top + e.ascent;
      top += e.ascent + e.descent;
      return { line, x: c.x, y };
    });
    return { lines, centre: c, width, height };
  });
  return { placed, end: r };
}

/** Angular half-width (degrees) of a stack at `angle`: the widest line's half across the ray, seen from the centre. */
export function angularHalf(
  placed: readonly PlacedBlock[],
  angle: number,
  pad: number,
  centre: Point = { x: CENTRE, y: CENTRE },
): number {
  let half = 0;
  for (const p of placed) {
    // Seen from the centre, the box's nearest edge spans the widest angle.
    const r = Math.hypot(p.centre.x - centre.x, p.centre.y - centre.y) - support(p.width, p.height, angle);
    const across = support(p.width, p.height, angle + 90) + pad;
    half = Math.max(half, Math.asin(Math.min(1, across / r)) / RAD);
  }
  return half;
}

/** The deepest a stack can reach at any angle: the band it needs. */
export function stackDepth(lines: readonly LabelBlock[], gap: number): number {
  let depth = 0;
  for (let angle = 0; angle < 180; angle += 5) {
    depth = Math.max(depth, Math.abs(stackAlong(lines, angle, 0, 1, gap, { x: 0, y: 0 }).end));
  }
  return depth;
}
