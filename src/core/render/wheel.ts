import {
  ASTRO_PLANETS,
  type AstrologyChart,
  ayanamsaLabel,
  type BodyPosition,
  type ChartAspect,
  elementOfSign,
  SIGNS,
  type ZodiacInfo,
  type ZodiacPlacement,
} from '../astrology/index.js';
import { WHEEL, WHEEL_START_DEGREES } from '../human-design/index.js';
import { centredBaseline, measureText } from './font-metrics.js';
import { signGlyph } from './glyphs.js';
import { el, num, type Point } from './svg.js';
import { COMPACT_BELOW, DEFAULT_WHEEL_OPTIONS, svgDocument, type WheelOptions } from './theme.js';
import { CENTRE, pointAt, screenAngle, WHEEL_SIZE } from './wheel-geometry.js';
import { bandDepth, labelFit, type PlanetBand, planetBand, type PlanetSizes } from './wheel-planets.js';
import { type DetailsBirth, wheelDetails } from './wheel-details.js';

/**
 * The astrology wheel as SVG text. The ascendant sits at nine o'clock and the zodiac runs
 * counter-clockwise, as charts are usually drawn. From the outside in: the four angles labelled
 * with degree and sign, the design planets (option), the 64 Human Design gates (option), the zodiac,
 * the planets (glyph, degree and sign, minutes and retrograde mark; placed off the house and axis
 * lines and apart from each other, with a leader to their true place), house numbers, and aspect
 * lines by nature (mono tells the natures apart by dashes). `details` adds a data box, a planet table
 * and an aspect grid beside the wheel (below it on narrow pictures). Below 600 pixels the compact
 * layout draws shorter labels (degree and sign, no minutes) in larger type, so no text is smaller
 * than 9 pixels; every planet label keeps its degree and sign (a phone's two-ring wheel stacks its
 * inner labels along the radius), but where the gate ring too leaves a phone's inner band no room
 * for them between its house lines: there a label keeps glyph and sign where its degree does not fit.
 */

export interface WheelChart {
  personality: AstrologyChart;
  design: AstrologyChart;
  /** Absent or tropical: the wheel says nothing (tropical is the norm it always drew). */
  zodiac?: ZodiacInfo;
  /** Synastry: person B's chart, drawn on the outer ring where the design planets go. */
  personB?: AstrologyChart;
  birthInfo?: DetailsBirth;
  /** Synastry: person B's birth, shown with `details` beside person A's. */
  personBBirthInfo?: DetailsBirth;
}

interface WheelSizes extends PlanetSizes {
  compact: boolean;
  house: number;
  zodiac: number;
  gate: number;
  angle: number;
}

/**
 * Planet text of the compact layout in SVG units, for a wheel drawn `width` pixels wide: labels of
 * 10 pixels, no larger than the layout's other text and never under 9 pixels (with rings, 9 pixels:
 * their bands are narrower, and a phone's inner band needs the room to keep every degree), and glyphs
 * a quarter larger (a tenth with rings). Fixed units drew them at 12 and 14 pixels on a phone, where
 * each label needs its sign glyph too.
 */
function compactPlanetText(width: number, rings: boolean): { glyph: number; label: number } {
  const units = (pixels: number) => (pixels * WHEEL_SIZE) / width;
  const floor = units(9.05);
  const label = Math.ceil((rings ? floor : Math.max(floor, Math.min(20.5, units(10)))) * 10) / 10;
  return { glyph: Math.min(25, Math.round(label * (rings ? 11 : 12.5)) / 10), label };
}

function sizesFor(options: WheelOptions, width: number): WheelSizes {
  const rings = options.designRing || options.gateRing;
  if (width < COMPACT_BELOW) {
    return {
      compact: true,
      ...compactPlanetText(width, rings),
      planetLabel: rings ? 'column' : 'degree',
      fullest: 'degree',
      // With rings, house numbers of 10 pixels leave a phone's deeper inner band room for them.
      house: rings ? Math.min(20.5, Math.ceil(((10 * WHEEL_SIZE) / width) * 10) / 10) : 20.5,
      zodiac: 26,
      gate: 20.5,
      angle: 20.5,
    };
  }
  return {
    compact: false,
    glyph: 16,
    label: 10.5,
    planetLabel: 'full',
    fullest: 'full',
    house: 11,
    zodiac: 19,
    gate: 10.5,
    angle: 11.5,
  };
}

interface Ring {
  outer: number;
  designOuter: number;
  gateOuter: number;
  zodiacOuter: number;
  zodiacInner: number;
  house: number;
  aspect: number;
}

const ANGLES = [
  { key: 'ascendant', label: 'AC' },
  { key: 'midheaven', label: 'MC' },
  { key: 'descendant', label: 'DC' },
  { key: 'imumCoeli', label: 'IC' },
] as const;

/**
 * An angle's label, its name over its position: `14°♎23'` on one line where the label stands above or
 * below the wheel, `14°♎` over `23'` at its sides, where width costs the wheel its room (the compact
 * layout leaves the minutes out).
 */
function angleLines(name: string, at: ZodiacPlacement, sizes: WheelSizes, side: boolean): string[] {
  const [degrees, rest] = at.positionInSign.split('°') as [string, string];
  const position = `${degrees}°${signGlyph(SIGNS.indexOf(at.sign))}`;
  if (sizes.compact)
    return side ? [name, `${degrees}°`, signGlyph(SIGNS.indexOf(at.sign))] : [name, position];
  const minutes = `${rest.slice(0, rest.indexOf("'"))}'`;
  return side ? [name, position, minutes] : [name, `${position}${minutes}`];
}

const LABEL_LEADING = 0.3;

/** Width and height of an angle label; its first line (the name) is bold. */
function angleBox(lines: readonly string[], size: number) {
  let width = 0;
  let height = 0;
  lines.forEach((line, k) => {
    const m = measureText(line, size, k === 0 ? 'bold' : 'regular');
    width = Math.max(width, m.width);
    height += m.ascent + m.descent + (k ? size * LABEL_LEADING : 0);
  });
  return { width, height };
}

/** Whether a label at this screen angle stands at the wheel's side (within 45° of the horizon). */
const atSide = (angle: number): boolean => Math.abs(Math.cos(angle * RAD)) > Math.SQRT1_2;

/** Room the angle labels need outside the wheel: the widest side label, the tallest top one. */
const labelRoom = (sizes: WheelSizes): number => {
  let room = 0;
  for (const sign of SIGNS) {
    const at: ZodiacPlacement = { longitude: 0, sign, positionInSign: `28°58'00"`, positionFormatted: '' };
    const side = angleBox(angleLines('MC', at, sizes, true), sizes.angle);
    const top = angleBox(angleLines('MC', at, sizes, false), sizes.angle);
    room = Math.max(room, side.width, top.height);
  }
  return room;
};

const GATE_BAND_MARGIN = 4;

/** The rings' radii; `inner` and `design` are the labels of the planets' band and the design ring's. */
function rings(options: WheelOptions, sizes: WheelSizes, inner: PlanetSizes = sizes, design = inner): Ring {
  const outer = CENTRE - 6 - labelRoom(sizes) - 4;
  let r = outer;
  const designOuter = r;
  if (options.designRing) {
    r -= bandDepth(design);
  }
  const gateOuter = r;
  if (options.gateRing) r -= measureText('64', sizes.gate).width + 2 * GATE_BAND_MARGIN;
  const zodiacOuter = r;
  const zodiacInner = r - sizes.zodiac * 1.7;
  const planetsInner = zodiacInner - bandDepth(inner);
  const houseHalf = measureText('12', sizes.house).width / 2;
  const house = planetsInner - 3 - houseHalf;
  return { outer, designOuter, gateOuter, zodiacOuter, zodiacInner, house, aspect: house - houseHalf - 4 };
}

const circle = (r: number, cls: string, attrs: Record<string, string | number> = {}) =>
  el('circle', { cx: CENTRE, cy: CENTRE, r, class: cls, ...attrs });

function radialLine(
  asc: number,
  lon: number,
  from: number,
  to: number,
  attrs: Record<string, string | number>,
) {
  const a = pointAt(asc, lon, from);
  const b = pointAt(asc, lon, to);
  return el('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, ...attrs });
}

/** An annular sector from `start` to `end` longitude (counter-clockwise on screen). */
function sector(asc: number, start: number, end: number, inner: number, outer: number): string {
  const a = pointAt(asc, start, outer);
  const b = pointAt(asc, end, outer);
  const c = pointAt(asc, end, inner);
  const d = pointAt(asc, start, inner);
  return (
    `M${num(a.x)} ${num(a.y)}A${num(outer)} ${num(outer)} 0 0 0 ${num(b.x)} ${num(b.y)}` +
    `L${num(c.x)} ${num(c.y)}A${num(inner)} ${num(inner)} 0 0 1 ${num(d.x)} ${num(d.y)}Z`
  );
}

const forward = (from: number, to: number) => (((to - from) % 360) + 360) % 360;
const distance = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

/** Where in [start, start + span] a label of angular half-width `half` sits nearest the middle, clear of `walls`. */
function clearSpot(
  start: number,
  span: number,
  half: number,
  walls: readonly number[],
  wallHalf: number,
): number | null {
  const middle = start + span / 2;
  const candidates = [middle, ...walls.flatMap((w) => [w - half - wallHalf, w + half + wallHalf])]
    .map((c) => start + forward(start, c))
    .filter((c) => c - half >= start && c + half <= start + span)
    .filter((c) => walls.every((w) => distance(c, w) >= half + wallHalf - 1e-9))
    .sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle));
  return candidates[0] ?? null;
}

const RAD = Math.PI / 180;
const halfAngle = (w: number, h: number, angle: number, r: number, pad: number) =>
  Math.asin(
    Math.min(
      1,
      ((w / 2) * Math.abs(Math.sin(angle * RAD)) + (h / 2) * Math.abs(Math.cos(angle * RAD)) + pad) / r,
    ),
  ) / RAD;

/** The zodiac band: twelve sectors, 5-degree ticks, each sign's glyph off the axis lines. */
function zodiac(asc: number, ring: Ring, sizes: WheelSizes, axes: readonly number[]): string {
  const r = (ring.zodiacOuter + ring.zodiacInner) / 2;
  const glyphs = SIGNS.map((sign, i) => {
    const glyph = signGlyph(i);
    const m = measureText(glyph, sizes.zodiac);
    const mid = i * 30 + 15;
    const half = halfAngle(m.width, m.ascent + m.descent, screenAngle(asc, mid), r, 2);
    const at = clearSpot(i * 30, 30, half, axes, 1.5 / (r * RAD)) ?? mid;
    const p = pointAt(asc, at, r);
    return el(
      'tspan',
      {
        x: p.x,
        y: centredBaseline(glyph, p.y, sizes.zodiac),
        class: `sign-${elementOfSign(i).toLowerCase()}`,
        'data-sign-glyph': sign,
      },
      glyph,
    );
  });
  const ticks = Array.from({ length: 72 }, (_, k) =>
    radialLine(asc, k * 5, ring.zodiacInner, ring.zodiacInner + (k % 6 === 0 ? 0 : k % 2 === 0 ? 6 : 3.5), {
      class: 'edge',
    }),
  ).filter((_, k) => k % 6 !== 0);
  return el(
    'g',
    { class: 'zodiac', 'stroke-width': 0.8 },
    ...SIGNS.map((sign, i) =>
      el('path', {
        'data-sign': sign,
        d: sector(asc, i * 30, i * 30 + 30, ring.zodiacInner, ring.zodiacOuter),
        class: 'panel edge',
      }),
    ),
    ...ticks,
    el('text', { 'font-size': sizes.zodiac, 'text-anchor': 'middle' }, ...glyphs),
  );
}

/** The 64 gates around the zodiac, each number along its radius (reading outward on the right). */
/**
 * The gates sit at their tropical longitudes (Human Design defines them there): on a sidereal wheel,
 * `ayanamsa` degrees earlier in the drawn zodiac. `data-start` keeps the tropical longitude.
 */
function gateRing(
  asc: number,
  ring: Ring,
  sizes: WheelSizes,
  options: WheelOptions,
  ayanamsa: number | undefined,
): string {
  const inner = ring.zodiacOuter;
  const outer = ring.gateOuter;
  const step = 360 / WHEEL.length;
  const r = (inner + outer) / 2;
  const drawn = (lon: number) => (ayanamsa === undefined ? lon : lon - ayanamsa);
  const cells = WHEEL.map((gate, i) => {
    const start = WHEEL_START_DEGREES + i * step;
    return el(
      'g',
      { 'data-gate': gate, 'data-start': String(start % 360) },
      radialLine(asc, drawn(start), inner, outer, { class: 'edge' }),
    );
  });
  const label = (gate: number, i: number) => {
    const lon = drawn(WHEEL_START_DEGREES + (i + 0.5) * step);
    const p = pointAt(asc, lon, r);
    const at = { x: p.x, y: centredBaseline(String(gate), p.y, sizes.gate), 'data-gate-label': gate };
    if (!sizes.compact) return el('tspan', at, String(gate));
    // The compact layout's large numbers fit only along the radius; on the left half they are turned
    // round so they never read upside down.
    const angle = ((screenAngle(asc, lon) % 360) + 360) % 360;
    const rotate = angle > 90 && angle < 270 ? 180 - angle : -angle;
    return el('text', { ...at, transform: `rotate(${num(rotate)} ${num(p.x)} ${num(p.y)})` }, String(gate));
  };
  const labels = WHEEL.map(label);
  return el(
    'g',
    { class: 'gate-ring', 'stroke-width': 0.6, 'font-size': sizes.gate, 'text-anchor': 'middle' },
    circle(outer, 'line'),
    ...cells,
    // Upright numbers share one <text> (resvg lays out each <text> on its own, at a cost per element).
    options.labels &&
      (sizes.compact ? el('g', { class: 'muted' }, ...labels) : el('text', { class: 'muted' }, ...labels)),
  );
}

/** Longitudes of the AC-DC and MC-IC axes. */
const axesOf = (chart: AstrologyChart): number[] => [
  chart.angles.ascendant.longitude,
  chart.angles.descendant.longitude,
  chart.angles.midheaven.longitude,
  chart.angles.imumCoeli.longitude,
];

const CUSP_WIDTH = 0.8;
const AXIS_WIDTH = 2;
/** Room a house number keeps from its cusps (1.5 let a number touch one on a smaller house ring). */
const HOUSE_NUMBER_PAD = 2.5;

/** Cusp lines (a cusp on an angle is drawn as the axis), the axes, and each house's number in its house. */
function houses(chart: AstrologyChart, asc: number, ring: Ring, sizes: WheelSizes): string {
  const cusps = chart.houses;
  const axes = axesOf(chart);
  const numbers: string[] = [];
  const items = cusps.map((h, i) => {
    const next = (cusps[(i + 1) % cusps.length] as (typeof cusps)[number]).cuspLongitude;
    const span = forward(h.cuspLongitude, next);
    const label = String(h.house);
    const m = measureText(label, sizes.house);
    const mid = h.cuspLongitude + span / 2;
    const half = halfAngle(
      m.width,
      m.ascent + m.descent,
      screenAngle(asc, mid),
      ring.house,
      HOUSE_NUMBER_PAD,
    );
    const wallHalf = AXIS_WIDTH / 2 / ring.house / RAD;
    // A house too narrow for its number at this size goes without (the compact layout's large type).
    const at = clearSpot(h.cuspLongitude, span, half, [h.cuspLongitude, next], wallHalf);
    if (at !== null) {
      const p = pointAt(asc, at, ring.house);
      numbers.push(
        el(
          'tspan',
          { x: p.x, y: centredBaseline(label, p.y, sizes.house), 'data-house-label': h.house },
          label,
        ),
      );
    }
    const onAxis = axes.some((a) => distance(a, h.cuspLongitude) < 0.01);
    return el(
      'g',
      { 'data-house': h.house, 'data-cusp': String(h.cuspLongitude) },
      !onAxis &&
        radialLine(asc, h.cuspLongitude, ring.aspect, ring.zodiacInner, {
          class: 'edge',
          'stroke-width': CUSP_WIDTH,
        }),
    );
  });
  const axisLines = ANGLES.slice(0, 2).map(({ key, label }) => {
    const lon = chart.angles[key].longitude;
    const opposite = lon + 180;
    return el(
      'g',
      { 'data-axis': label === 'AC' ? 'AC-DC' : 'MC-IC' },
      radialLine(asc, lon, ring.aspect, ring.zodiacOuter, { class: 'edge', 'stroke-width': AXIS_WIDTH }),
      radialLine(asc, opposite, ring.aspect, ring.zodiacOuter, { class: 'edge', 'stroke-width': AXIS_WIDTH }),
    );
  });
  return el(
    'g',
    { class: 'houses' },
    ...items,
    ...axisLines,
    el('text', { 'font-size': sizes.house, 'text-anchor': 'middle', class: 'muted' }, ...numbers),
  );
}

/** AC, MC, DC and IC with degree and sign, outside the outermost ring, each by its own axis. */
function angleLabels(chart: AstrologyChart, asc: number, ring: Ring, sizes: WheelSizes): string {
  return el(
    'g',
    { class: 'angles', 'text-anchor': 'middle' },
    ...ANGLES.map(({ key, label }) => {
      const at = chart.angles[key];
      const angle = screenAngle(asc, at.longitude) * RAD;
      const lines = angleLines(label, at, sizes, atSide(angle / RAD));
      const box = angleBox(lines, sizes.angle);
      const reach =
        ring.outer +
        5 +
        (box.width / 2) * Math.abs(Math.cos(angle)) +
        (box.height / 2) * Math.abs(Math.sin(angle));
      const c: Point = { x: CENTRE + reach * Math.cos(angle), y: CENTRE - reach * Math.sin(angle) };
      let y = c.y - box.height / 2;
      const spans = lines.map((line, k) => {
        const m = measureText(line, sizes.angle, k === 0 ? 'bold' : 'regular');
        y += (k ? sizes.angle * LABEL_LEADING : 0) + m.ascent;
        const baseline = y;
        y += m.descent;
        return el(
          'tspan',
          { x: c.x, y: baseline, 'font-weight': k === 0 ? 'bold' : undefined, class: 'ink' },
          line,
        );
      });
      const tick =
        ring.outer > ring.zodiacOuter + 1 &&
        radialLine(asc, at.longitude, ring.outer, ring.outer + 4, {
          class: 'edge',
          'stroke-width': AXIS_WIDTH,
        });
      return el(
        'g',
        { 'data-angle': label, 'data-longitude': String(at.longitude), 'data-position': at.positionInSign },
        tick,
        el('text', { 'font-size': sizes.angle }, ...spans),
      );
    }),
  );
}

function aspectLines(chart: AstrologyChart, asc: number, ring: Ring): string {
  const lon = (name: string) => chart.planets[name as keyof AstrologyChart['planets']].longitude;
  const draw = (a: ChartAspect, minor: boolean) => {
    const p = pointAt(asc, lon(a.planet1), ring.aspect);
    const q = pointAt(asc, lon(a.planet2), ring.aspect);
    return el('line', {
      x1: p.x,
      y1: p.y,
      x2: q.x,
      y2: q.y,
      class: minor ? 'aspect-minor' : `aspect-${a.nature}`,
      'stroke-width': minor ? 0.8 : 1.3,
      'data-aspect': a.aspect,
      'data-nature': a.nature,
      'data-planets': `${a.planet1} ${a.planet2}`,
    });
  };
  return el(
    'g',
    { class: 'aspects' },
    circle(ring.aspect, 'line'),
    ...chart.aspects.minor.map((a) => draw(a, true)),
    ...chart.aspects.major.map((a) => draw(a, false)),
  );
}

export function bodiesOf(chart: AstrologyChart): BodyPosition[] {
  return [...ASTRO_PLANETS.map((p) => chart.planets[p]), chart.points.northNode, chart.points.chiron];
}

/** `14°23'` of a `14°23'07"` position. */
export const degreeMinute = (positionInSign: string): string =>
  positionInSign.slice(0, positionInSign.indexOf("'") + 1);

function describe(chart: WheelChart, options: WheelOptions): { title: string; desc: string } {
  const birth = chart.birthInfo;
  const born = (b: DetailsBirth) => `${b.date} ${b.time}, ${b.location}`;
  const bBirth = chart.personBBirthInfo;
  const title = chart.personB
    ? `Synastry wheel${birth ? `: ${born(birth)} (inner)` : ''}${bBirth ? ` and ${born(bBirth)} (outer)` : ''}`
    : `Astrology wheel${birth ? ` for ${born(birth)}` : ''}`;
  const p = chart.personality;
  const placed = (b: BodyPosition) =>
    `${b.name} ${degreeMinute(b.positionInSign)} ${b.sign}${b.isRetrograde ? ' retrograde' : ''} in house ${b.house}`;
  const angle = (name: string, a: ZodiacPlacement) => `${name} ${degreeMinute(a.positionInSign)} ${a.sign}`;
  const desc =
    `${angle('Ascendant', p.angles.ascendant)}, ${angle('Midheaven', p.angles.midheaven)}; ` +
    `${bodiesOf(p).map(placed).join(', ')}. ` +
    `${p.aspects.major.length} major and ${p.aspects.minor.length} minor aspects. ` +
    `Houses: ${p.houseSystem.used}.` +
    (chart.personB
      ? ` Outer ring: person B's chart, Sun in ${chart.personB.planets.Sun.sign}.`
      : options.designRing
        ? ` Outer ring: the design chart, Sun in ${chart.design.planets.Sun.sign}.`
        : '') +
    (options.gateRing ? ' Human Design gate ring around the zodiac.' : '') +
    (chart.zodiac?.type === 'sidereal' ? ` Sidereal zodiac, ayanamsa ${ayanamsaLabel(chart.zodiac)}.` : '');
  return { title, desc };
}

/**
 * A synastry's legend: whose planets each ring holds (B's in B's colour). Top right, or bottom right
 * when the MC points into the top right quarter (its label would be there, and the IC's is then at
 * the bottom left); the top left is the sidereal label's.
 */
function ringLegend(chart: WheelChart, sizes: WheelSizes): string | false {
  if (!chart.personB) return false;
  const { ascendant, midheaven } = chart.personality.angles;
  const mcAngle = ((screenAngle(ascendant.longitude, midheaven.longitude) % 360) + 360) % 360;
  const atBottom = mcAngle < 90;
  const lines = ['Inner: person A', 'Outer: person B'];
  const f = sizes.angle;
  const step = f * (1 + LABEL_LEADING);
  const first = atBottom ? WHEEL_SIZE - f * 0.3 - step * (lines.length - 1) : f;
  return el(
    'text',
    { class: 'ring-legend', 'font-size': f, 'text-anchor': 'end', 'data-legend': 'synastry' },
    ...lines.map((line, k) =>
      el('tspan', { x: WHEEL_SIZE - 4, y: num(first + k * step), class: k ? 'd-fill' : 'ink' }, line),
    ),
  );
}

/** "Sidereal zodiac" and the ayanamsa with its value, in the wheel's top left corner. */
function zodiacLabel(zodiac: ZodiacInfo | undefined, sizes: WheelSizes): string | false {
  if (zodiac?.type !== 'sidereal') return false;
  const lines = ['Sidereal zodiac', ayanamsaLabel(zodiac)];
  const f = sizes.angle;
  return el(
    'text',
    { class: 'zodiac-label', 'font-size': f, 'data-zodiac': 'sidereal', 'data-ayanamsa': zodiac.ayanamsa },
    ...lines.map((line, k) =>
      el('tspan', { x: 4, y: num(f * (1 + k * (1 + LABEL_LEADING))), class: k ? 'muted' : 'ink' }, line),
    ),
  );
}

const personalityBand = (ring: Ring, walls: PlanetBand['walls'], sizes: PlanetSizes): PlanetBand => ({
  edge: ring.zodiacInner,
  direction: -1,
  depth: bandDepth(sizes),
  walls,
});

/**
 * The rings and each band's labels: degree and sign. A small two-ring picture gives its inner band
 * the depth of a radial label (glyph, degree and sign along the radius, one line of text wide across
 * the band), taken from the aspect circle, for the houses too crowded for columns. Where even radial
 * labels do not fit between the inner band's house lines (with the gate ring as well, on a phone),
 * the band keeps the depth of a column and its labels start at glyph and sign, each getting its
 * degree back where its stack fits (fillRoom in wheel-planets.ts); where not even those fit, both
 * bands start at glyph and sign and the design ring gives the depth it no longer needs to the inner
 * band, so that no label stands on a line (a label on a line reads as in either house).
 */
function layOut(chart: WheelChart, options: WheelOptions, sizes: WheelSizes, walls: PlanetBand['walls']) {
  const asc = chart.personality.angles.ascendant.longitude;
  const bodies = bodiesOf(chart.personality);
  const columns = { ring: rings(options, sizes), inner: sizes as PlanetSizes, outer: sizes as PlanetSizes };
  if (!options.designRing || !options.labels || !sizes.compact) return columns;
  const radial: PlanetSizes = { ...sizes, lightest: 'radial' };
  const deep = rings(options, sizes, radial, sizes);
  if (labelFit(bodies, asc, personalityBand(deep, walls, radial), radial) === 'positions')
    return { ring: deep, inner: radial, outer: sizes as PlanetSizes };
  if (labelFit(bodies, asc, personalityBand(columns.ring, walls, sizes), sizes) !== 'across') return columns;
  const signs: PlanetSizes = { ...sizes, planetLabel: 'sign', fullest: 'column' };
  return { ring: rings(options, sizes, signs), inner: signs, outer: signs };
}

/** The outer ring's planets: the design chart's, or person B's of a synastry (marked as such). */
const outerRing = (band: string, personB: boolean): string =>
  personB ? el('g', { class: 'person-b', 'data-person': 'B' }, band) : band;

/** The wheel itself, in a WHEEL_SIZE square with its top left at (0, 0). */
export function wheelBody(chart: WheelChart, options: WheelOptions, sizes: WheelSizes): string {
  const p = chart.personality;
  const asc = p.angles.ascendant.longitude;
  const axes = axesOf(p);
  const walls = [
    ...p.houses.map((h) => ({ longitude: h.cuspLongitude, width: CUSP_WIDTH })),
    ...axes.map((a) => ({ longitude: a, width: AXIS_WIDTH })),
  ];
  const { ring, inner, outer } = layOut(chart, options, sizes, walls);
  return el(
    'g',
    { 'stroke-linecap': 'round' },
    options.designRing && circle(ring.designOuter, 'line'),
    zodiac(asc, ring, sizes, axes),
    options.gateRing &&
      gateRing(
        asc,
        ring,
        sizes,
        options,
        chart.zodiac?.type === 'sidereal' ? chart.zodiac.degrees : undefined,
      ),
    houses(p, asc, ring, sizes),
    aspectLines(p, asc, ring),
    planetBand(
      bodiesOf(p),
      'personality',
      asc,
      personalityBand(ring, walls, inner),
      options.labels ? inner : { ...inner, planetLabel: 'none' },
    ),
    options.designRing &&
      outerRing(
        planetBand(
          bodiesOf(chart.personB ?? chart.design),
          'design',
          asc,
          { edge: ring.gateOuter, direction: 1, depth: bandDepth(outer), walls: [] },
          options.labels ? outer : { ...outer, planetLabel: 'none' },
        ),
        chart.personB !== undefined,
      ),
    angleLabels(p, asc, ring, sizes),
    zodiacLabel(chart.zodiac, sizes),
    ringLegend(chart, sizes),
  );
}

export function renderWheel(chart: WheelChart, wheelOptions: WheelOptions = DEFAULT_WHEEL_OPTIONS): string {
  // Person B's planets take the outer ring the design planets are drawn on, at its size.
  const options = chart.personB ? { ...wheelOptions, designRing: true } : wheelOptions;
  const details = options.details ? wheelDetails(chart, options) : null;
  const sizes = sizesFor(options, details?.wheelPixels ?? options.width);
  const { title, desc } = describe(chart, options);
  const wheel = wheelBody(chart, options, sizes);
  return svgDocument(
    {
      kind: 'wheel',
      viewWidth: details?.width ?? WHEEL_SIZE,
      viewHeight: details?.height ?? WHEEL_SIZE,
      title,
      desc,
      options,
      layout: details?.layout ?? (sizes.compact ? 'compact' : 'full'),
    },
    details ? details.compose(wheel) : wheel,
  );
}
