import {
  CENTER_NAMES,
  CHANNELS,
  type CenterName,
  type ChannelId,
  type GateNumber,
  GATES,
} from '../human-design/index.js';
import type { Point } from './svg.js';

/**
 * Geometry of the bodygraph, in the layout Human Design charts share (Jovian Archive's, which
 * MyBodyGraph, Genetic Matrix and hdkit follow): Head and Ajna triangles on top, Throat square, G
 * diamond, Heart triangle to its lower right, Sacral and Root squares, Spleen and Solar Plexus
 * triangles pointing inward at the sides. Each gate sits on its center's outline where its channel
 * leaves, on the side facing the center it connects to, in the conventional order: Head 64 61 63
 * over Ajna 47 24 4; Ajna 17 43 11 over Throat 62 23 56; Throat 16 and 20 on the left, 35 12 45 on
 * the right, 31 8 33 over the G's 7 1 13; G 10 and 25 at its side corners, 15 2 46 below; Heart 21 on
 * top, 51 toward the G, 26 and 40 at its foot; Sacral 5 14 29 on top, 34 and 27 on the left, 59 on
 * the right, 42 3 9 over Root 53 60 52; Root 54 38 58 to the Spleen's 32 28 18 and 19 39 41 to the
 * Solar Plexus's 49 55 30; Spleen 48 57 44 on its upper edge, 50 at its point; Solar Plexus 36 22 37
 * on its upper edge, 6 at its point. The body is 424 units wide, centred on x = 320.
 *
 * The tables below place the centers as a tight stack; each center is then lowered by `DROP` so that
 * the short channels between stacked centers (64-47, 43-23, 1-8, 3-60, ...) show at least 17 units
 * between their markers in both layouts, as the usual charts show them: a marker on each outline
 * would otherwise cover a 24-unit channel nearly whole, and whether 3-60 is defined could not be seen.
 */

export const BODY = { left: 108, right: 532, top: 88, bottom: 828 } as const;

/** How far each center is lowered from the tables below (see above). */
const DROP: Record<CenterName, number> = {
  Head: 0,
  Ajna: 10,
  Throat: 22,
  G: 36,
  // A little higher than the G beside it, so that 40-37 shows between its markers too.
  Heart: 24,
  Spleen: 36,
  'Solar Plexus': 36,
  Sacral: 36,
  Root: 50,
};
const lower = (p: Point, center: CenterName): Point => ({ x: p.x, y: p.y + DROP[center] });

/** Center outlines before the drop: triangles and squares clockwise from the top left, the G from its top. */
const STACKED_OUTLINES: Record<CenterName, readonly Point[]> = {
  Head: [
    { x: 320, y: 88 },
    { x: 366, y: 158 },
    { x: 274, y: 158 },
  ],
  Ajna: [
    { x: 274, y: 188 },
    { x: 366, y: 188 },
    { x: 320, y: 262 },
  ],
  Throat: square(275, 288, 90),
  G: [
    { x: 320, y: 402 },
    { x: 372, y: 454 },
    { x: 320, y: 506 },
    { x: 268, y: 454 },
  ],
  Heart: [
    { x: 414, y: 476 },
    { x: 456, y: 540 },
    { x: 378, y: 536 },
  ],
  Sacral: square(275, 574, 90),
  Spleen: [
    { x: 108, y: 512 },
    { x: 226, y: 584 },
    { x: 108, y: 656 },
  ],
  'Solar Plexus': [
    { x: 532, y: 512 },
    { x: 532, y: 656 },
    { x: 414, y: 584 },
  ],
  Root: square(275, 688, 90),
};

function square(x: number, y: number, size: number): Point[] {
  return [
    { x, y },
    { x: x + size, y },
    { x: x + size, y: y + size },
    { x, y: y + size },
  ];
}

export const CENTER_OUTLINES: Record<CenterName, readonly Point[]> = Object.fromEntries(
  CENTER_NAMES.map((center) => [center, STACKED_OUTLINES[center].map((p) => lower(p, center))]),
) as Record<CenterName, Point[]>;

/** The point at `t` (0-1) from vertex `from` to vertex `to` of a center's outline, before the drop. */
function along(center: CenterName, from: number, to: number, t: number): Point {
  const outline = STACKED_OUTLINES[center];
  const a = outline[from] as Point;
  const b = outline[to] as Point;
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/** Three gates across a horizontal edge: 26 units left of the middle, the middle, 26 right. */
const LEFT = 294;
const MID = 320;
const RIGHT = 346;
const at = (x: number, y: number): Point => ({ x, y });

/** Each gate's place on its center's outline before the drop. */
const STACKED_GATES: ReadonlyMap<GateNumber, Point> = new Map<GateNumber, Point>([
  // Head, base.
  [64, at(LEFT, 158)],
  [61, at(MID, 158)],
  [63, at(RIGHT, 158)],
  // Ajna: top edge, the two lower edges and the point.
  [47, at(LEFT, 188)],
  [24, at(MID, 188)],
  [4, at(RIGHT, 188)],
  [17, along('Ajna', 0, 2, (LEFT - 274) / 46)],
  [43, at(MID, 262)],
  [11, along('Ajna', 1, 2, (366 - RIGHT) / 46)],
  // Throat: top, left, right, bottom.
  [62, at(LEFT, 288)],
  [23, at(MID, 288)],
  [56, at(RIGHT, 288)],
  [16, at(275, 310)],
  [20, at(275, 356)],
  [35, at(365, 310)],
  [12, at(365, 333)],
  [45, at(365, 356)],
  [31, at(LEFT, 378)],
  [8, at(MID, 378)],
  [33, at(RIGHT, 378)],
  // G: corners and the middles of its four edges.
  [1, at(MID, 402)],
  [7, along('G', 3, 0, 0.5)],
  [13, along('G', 0, 1, 0.5)],
  [10, at(268, 454)],
  [25, at(372, 454)],
  [15, along('G', 2, 3, 0.5)],
  [46, along('G', 1, 2, 0.5)],
  [2, at(MID, 506)],
  // Heart: point, the edge facing the G, the foot.
  [21, at(414, 476)],
  [51, along('Heart', 0, 2, 0.5)],
  [26, along('Heart', 2, 1, 0.1)],
  [40, along('Heart', 2, 1, 0.78)],
  // Sacral.
  [5, at(LEFT, 574)],
  [14, at(MID, 574)],
  [29, at(RIGHT, 574)],
  [34, at(275, 596)],
  [27, at(275, 640)],
  [59, at(365, 640)],
  [42, at(LEFT, 664)],
  [3, at(MID, 664)],
  [9, at(RIGHT, 664)],
  // Root.
  [53, at(LEFT, 688)],
  [60, at(MID, 688)],
  [52, at(RIGHT, 688)],
  [54, at(275, 710)],
  [38, at(275, 733)],
  [58, at(275, 756)],
  [19, at(365, 710)],
  [39, at(365, 733)],
  [41, at(365, 756)],
  // Spleen: upper edge from the top, the point, lower edge from the point.
  [48, along('Spleen', 0, 1, 0.2)],
  [57, along('Spleen', 0, 1, 0.45)],
  [44, along('Spleen', 0, 1, 0.75)],
  [50, at(226, 584)],
  [32, along('Spleen', 1, 2, 0.3)],
  [28, along('Spleen', 1, 2, 0.53)],
  [18, along('Spleen', 1, 2, 0.76)],
  // Solar Plexus, mirrored.
  [36, along('Solar Plexus', 0, 2, 0.2)],
  [22, along('Solar Plexus', 0, 2, 0.45)],
  [37, along('Solar Plexus', 0, 2, 0.75)],
  [6, at(414, 584)],
  [49, along('Solar Plexus', 2, 1, 0.3)],
  [55, along('Solar Plexus', 2, 1, 0.53)],
  [30, along('Solar Plexus', 2, 1, 0.76)],
]);

/** Each gate's place on its center's outline (the centre of its marker). */
export const GATE_POSITIONS: ReadonlyMap<GateNumber, Point> = new Map(
  [...STACKED_GATES].map(([gate, p]) => [gate, lower(p, GATES[gate].center)]),
);

/**
 * Where the four integration gates (10, 20, 34, 57) meet: left of the G, above the Spleen. Each of
 * the six integration channels is its two gates' spokes to this point, as in the conventional chart.
 */
export const INTEGRATION_HUB: Point = { x: 206, y: 510 };
const INTEGRATION_GATES: ReadonlySet<GateNumber> = new Set([10, 20, 34, 57]);

export interface ChannelPath {
  id: ChannelId;
  gates: readonly [GateNumber, GateNumber];
  /**
   * The channel in two halves, each from its own gate's marker to where the halves meet (the middle,
   * or the integration hub); each half takes the colour of whoever activates its gate.
   */
  halves: readonly [Point[], Point[]];
}

const point = (gate: GateNumber): Point => GATE_POSITIONS.get(gate) as Point;

/**
 * Bends: the Throat's 35 and 12 leave sideways before turning down to the Solar Plexus, so that
 * neither runs past the gate below it (12, 45).
 */
const WAYPOINTS: Partial<Record<ChannelId, Point[]>> = {
  '35-36': [lower({ x: 391, y: 310 }, 'Throat')],
  '12-22': [lower({ x: 391, y: 333 }, 'Throat')],
};

export const CHANNEL_PATHS: readonly ChannelPath[] = CHANNELS.map((channel) => {
  const id = `${channel.gates[0]}-${channel.gates[1]}` as ChannelId;
  const [a, b] = channel.gates;
  if (INTEGRATION_GATES.has(a) && INTEGRATION_GATES.has(b)) {
    return {
      id,
      gates: channel.gates,
      halves: [
        [point(a), INTEGRATION_HUB],
        [point(b), INTEGRATION_HUB],
      ],
    };
  }
  return { id, gates: channel.gates, halves: splitHalves([point(a), ...(WAYPOINTS[id] ?? []), point(b)]) };
});

/** A polyline cut at half its length: the half from its start and the half from its end, each ending in the middle. */
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
