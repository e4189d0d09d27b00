import { CHANNELS, type CenterName, type ChannelId, type GateNumber } from '../human-design/index.js';
import type { Point } from './svg.js';

/**
 * Geometry of the bodygraph in a 640 x 800 frame: the nine centers in the usual layout (Head and
 * Ajna triangles on top, Throat square, G diamond, Heart triangle to its right, Sacral square, Spleen
 * and Solar Plexus triangles pointing inward at the sides, Root square at the bottom), each gate at
 * a fixed place on its center's outline, and each channel as the path between its two gates.
 * Design column on the left, personality column on the right, as bodygraphs are usually drawn.
 */

export const VIEW = { width: 640, height: 800 } as const;
export const COLUMN = { designX: 56, personalityX: 584, top: 96, rowHeight: 44 } as const;

interface CenterShape {
  /** Outline vertices; gates sit on edge i = vertex i -> vertex i+1. */
  outline: Point[];
  /** Gate -> [edge, fraction along it, inward offset (default 11)]. */
  gates: Partial<Record<GateNumber, [number, number, number?]>>;
}

const square = (x: number, y: number, size: number): Point[] => [
  { x, y },
  { x: x + size, y },
  { x: x + size, y: y + size },
  { x, y: y + size },
];

// Squares: edge 0 top (left -> right), 1 right (top -> bottom), 2 bottom (right -> left), 3 left
// (bottom -> top).
export const CENTER_SHAPES: Record<CenterName, CenterShape> = {
  Head: {
    outline: [
      { x: 320, y: 58 },
      { x: 366, y: 132 },
      { x: 274, y: 132 },
    ],
    gates: { 63: [1, 0.22], 61: [1, 0.5], 64: [1, 0.78] },
  },
  Ajna: {
    outline: [
      { x: 274, y: 156 },
      { x: 366, y: 156 },
      { x: 320, y: 230 },
    ],
    gates: { 47: [0, 0.22], 24: [0, 0.5], 4: [0, 0.78], 11: [1, 0.5], 43: [2, 0, 17], 17: [2, 0.5] },
  },
  Throat: {
    outline: square(275, 248, 90),
    gates: {
      62: [0, 0.2],
      23: [0, 0.5],
      56: [0, 0.8],
      35: [1, 0.3],
      12: [1, 0.5],
      45: [1, 0.7],
      33: [2, 0.2],
      8: [2, 0.5],
      31: [2, 0.8],
      20: [3, 0.35],
      16: [3, 0.65],
    },
  },
  G: {
    outline: [
      { x: 320, y: 362 },
      { x: 372, y: 414 },
      { x: 320, y: 466 },
      { x: 268, y: 414 },
    ],
    gates: {
      1: [0, 0, 12],
      13: [0, 0.5],
      25: [1, 0, 12],
      46: [1, 0.5],
      2: [2, 0, 12],
      15: [2, 0.5],
      10: [3, 0, 12],
      7: [3, 0.5],
    },
  },
  Heart: {
    outline: [
      { x: 406, y: 426 },
      { x: 448, y: 494 },
      { x: 370, y: 494 },
    ],
    gates: { 21: [0, 0, 17], 40: [1, 0.25, 10], 26: [1, 0.62, 10], 51: [2, 0.55, 10] },
  },
  Sacral: {
    outline: square(275, 522, 90),
    gates: {
      5: [0, 0.2],
      14: [0, 0.5],
      29: [0, 0.8],
      59: [1, 0.65],
      9: [2, 0.2],
      3: [2, 0.5],
      42: [2, 0.8],
      27: [3, 0.35],
      34: [3, 0.65],
    },
  },
  Spleen: {
    outline: [
      { x: 136, y: 492 },
      { x: 246, y: 560 },
      { x: 136, y: 628 },
    ],
    gates: {
      48: [0, 0.14],
      57: [0, 0.36],
      44: [0, 0.57],
      50: [0, 0.76],
      32: [1, 0.26],
      28: [1, 0.48],
      18: [1, 0.7],
    },
  },
  'Solar Plexus': {
    outline: [
      { x: 394, y: 560 },
      { x: 504, y: 492 },
      { x: 504, y: 628 },
    ],
    gates: {
      6: [0, 0.24],
      37: [0, 0.43],
      22: [0, 0.64],
      36: [0, 0.86],
      30: [2, 0.3],
      55: [2, 0.52],
      49: [2, 0.74],
    },
  },
  Root: {
    outline: square(275, 640, 90),
    gates: {
      53: [0, 0.2],
      60: [0, 0.5],
      52: [0, 0.8],
      19: [1, 0.35],
      39: [1, 0.6],
      41: [1, 0.85],
      58: [3, 0.15],
      38: [3, 0.4],
      54: [3, 0.65],
    },
  },
};

const DEFAULT_INSET = 11;

function centroid(outline: readonly Point[]): Point {
  const x = outline.reduce((s, p) => s + p.x, 0) / outline.length;
  const y = outline.reduce((s, p) => s + p.y, 0) / outline.length;
  return { x, y };
}

/** Point at `t` along edge `edge`, moved `inset` toward the inside (perpendicular; at a vertex, toward the centroid). */
function placeOnOutline(outline: readonly Point[], edge: number, t: number, inset: number): Point {
  const a = outline[edge] as Point;
  const b = outline[(edge + 1) % outline.length] as Point;
  const on = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
  const c = centroid(outline);
  let nx: number;
  let ny: number;
  if (t === 0) {
    nx = c.x - on.x;
    ny = c.y - on.y;
  } else {
    // Perpendicular to the edge, on the side of the centroid.
    nx = -(b.y - a.y);
    ny = b.x - a.x;
    if (nx * (c.x - on.x) + ny * (c.y - on.y) < 0) {
      nx = -nx;
      ny = -ny;
    }
  }
  const length = Math.hypot(nx, ny);
  return { x: on.x + (nx / length) * inset, y: on.y + (ny / length) * inset };
}

/** Where each gate's marker and number sit (inside its center, by its edge). */
export const GATE_POSITIONS: ReadonlyMap<GateNumber, Point> = new Map(
  Object.values(CENTER_SHAPES).flatMap((shape) =>
    Object.entries(shape.gates).map(([gate, [edge, t, inset]]) => [
      Number(gate) as GateNumber,
      placeOnOutline(shape.outline, edge, t, inset ?? DEFAULT_INSET),
    ]),
  ),
);

/** Bends that keep a channel off a center it does not join (34-20 runs down the left of the G). */
const WAYPOINTS: Partial<Record<ChannelId, Point[]>> = {
  '20-34': [{ x: 254, y: 408 }],
};

export interface ChannelPath {
  id: ChannelId;
  gates: readonly [GateNumber, GateNumber];
  /** From the first gate to the second. */
  path: Point[];
}

export const CHANNEL_PATHS: readonly ChannelPath[] = CHANNELS.map((channel) => {
  const id = `${channel.gates[0]}-${channel.gates[1]}` as ChannelId;
  const [a, b] = channel.gates.map((g) => GATE_POSITIONS.get(g) as Point) as [Point, Point];
  return { id, gates: channel.gates, path: [a, ...(WAYPOINTS[id] ?? []), b] };
});

/** A polyline cut at half its length: the half from its start, and the half from its end. */
export function splitHalves(path: readonly Point[]): [Point[], Point[]] {
  const lengths = path
    .slice(1)
    .map((p, i) => Math.hypot(p.x - (path[i] as Point).x, p.y - (path[i] as Point).y));
  let remaining = lengths.reduce((s, l) => s + l, 0) / 2;
  const first: Point[] = [path[0] as Point];
  for (let i = 0; i < lengths.length; i++) {
    const a = path[i] as Point;
    const b = path[i + 1] as Point;
    const l = lengths[i] as number;
    if (remaining <= l) {
      const mid = { x: a.x + ((b.x - a.x) * remaining) / l, y: a.y + ((b.y - a.y) * remaining) / l };
      first.push(mid);
      return [first, [...path.slice(i + 1).reverse(), mid]];
    }
    first.push(b);
    remaining -= l;
  }
  throw new RangeError('a channel path needs at least two points');
}
