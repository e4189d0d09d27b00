/**
 * Geometry of the rendered pictures over 1,000 seeded random births 1900-2100 (charts computed
 * straight from the cores), in the full layout (800 px) and the compact one (400 px). Text boxes come
 * from the bundled fonts' own tables (advance widths, glyph ink boxes: test/helpers/font-metrics.ts),
 * not from the renderer's measurements, and are placed by each run's position, size, anchor and
 * transforms. Expected centers of the gates come from the rule book (test/fixtures/hd-tables.ts).
 * - Bodygraph: every channel half starts within 1 unit of its gate's marker, every marker lies on
 *   its center's outline, no channel runs under another gate's number.
 * - Wheel, every combination of the design and gate rings, and the details layouts: no label or glyph
 *   box touches a house cusp or an axis line, and the four angle labels are drawn. Without rings, at
 *   800 px, a planet is drawn across a cusp or an axis from its true place (in another house) only
 *   when its house shows the shortest labels (the planet's glyph over its degree over its sign
 *   glyph) and still cannot hold them.
 * - Wheel with details, natal and synastry (each birth with the next as person B): each panel (data
 *   box, planet table, aspect grid, and a synastry's person B box), from its text, rules and cells,
 *   lies inside the picture, off the wheel's outer circle and clear of the wheel's text and of the
 *   other panels; a synastry has its person B box, a natal wheel none.
 * - All three: no two text boxes overlap, and all text lies inside the picture.
 * - BaZi: each pillar's hidden stems are centred under it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderBazi, renderBodygraph, renderWheel } from '../../src/core/render/index.js';
import { CENTER_GATES } from '../fixtures/hd-tables.js';
import { type RenderSample, renderSamples } from '../helpers/render-samples.js';
import {
  dataOf,
  distanceToSegment,
  overlappingRuns,
  type Point,
  polygonsOverlap,
  segmentPolygon,
  segments,
  rectangles,
  type TextRun,
  textRuns,
} from '../helpers/svg-geometry.js';
import { parseXml, textOf, withAttr, type XmlElement } from '../helpers/xml.js';

/** A CPU-bound sweep: on two shared cores under load it takes minutes, not a hang. */
const SWEEP = { timeout: 600_000 };
const BIRTHS = 1000;
const WIDTHS = [800, 400];
const base = (width: number) => ({ theme: 'light', width, transparent: false, labels: true }) as const;

let samples: RenderSample[] = [];
beforeAll(() => {
  samples = renderSamples(BIRTHS);
}, 120_000);

/** What each chart got wrong, as readable lines (an empty list when all is well). */
type Check = (root: XmlElement) => string[];

function sweep(render: (s: RenderSample, i: number) => string, checks: Check[]): string[] {
  const problems: string[] = [];
  samples.forEach((s, i) => {
    const root = parseXml(render(s, i));
    for (const check of checks) for (const p of check(root)) problems.push(`birth ${i}: ${p}`);
  });
  return problems;
}

const viewBox = (root: XmlElement) => {
  const [x, y, w, h] = (root.attrs.viewBox as string).split(' ').map(Number) as [
    number,
    number,
    number,
    number,
  ];
  return { x, y, w, h };
};

const label = (r: TextRun) =>
  `"${r.text}"${['data-planet', 'data-gate-label', 'data-house-label', 'data-angle', 'data-pillar'].map((a) => (dataOf(r.path, a) ? ` ${a}=${dataOf(r.path, a)}` : '')).join('')}`;

const noOverlaps: Check = (root) =>
  overlappingRuns(textRuns(root)).map(([a, b]) => `${label(a)} overlaps ${label(b)}`);

const insidePicture: Check = (root) => {
  const v = viewBox(root);
  return textRuns(root)
    .filter((r) =>
      r.corners.some(
        (p) => p.x < v.x - 0.01 || p.y < v.y - 0.01 || p.x > v.x + v.w + 0.01 || p.y > v.y + v.h + 0.01,
      ),
    )
    .map((r) => `${label(r)} runs off the picture`);
};

const pathPoints = (d: string): Point[] =>
  [...d.matchAll(/[ML]\s*(-?[\d.]+)[\s,]+(-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));

const CENTER_OF_GATE = new Map(
  Object.entries(CENTER_GATES).flatMap(([center, gates]) => gates.map((g) => [g, center] as const)),
);

const bodygraphGeometry: Check = (root) => {
  const problems: string[] = [];
  const outlines = new Map(
    withAttr(root, 'data-center').map((c) => [
      c.attrs['data-center'] as string,
      pathPoints(c.attrs.d as string),
    ]),
  );
  const markers = new Map(
    withAttr(root, 'data-gate').map((g) => {
      const circle = g.children.find((c) => c.name === 'circle') as XmlElement;
      return [Number(g.attrs['data-gate']), { x: Number(circle.attrs.cx), y: Number(circle.attrs.cy) }];
    }),
  );
  for (const [gate, at] of markers) {
    const outline = outlines.get(CENTER_OF_GATE.get(gate) as string) as Point[];
    const distance = Math.min(
      ...outline.map((p, i) => distanceToSegment(at, p, outline[(i + 1) % outline.length] as Point)),
    );
    if (distance > 0.5)
      problems.push(
        `gate ${gate}'s marker is ${distance.toFixed(2)} from the ${CENTER_OF_GATE.get(gate)} outline`,
      );
  }
  const labels = textRuns(root).filter((r) => dataOf(r.path, 'data-gate-label'));
  for (const channel of withAttr(root, 'data-channel')) {
    const id = channel.attrs['data-channel'] as string;
    const gates = id.split('-').map(Number);
    const halves = channel.children.filter((c) => c.attrs['data-half']);
    if (halves.map((h) => Number(h.attrs['data-half'])).join('-') !== id)
      problems.push(`channel ${id} halves ${halves.length}`);
    for (const half of halves) {
      const gate = Number(half.attrs['data-half']);
      const start = pathPoints((half.children[0] as XmlElement).attrs.d as string)[0] as Point;
      const marker = markers.get(gate) as Point;
      const off = Math.hypot(start.x - marker.x, start.y - marker.y);
      if (off > 1)
        problems.push(`channel ${id}'s half for gate ${gate} starts ${off.toFixed(2)} from its marker`);
    }
    const edge = segments(channel, (p) => p[0]?.attrs.class === 'ch-edge');
    for (const run of labels) {
      const gate = Number(dataOf(run.path, 'data-gate-label'));
      if (gates.includes(gate)) continue;
      if (edge.some((s) => polygonsOverlap(segmentPolygon(s), run.corners)))
        problems.push(`channel ${id} runs under gate ${gate}'s number`);
    }
  }
  return problems;
};

const wheelLines: Check = (root) => {
  const lines = segments(
    root,
    (p) => dataOf(p, 'data-house') !== undefined || dataOf(p, 'data-axis') !== undefined,
  );
  const problems: string[] = [];
  for (const run of textRuns(root)) {
    const hit = lines.find((l) => polygonsOverlap(run.corners, segmentPolygon(l), 0.01));
    if (hit)
      problems.push(
        `${label(run)} lies on ${dataOf(hit.path, 'data-axis') ?? `cusp ${dataOf(hit.path, 'data-house')}`}`,
      );
  }
  const angles = new Set(withAttr(root, 'data-angle').map((a) => a.attrs['data-angle']));
  if (angles.size !== 4) problems.push(`angle labels: ${[...angles].join(' ')}`);
  for (const a of withAttr(root, 'data-angle')) {
    const shown = textRuns(a)
      .map((r) => r.text)
      .join(' ');
    if (!shown.includes(`${a.attrs['data-position']?.split('°')[0]}°`))
      problems.push(`${a.attrs['data-angle']} label "${shown}" lacks its degree`);
  }
  return problems;
};

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const panelOf = (path: XmlElement[]) => dataOf(path, 'data-details');

/** The box each details panel covers: its text, its rules and its cells. */
function panelBoxes(root: XmlElement): Map<string, Box> {
  const boxes = new Map<string, Box>();
  const add = (panel: string, corners: readonly Point[]) => {
    const b = boxes.get(panel) ?? { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    for (const p of corners) {
      b.x0 = Math.min(b.x0, p.x);
      b.y0 = Math.min(b.y0, p.y);
      b.x1 = Math.max(b.x1, p.x);
      b.y1 = Math.max(b.y1, p.y);
    }
    boxes.set(panel, b);
  };
  const inPanel = (path: XmlElement[]) => panelOf(path) !== undefined;
  for (const run of textRuns(root)) if (inPanel(run.path)) add(panelOf(run.path)!, run.corners);
  for (const line of segments(root, inPanel)) add(panelOf(line.path)!, segmentPolygon(line));
  for (const cell of rectangles(root, inPanel)) add(panelOf(cell.path)!, cell.corners);
  return boxes;
}

const boxCorners = (b: Box): Point[] => [
  { x: b.x0, y: b.y0 },
  { x: b.x1, y: b.y0 },
  { x: b.x1, y: b.y1 },
  { x: b.x0, y: b.y1 },
];

/**
 * The details panels, `expected` by name, each inside the picture, off the wheel (its outermost
 * circle, and its text: angle labels, legend) and apart from the other panels.
 */
const detailsPanels =
  (expected: readonly string[]): Check =>
  (root) => {
    const problems: string[] = [];
    const boxes = panelBoxes(root);
    if ([...boxes.keys()].sort().join(' ') !== [...expected].sort().join(' '))
      problems.push(`panels ${[...boxes.keys()].join(' ')}, expected ${expected.join(' ')}`);
    const v = viewBox(root);
    const circles = withAttr(root, 'r').filter((c) => c.name === 'circle');
    const rim = circles.reduce((a, c) => (Number(c.attrs.r) > Number(a.attrs.r) ? c : a));
    const [cx, cy, r] = [Number(rim.attrs.cx), Number(rim.attrs.cy), Number(rim.attrs.r)];
    const wheelText = textRuns(root).filter((run) => panelOf(run.path) === undefined);
    const named = [...boxes];
    named.forEach(([name, b], i) => {
      if (b.x0 < v.x - 0.01 || b.y0 < v.y - 0.01 || b.x1 > v.x + v.w + 0.01 || b.y1 > v.y + v.h + 0.01)
        problems.push(`panel ${name} runs off the picture`);
      // The box's point nearest the wheel's centre lies outside its outer circle.
      const dx = Math.max(b.x0 - cx, 0, cx - b.x1);
      const dy = Math.max(b.y0 - cy, 0, cy - b.y1);
      if (Math.hypot(dx, dy) <= r) problems.push(`panel ${name} reaches into the wheel`);
      for (const run of wheelText)
        if (polygonsOverlap(boxCorners(b), run.corners, 0.01))
          problems.push(`panel ${name} overlaps the wheel's ${label(run)}`);
      for (const [other, o] of named.slice(i + 1))
        if (polygonsOverlap(boxCorners(b), boxCorners(o), 0.01))
          problems.push(`panel ${name} overlaps panel ${other}`);
    });
    return problems;
  };

/** Signed shortest turn from `a` to `b` in degrees. */
const turn = (a: number, b: number) => 180 - ((((180 - (b - a)) % 360) + 360) % 360);

/**
 * Whether a planet's label is the shortest a crowded house goes down to: its glyph over its degree
 * over its sign (a column), without the minutes.
 */
const shortestLabel = (planet: XmlElement) => {
  const lines = (planet.children.find((c) => c.name === 'text') as XmlElement).children.filter(
    (c) => c.name === 'tspan',
  );
  return lines.length === 3 && !textOf(planet).includes("'") && !/°./u.test(textOf(lines[1]!));
};

/**
 * Chart planets drawn across a house cusp or an axis from their true longitude, which reads as a
 * planet in another house (the leader back to the tick is easily missed), while their own house still
 * shows more than glyph and sign: a house must go down to the shortest labels before it overflows.
 */
const leftHouseEarly = (root: XmlElement): string[] => {
  const lines = [
    ...withAttr(root, 'data-cusp').map((c) => Number(c.attrs['data-cusp'])),
    ...withAttr(root, 'data-angle').map((a) => Number(a.attrs['data-longitude'])),
  ];
  const chart = withAttr(root, 'data-side').find((g) => g.attrs['data-side'] === 'personality') as XmlElement;
  const planets = withAttr(chart, 'data-planet');
  if (planets.some((p) => p.attrs['data-drawn-at'] === undefined)) return ['planets without data-drawn-at'];
  return planets.flatMap((planet) => {
    const longitude = Number(planet.attrs['data-longitude']);
    const moved = turn(longitude, Number(planet.attrs['data-drawn-at']));
    const crossed = lines.find((line) => {
      const at = turn(longitude, line);
      return Math.abs(at) > 0.05 && Math.sign(at) === Math.sign(moved) && Math.abs(at) < Math.abs(moved);
    });
    const house = planet.attrs['data-in-house'];
    const housemates = planets.filter((p) => p.attrs['data-in-house'] === house);
    return crossed === undefined || housemates.every(shortestLabel)
      ? []
      : [
          `${planet.attrs['data-planet']} (house ${house}) drawn across ${crossed}° with fuller labels at home`,
        ];
  });
};

const hiddenStemsCentred: Check = (root) =>
  withAttr(root, 'data-pillar').flatMap((pillar) => {
    const cell = pillar.children.find((c) => c.name === 'rect') as XmlElement;
    const middle = Number(cell.attrs.x) + Number(cell.attrs.width) / 2;
    // The stem's own run (drawn as outlines): the middle of its box.
    const xs = withAttr(pillar, 'data-hidden-stem').map((h) => {
      const corners = (textRuns(h)[0] as TextRun).corners;
      return (Math.min(...corners.map((c) => c.x)) + Math.max(...corners.map((c) => c.x))) / 2;
    });
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    return Math.abs(mean - middle) > 0.5
      ? [`${pillar.attrs['data-pillar']} hidden stems centred at ${mean}, pillar at ${middle}`]
      : [];
  });

const RINGS = [
  { designRing: false, gateRing: false },
  { designRing: true, gateRing: false },
  { designRing: false, gateRing: true },
  { designRing: true, gateRing: true },
];

/** Each birth in one layout: the full one and the compact one in turn (and each ring combination). */
const widthOf = (i: number, widths: readonly number[]) => widths[Math.floor(i / 4) % widths.length] as number;
const ringsOf = (i: number) => RINGS[i % 4] as (typeof RINGS)[number];

describe(
  `${BIRTHS} random births per picture, full and compact layouts: pictures a reader can trust`,
  SWEEP,
  () => {
    it('bodygraph: channels leave from their gates, nothing overlaps', () => {
      const problems = sweep(
        (s, i) => renderBodygraph(s.hd, base(widthOf(i, WIDTHS))),
        [bodygraphGeometry, noOverlaps, insidePicture],
      );
      expect(problems).toEqual([]);
    });

    it('wheel, every ring combination: labels off the lines and each other, four angles', () => {
      const problems = sweep(
        (s, i) => renderWheel(s.astro, { ...base(widthOf(i, WIDTHS)), ...ringsOf(i), details: false }),
        [wheelLines, noOverlaps, insidePicture],
      );
      expect(problems).toEqual([]);
    });

    it('wheel without rings, full layout: a planet leaves its house only when columns of glyph, degree and sign do not fit there (168 of 300 charts did)', () => {
      const problems = sweep(
        (s) => renderWheel(s.astro, { ...base(800), designRing: false, gateRing: false, details: false }),
        [leftHouseEarly],
      );
      expect(problems).toEqual([]);
    });

    it('wheel with details (beside, below, compact): tables and grid clear of each other and the wheel', () => {
      const problems = sweep(
        (s, i) =>
          renderWheel(
            { ...s.astro, birthInfo: s.birth },
            { ...base(widthOf(i, [1200, 800, 400])), ...ringsOf(i), details: true },
          ),
        [wheelLines, noOverlaps, insidePicture, detailsPanels(['data', 'planets', 'aspects'])],
      );
      expect(problems).toEqual([]);
    });

    it("synastry wheel with details (beside, below, compact): person B's box clear of the wheel and the other panels", () => {
      const problems = sweep(
        (s, i) => {
          const b = samples[(i + 1) % samples.length]!;
          return renderWheel(
            { ...s.astro, birthInfo: s.birth, personB: b.astro.personality, personBBirthInfo: b.birth },
            { ...base(widthOf(i, [1280, 800, 390])), ...ringsOf(i), details: true },
          );
        },
        [wheelLines, noOverlaps, insidePicture, detailsPanels(['data', 'planets', 'aspects', 'person-b'])],
      );
      expect(problems).toEqual([]);
    });

    it('BaZi: hidden stems centred, nothing overlaps', () => {
      const problems = sweep(
        (s, i) => renderBazi(s.bazi, { ...base(widthOf(i, WIDTHS)), asOf: `${1950 + (i % 100)}-06-01` }),
        [hiddenStemsCentred, noOverlaps, insidePicture],
      );
      expect(problems).toEqual([]);
    });
  },
);
