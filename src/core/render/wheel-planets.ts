import { type BodyPosition, elementOfSign, SIGNS } from '../astrology/index.js';
import { planetGlyph, RETROGRADE, signGlyph } from './glyphs.js';
import { type Wall, placeOnCircle } from './spread.js';
import { el } from './svg.js';
import {
  angularHalf,
  CENTRE,
  type LabelBlock,
  type LabelLine,
  type PlacedBlock,
  type PlacedLine,
  pointAt,
  screenAngle,
  stackAlong,
  stackDepth,
} from './wheel-geometry.js';

/**
 * The planets of one side on their band: a tick at each true longitude, the glyph with its degree,
 * sign and minutes stacked along the radius (inward for the chart, outward for the design ring),
 * moved apart from each other and off the house and axis lines, with a leader back to the tick.
 */

/**
 * How much of a body's position its label shows: `14°♊` over `23'℞`, `14°♊℞`, `14°` over `♊℞` (a
 * column, as astro.com's bi-wheels stack it, for crowded houses), or glyph, `14°` and `♊℞` each on
 * its own along the radius (radial, as the inner ring of astro.com's and Kerykeion's bi-wheels: one
 * line of text wide across the band at every angle, where a column at the wheel's sides is two, for
 * the inner band of a phone's two-ring wheel, made deep enough for it). Shortening drops the minutes,
 * never the degree or the sign: a position is read as degree and sign, and "♅ ♐" or "☉ 11°" reads as
 * less than one. `sign` (the glyph over `♊`) is only the last resort of a band too small to hold a
 * position per body between its lines at the 9-pixel text floor (see placeWithoutRoom); `none` (the
 * glyph alone) is for pictures drawn without labels.
 */
export type PlanetLabel = 'full' | 'degree' | 'column' | 'radial' | 'sign' | 'none';
const LABEL_LEVELS: readonly PlanetLabel[] = ['full', 'degree', 'column', 'radial', 'sign', 'none'];

export interface PlanetSizes {
  glyph: number;
  label: number;
  /** The label every body of the band starts with: the band is as deep as its deepest stack. */
  planetLabel: PlanetLabel;
  /**
   * The fullest label a body gets where its stack still fits the band's depth at the angle it is
   * drawn and clears its neighbours and the lines (a degree at the top of a band deep enough only for
   * glyph and sign at its sides); `planetLabel` when absent.
   */
  fullest?: PlanetLabel;
  /**
   * The lightest label a crowded house goes down to before it overflows: `column` when absent;
   * `radial` only for a band made deep enough for it (the inner band of a phone's two-ring wheel).
   */
  lightest?: 'column' | 'radial';
}

const TICK = 7;
/** Space between the tick and its stack. */
const GAP = 2.5;
/**
 * Space between the parts of one stack: less than a stack keeps from its neighbours (PAD on either
 * side), so that in a crowded house a glyph's sign reads as its own and not the next planet's.
 */
const INNER_GAP = 1;
/** Space kept between neighbouring stacks and between a stack and a line, in SVG units. */
const PAD = 1.5;
const signIndex = (sign: string): number => Math.max(0, (SIGNS as readonly string[]).indexOf(sign));

/** A body's label: its glyph, then `14°♊` over `23'℞`; shorter, `14°♊℞`, `14°` over `♊℞`, or radial (see PlanetLabel). */
export function labelLines(body: BodyPosition, glyphCls: string, sizes: PlanetSizes): LabelBlock[] {
  const glyph: LabelBlock = [{ text: planetGlyph(body.name), size: sizes.glyph, cls: glyphCls }];
  if (sizes.planetLabel === 'none') return [glyph];
  const [degrees, rest] = body.positionInSign.split('°') as [string, string];
  const minutes = rest.slice(0, rest.indexOf("'"));
  const retro = body.isRetrograde ? RETROGRADE : '';
  const sign = signIndex(body.sign);
  const signPart = { text: signGlyph(sign), cls: `sign-${elementOfSign(sign).toLowerCase()}` };
  const mark = retro ? [{ text: retro, cls: 'muted' }] : [];
  if (sizes.planetLabel === 'sign')
    return [glyph, [{ text: signGlyph(sign), size: sizes.label, cls: 'ink', parts: [signPart] }]];
  const degree: LabelLine = { text: `${degrees}°`, size: sizes.label, cls: 'ink' };
  const signLine: LabelLine = {
    text: `${signGlyph(sign)}${retro}`,
    size: sizes.label,
    cls: 'ink',
    parts: [signPart, ...mark],
  };
  if (sizes.planetLabel === 'radial') return [glyph, [degree], [signLine]];
  if (sizes.planetLabel === 'column') return [glyph, [degree, signLine]];
  const full = sizes.planetLabel === 'full';
  // Without the minutes, ℞ follows the sign: a line less keeps the band shallow.
  const lines: LabelLine[] = [
    {
      text: `${degrees}°${signGlyph(sign)}${full ? '' : retro}`,
      size: sizes.label,
      cls: 'ink',
      parts: [{ text: `${degrees}°`, cls: 'ink' }, signPart, ...(full ? [] : mark)],
    },
  ];
  if (full) lines.push({ text: `${minutes}'${retro}`, size: sizes.label, cls: 'muted' });
  return [glyph, lines];
}

/**
 * The deepest label of these sizes, for the band's depth (tick and gaps included): of the starting
 * level and every one down to the lightest a crowded house may go to (the column, or radial).
 */
export function bandDepth(sizes: PlanetSizes): number {
  const widest: BodyPosition = {
    name: 'Pluto',
    longitude: 0,
    sign: 'Aquarius',
    positionInSign: `28°58'00"`,
    positionFormatted: '',
    element: 'Air',
    quality: 'Fixed',
    house: 1,
    isRetrograde: true,
  };
  const from = LABEL_LEVELS.indexOf(sizes.planetLabel);
  // Minutes dropped alone make no label deeper than the column; the column and lighter ones may.
  const lighter = LABEL_LEVELS.slice(
    Math.max(from + 1, LABEL_LEVELS.indexOf('column')),
    LABEL_LEVELS.indexOf(sizes.lightest ?? 'column') + 1,
  );
  const levels = [sizes, ...lighter.map((planetLabel) => ({ ...sizes, planetLabel }))];
  return (
    TICK + GAP + Math.max(...levels.map((s) => stackDepth(labelLines(widest, 'ink', s), INNER_GAP))) + GAP
  );
}

export interface PlanetBand {
  /** The band's edge the ticks stand on (zodiac inner edge, or the ring's inner edge outward). */
  edge: number;
  direction: 1 | -1;
  /** How deep the stacks reach from the ticks' end. */
  depth: number;
  /** Lines across the band (house cusps, axes) as longitudes, and their stroke widths. */
  walls: readonly { longitude: number; width: number }[];
}

interface Placed {
  body: BodyPosition;
  shown: number;
  stack: PlacedBlock[];
}

/** Where stacks start on a band, and how much of a wall's width a stack must keep off. */
function bandFrame(band: PlanetBand): { start: number; walls: Wall[] } {
  const start = band.edge + band.direction * (TICK + GAP);
  // The stacks' innermost reach: there a line's width takes the most degrees.
  const nearest = Math.max(1, Math.min(start, start + band.direction * band.depth));
  const walls: Wall[] = band.walls.map((w) => ({
    angle: w.longitude,
    half: (Math.asin(Math.min(1, (w.width / 2 + PAD) / nearest)) * 180) / Math.PI,
  }));
  return { start, walls };
}

/**
 * Stacks of every body at display longitudes found by `placeOnCircle`. A stack's angular width
 * depends on where it stands, so the widths are taken again where the stacks land until they hold;
 * null when the band cannot take these labels between its lines.
 */
function place(
  bodies: readonly BodyPosition[],
  lines: LabelBlock[][],
  asc: number,
  band: PlanetBand,
  reach?: number,
): Placed[] | null {
  const { start, walls } = bandFrame(band);
  const stackAt = (k: number, lon: number) =>
    stackAlong(lines[k] as LabelBlock[], screenAngle(asc, lon), start, band.direction, INNER_GAP).placed;
  const halfAt = (k: number, lon: number) => angularHalf(stackAt(k, lon), screenAngle(asc, lon), PAD);
  const targets = bodies.map((b) => b.longitude);
  const settle = (start: number[]): Placed[] | null => {
    let halves = start;
    for (let round = 0; round < 6; round++) {
      // More than the circle: no placement, with walls or without (where placeOnCircle would throw).
      if (halves.reduce((sum, h) => sum + 2 * h, 0) >= 360) return null;
      const shown = placeOnCircle(targets, halves, walls, reach);
      if (!shown) return null;
      const needed = bodies.map((_, k) => halfAt(k, shown[k] as number));
      if (needed.every((h, k) => h <= (halves[k] as number) + 1e-9)) {
        return bodies.map((body, k) => ({
          body,
          shown: shown[k] as number,
          stack: stackAt(k, shown[k] as number),
        }));
      }
      halves = halves.map((h, k) => Math.max(h, needed[k] as number));
    }
    return null;
  };
  const widestWithin = (reach: number) =>
    bodies.map((b, k) =>
      Math.max(
        ...Array.from({ length: (2 * reach) / 5 + 1 }, (_, a) => halfAt(k, b.longitude - reach + 5 * a)),
      ),
    );
  // A stack is as wide as it is where it lands: first as wide as at its own place (the tightest
  // layout), then as wide as anywhere within 30° (where crowding moves it), last as wide as anywhere.
  return (
    settle(bodies.map((b, k) => halfAt(k, b.longitude))) ??
    settle(widestWithin(30)) ??
    settle(widestWithin(180))
  );
}

function lineText(p: PlacedLine): string {
  const { line } = p;
  const inner = line.parts
    ? line.parts.map((part) => el('tspan', { class: part.cls }, part.text)).join('')
    : line.text;
  return el(
    'tspan',
    { x: p.x, y: p.y, 'font-size': line.size, class: line.parts ? undefined : line.cls },
    inner,
  );
}

/** Signed shortest turn from `a` to `b`, in degrees (-180, 180]. */
const turn = (a: number, b: number): number => 180 - ((((180 - (b - a)) % 360) + 360) % 360);

/** Whether a label drawn at `shown` is across a line from its body's `longitude` (in another house). */
function drawnAcross(longitude: number, shown: number, walls: PlanetBand['walls']): boolean {
  const moved = turn(longitude, shown);
  return walls.some((w) => {
    const at = turn(longitude, w.longitude);
    // A body on the line itself has to go to one side or the other.
    return Math.abs(at) > 0.05 && Math.sign(at) === Math.sign(moved) && Math.abs(at) < Math.abs(moved);
  });
}

/**
 * Fuller labels where they fit after all. A band is as deep as the deepest stack of its starting
 * level at any angle, and a stack's depth depends on its angle (a line of text is long along a
 * horizontal radius, short along a vertical one), so a body drawn with a short label may have room
 * for its degree where it stands: it gets the fullest label up to `fullest` whose stack stays within
 * the band's depth there and keeps clear of its neighbours and the lines, without moving. Houses with
 * a body drawn across a line keep their short labels (they overflowed for want of room).
 */
function fillRoom(
  placed: readonly (Placed & { level: number })[],
  glyphCls: string,
  asc: number,
  band: PlanetBand,
  sizes: PlanetSizes,
): Placed[] {
  const fullest = LABEL_LEVELS.indexOf(sizes.fullest ?? sizes.planetLabel);
  const { start, walls } = bandFrame(band);
  const reach = band.depth - TICK - 2 * GAP + 1e-9;
  const halfOf = (p: Placed) => angularHalf(p.stack, screenAngle(asc, p.shown), PAD);
  const out = placed.map((p) => ({ ...p, half: halfOf(p) }));
  const overflowed = new Set(
    placed.filter((p) => drawnAcross(p.body.longitude, p.shown, band.walls)).map((p) => p.body.house),
  );
  out.forEach((p, k) => {
    if (overflowed.has(p.body.house)) return;
    for (let level = fullest; level < p.level; level++) {
      const angle = screenAngle(asc, p.shown);
      const lines = labelLines(p.body, glyphCls, {
        ...sizes,
        planetLabel: LABEL_LEVELS[level] as PlanetLabel,
      });
      const { placed: stack, end } = stackAlong(lines, angle, start, band.direction, INNER_GAP);
      const half = angularHalf(stack, angle, PAD);
      const clear =
        Math.abs(end - start) <= reach &&
        out.every((q, j) => j === k || Math.abs(turn(p.shown, q.shown)) >= half + q.half - 1e-9) &&
        walls.every((w) => Math.abs(turn(p.shown, w.angle)) >= half + w.half - 1e-9);
      if (clear) {
        out[k] = { ...p, stack, level, half };
        return;
      }
    }
  });
  return out;
}

/**
 * The bodies placed with the fullest labels that keep each in its own house: where a house is too
 * crowded for full labels between its lines, its bodies lose their minutes, then stack degree over
 * sign, before any is drawn across a line, which would read as a planet in another house. Houses with more than one body go lighter
 * first (a body alone in its house was pushed out by a crowded neighbour and keeps its label once the
 * neighbour is lighter). Only when the columns do not fit does a crowded house overflow
 * into its neighbours, each label with its leader; degree and sign are never dropped to make room.
 */
function placeInHouses(
  bodies: readonly BodyPosition[],
  glyphCls: string,
  asc: number,
  band: PlanetBand,
  sizes: PlanetSizes,
): Placement {
  // Degree and sign are the least a label shows; the glyph alone only where the picture has no labels.
  const lightest = Math.max(
    LABEL_LEVELS.indexOf(sizes.planetLabel),
    LABEL_LEVELS.indexOf(sizes.lightest ?? 'column'),
  );
  const levels = bodies.map(() => LABEL_LEVELS.indexOf(sizes.planetLabel));
  const population = (house: number) => bodies.filter((b) => b.house === house).length;
  for (;;) {
    const lines = bodies.map((b, k) =>
      labelLines(b, glyphCls, { ...sizes, planetLabel: LABEL_LEVELS[levels[k] as number] as PlanetLabel }),
    );
    const placed = place(bodies, lines, asc, band);
    const pushed = placed
      ? placed.filter((p) => drawnAcross(p.body.longitude, p.shown, band.walls)).map((p) => p.body)
      : bodies;
    const houses = new Set(
      pushed.filter((b) => (levels[bodies.indexOf(b)] as number) < lightest).map((b) => b.house),
    );
    if (houses.size === 0) {
      if (!placed) return placeWithoutRoom(bodies, glyphCls, asc, band, sizes);
      const withLevels = placed.map((p, k) => ({ ...p, level: levels[k] as number }));
      return {
        placed: sizes.planetLabel === 'none' ? placed : fillRoom(withLevels, glyphCls, asc, band, sizes),
        fit: 'positions',
      };
    }
    // A body alone in its house is pushed out only by a crowded neighbour: lighten the crowded first.
    const crowded = [...houses].filter((h) => population(h) > 1);
    const lighter = new Set(crowded.length ? crowded : houses);
    bodies.forEach((b, k) => {
      if (lighter.has(b.house)) levels[k] = Math.min((levels[k] as number) + 1, lightest);
    });
  }
}

/**
 * A band whose lines leave too little room for one position (column, or radial where the band is
 * deep enough) per body near its house (the inner band of a two-ring wheel on a phone, where text may
 * not shrink under 9 pixels): the labels may go as far round the band as they must, then the planets'
 * glyphs go down to the label's size. Only a band too small for a position per body between its lines
 * anywhere round it drops the degree, keeping glyph and sign, and gives it back to each label whose
 * position fits where it stands (fillRoom): a label on a house line would read as in either house.
 * Labels cross lines only when even those do not fit, and the glyphs alone are the very last resort.
 */
function placeWithoutRoom(
  bodies: readonly BodyPosition[],
  glyphCls: string,
  asc: number,
  band: PlanetBand,
  sizes: PlanetSizes,
): Placement {
  const attempt = (s: PlanetSizes, walls: PlanetBand['walls']) =>
    place(
      bodies,
      bodies.map((b) => labelLines(b, glyphCls, s)),
      asc,
      { ...band, walls },
      Infinity,
    );
  const small = (s: PlanetSizes) => ({ ...s, glyph: Math.min(sizes.glyph, sizes.label) });
  const lightest = sizes.lightest ?? 'column';
  const positions: PlanetSizes[] = (['column', 'radial'] as const)
    .filter((level) => level === 'column' || lightest === 'radial')
    .map((level) => ({ ...sizes, planetLabel: level }));
  const signs = small({ ...sizes, planetLabel: 'sign' });
  const bare = { ...sizes, planetLabel: 'none' as const };
  // A band sized for glyph and sign (see wheel.ts) has no depth for a position.
  const forms = sizes.planetLabel === 'sign' ? [] : [...positions, ...positions.map(small)];
  for (const form of [...forms, signs]) {
    const walled = attempt(form, band.walls);
    if (!walled) continue;
    // Fuller labels where they fit after all, as between the lines of roomier bands.
    const level = LABEL_LEVELS.indexOf(form.planetLabel);
    const filled = fillRoom(
      walled.map((p) => ({ ...p, level })),
      glyphCls,
      asc,
      band,
      { ...sizes, glyph: form.glyph },
    );
    return { placed: filled, fit: form === signs ? 'signs' : 'positions' };
  }
  const placed = [...forms.slice(-1), signs, bare].reduce<Placed[] | null>(
    (found, s) => found ?? attempt(s, []),
    null,
  ) as Placed[];
  return { placed, fit: 'across' };
}

/**
 * How a band holds its bodies' labels: each with degree and sign and none on a line (`positions`;
 * a crowded house may overflow into its neighbours, with leaders), none on a line only where some
 * keep glyph and sign alone (`signs`), or only across the lines (`across`).
 */
export type LabelFit = 'positions' | 'signs' | 'across';

interface Placement {
  placed: Placed[];
  fit: LabelFit;
}

/** How this band holds its bodies' labels: a wheel whose inner band holds too little takes room from the design ring (see wheel.ts). */
export const labelFit = (
  bodies: readonly BodyPosition[],
  asc: number,
  band: PlanetBand,
  sizes: PlanetSizes,
): LabelFit => placeInHouses(bodies, 'ink', asc, band, sizes).fit;

/** The band of one side's bodies, as SVG. */
export function planetBand(
  bodies: readonly BodyPosition[],
  side: 'personality' | 'design',
  asc: number,
  band: PlanetBand,
  sizes: PlanetSizes,
): string {
  const glyphCls = side === 'personality' ? 'p-fill' : 'd-fill';
  const { placed } = placeInHouses(bodies, glyphCls, asc, band, sizes);
  const tickEnd = band.edge + band.direction * TICK;
  return el(
    'g',
    { class: `planets ${side}`, 'data-side': side, 'text-anchor': 'middle' },
    ...placed.map(({ body, shown, stack }) => {
      const tickFrom = pointAt(asc, body.longitude, band.edge);
      const tickTo = pointAt(asc, body.longitude, tickEnd);
      const glyph = stack[0] as PlacedBlock;
      const glyphR = Math.hypot(glyph.centre.x - CENTRE, glyph.centre.y - CENTRE);
      const glyphEdge = glyphR - band.direction * (glyph.height / 2 + 1);
      const leaderTo = pointAt(asc, shown, glyphEdge);
      return el(
        'g',
        {
          'data-planet': body.name,
          'data-longitude': String(body.longitude),
          'data-retrograde': String(body.isRetrograde),
          'data-sign': body.sign,
          'data-in-house': body.house,
          'data-drawn-at': Number(shown.toFixed(2)),
        },
        el('line', {
          x1: tickFrom.x,
          y1: tickFrom.y,
          x2: tickTo.x,
          y2: tickTo.y,
          class: side === 'personality' ? 'p-stroke' : 'd-stroke',
          'stroke-width': 1.5,
        }),
        Math.abs(((shown - body.longitude + 540) % 360) - 180) > 0.5 &&
          el('line', {
            x1: tickTo.x,
            y1: tickTo.y,
            x2: leaderTo.x,
            y2: leaderTo.y,
            class: 'edge',
            'stroke-width': 0.6,
          }),
        el('text', {}, ...stack.flatMap((b) => b.lines.map(lineText))),
      );
    }),
  );
}
