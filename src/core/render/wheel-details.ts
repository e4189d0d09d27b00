import {
  ASTRO_PLANETS,
  type AstrologyChart,
  ayanamsaLabel,
  type ChartAspect,
  SIGNS,
  type ZodiacInfo,
  type ZodiacPlacement,
} from '../astrology/index.js';
import { HOUSE_SYSTEM_LABELS } from '../astrology/houses.js';
import { type Face, measureText } from './font-metrics.js';
import { planetGlyph, RETROGRADE, signGlyph } from './glyphs.js';
import { el, escapeXml, num } from './svg.js';
import { fitLines } from './text-lines.js';
import type { WheelOptions } from './theme.js';
import { WHEEL_SIZE } from './wheel-geometry.js';

/**
 * The `details` layout of the wheel, as astro.com and Kerykeion draw it: a data box (date, time,
 * place, house system), a planet table (planet, sign, position, house, retrograde) and an aspect
 * grid (each pair of the ten planets, the aspect's glyph in its nature's colour and its orb). Beside
 * the wheel when the picture is wide enough (940 pixels), under it otherwise, in larger type below
 * 600 pixels, so that no text is smaller than 9 pixels. A synastry's data box is headed as person A's
 * and person B's birth follows in a box of its own, in B's colour.
 */

/** A birth as the data box shows it (the answer's `birthInfo`). */
export interface DetailsBirth {
  date: string;
  time: string;
  location: string;
  utcOffset?: string;
  coordinates?: { lat: number; lon: number };
}

export interface DetailsChart {
  personality: AstrologyChart;
  zodiac?: ZodiacInfo;
  birthInfo?: DetailsBirth;
  /** Synastry: person B's chart (the outer ring) and birth. */
  personB?: AstrologyChart;
  personBBirthInfo?: DetailsBirth;
}

/** A drawn block with its size; placed with a translate. */
interface Panel {
  svg: string;
  width: number;
  height: number;
}

const PANEL_WIDTH = 380;
const GAP = 16;
/** Wide enough for the panel beside the wheel with no text under 9 pixels. */
export const SIDE_BY_SIDE_FROM = 940;

interface Row {
  text: string;
  face?: Face;
  cls: string;
  x: number;
  anchor?: 'start' | 'middle' | 'end';
}

/** One <text> of positioned runs (resvg lays out each <text> on its own). */
function runs(rows: readonly (Row & { y: number })[], size: number): string {
  return el(
    'text',
    { 'font-size': size },
    ...rows.map((r) =>
      el(
        'tspan',
        {
          x: r.x,
          y: r.y,
          class: r.cls,
          'font-weight': r.face === 'bold' ? 'bold' : undefined,
          'text-anchor': r.anchor,
        },
        escapeXml(r.text),
      ),
    ),
  );
}

const lineHeight = (f: number) => f * 1.45;

function coordinates(c: { lat: number; lon: number }): string {
  const dm = (v: number, pos: string, neg: string) => {
    const a = Math.abs(v);
    const d = Math.floor(a);
    const m = Math.floor((a - d) * 60);
    return `${d}°${String(m).padStart(2, '0')}'${v >= 0 ? pos : neg}`;
  };
  return `${dm(c.lat, 'N', 'S')} ${dm(c.lon, 'E', 'W')}`;
}

interface BoxLine {
  text: string;
  cls: string;
  face?: Face;
  /** The line's data-line: heading, date, place, coordinates, houses, zodiac. */
  role: string;
}

/** Date and time with the clock's offset, place, coordinates: `cls` for all (else muted coordinates). */
function birthLines(birth: DetailsBirth, cls?: string): BoxLine[] {
  return [
    {
      text: `${birth.date} ${birth.time}${birth.utcOffset ? ` (UTC${birth.utcOffset})` : ''}`,
      cls: cls ?? 'ink',
      role: 'date',
    },
    { text: birth.location, cls: cls ?? 'ink', role: 'place' },
    ...(birth.coordinates
      ? [{ text: coordinates(birth.coordinates), cls: cls ?? 'muted', role: 'coordinates' }]
      : []),
  ];
}

/** Lines of text wrapped to `width`, one <text> in a group with `attrs`. */
function textBox(lines: readonly BoxLine[], f: number, width: number, attrs: Record<string, string>): Panel {
  let y = 0;
  const rows = lines.flatMap((l) =>
    fitLines(l.text, width, f, l.face ?? 'regular').map((text) => {
      y += lineHeight(f);
      return { text, cls: l.cls, face: l.face, x: 0, y: y - f * 0.35, role: l.role };
    }),
  );
  return {
    svg: el(
      'g',
      attrs,
      el(
        'text',
        { 'font-size': f },
        ...rows.map((r) =>
          el(
            'tspan',
            {
              x: r.x,
              y: r.y,
              class: r.cls,
              'font-weight': r.face === 'bold' ? 'bold' : undefined,
              'data-line': r.role,
            },
            escapeXml(r.text),
          ),
        ),
      ),
    ),
    width,
    height: y,
  };
}

/**
 * The chart's data: its birth, house system and zodiac. A synastry's says it is person A's, as the
 * wheel's legend does (the inner ring, the planet table and the aspect grid are A's).
 */
function dataBox(chart: DetailsChart, f: number, width: number): Panel {
  const birth = chart.birthInfo;
  const hs = chart.personality.houseSystem;
  const houses =
    hs.requested === hs.used
      ? `${HOUSE_SYSTEM_LABELS[hs.used]} houses`
      : `${HOUSE_SYSTEM_LABELS[hs.used]} houses (${HOUSE_SYSTEM_LABELS[hs.requested]} undefined here)`;
  const heading = chart.personB ? 'Person A (inner)' : 'Natal chart';
  return textBox(
    [
      { text: heading, cls: 'ink', face: 'bold', role: 'heading' },
      ...(birth ? birthLines(birth) : []),
      { text: houses, cls: 'muted', role: 'houses' },
      {
        text:
          chart.zodiac?.type === 'sidereal'
            ? `Sidereal zodiac (${ayanamsaLabel(chart.zodiac)}), true node`
            : 'Tropical zodiac, true node',
        cls: 'muted',
        role: 'zodiac',
      },
    ],
    f,
    width,
    { class: 'data-box', 'data-details': 'data' },
  );
}

/**
 * A synastry's person B: the birth of the outer ring's planets, in B's colour as the ring and the
 * legend draw them (drawn alike: A's house system and zodiac). Null without B's birth.
 */
function personBBox(chart: DetailsChart, f: number, width: number): Panel | null {
  const birth = chart.personBBirthInfo;
  if (!chart.personB || !birth) return null;
  return textBox(
    [
      { text: 'Person B (outer)', cls: 'd-fill', face: 'bold', role: 'heading' },
      ...birthLines(birth, 'd-fill'),
    ],
    f,
    width,
    { class: 'data-box person-b', 'data-details': 'person-b', 'data-person': 'B' },
  );
}

const signIndex = (sign: string) => Math.max(0, (SIGNS as readonly string[]).indexOf(sign));
const position = (p: ZodiacPlacement) => p.positionInSign.slice(0, p.positionInSign.indexOf("'") + 1);

function planetTable(chart: AstrologyChart, f: number): Panel {
  const bodies = [
    ...ASTRO_PLANETS.map((p) => chart.planets[p]),
    chart.points.northNode,
    chart.points.chiron,
  ].map((b) => ({
    name: b.name,
    glyph: planetGlyph(b.name),
    at: b as ZodiacPlacement,
    house: String(b.house),
    retro: b.isRetrograde,
  }));
  const angles = [
    {
      name: 'Ascendant',
      glyph: 'AC',
      at: chart.angles.ascendant as ZodiacPlacement,
      house: '',
      retro: false,
    },
    {
      name: 'Midheaven',
      glyph: 'MC',
      at: chart.angles.midheaven as ZodiacPlacement,
      house: '',
      retro: false,
    },
  ];
  const widest = (texts: string[], face: Face = 'regular') =>
    Math.max(...texts.map((t) => measureText(t, f, face).width));
  const all = [...bodies, ...angles];
  const col = {
    glyph: 0,
    name: widest(all.map((b) => b.glyph)) + f * 0.5,
    sign: 0,
    position: 0,
    house: 0,
    retro: 0,
  };
  col.sign = col.name + widest(all.map((b) => b.name)) + f;
  col.position = col.sign + widest(SIGNS.map((s) => `${signGlyph(0)} ${s}`)) + f;
  col.house = col.position + widest(["28°58'", 'Position']) + f * 0.6;
  const houseRight = col.house + widest(['House']);
  col.retro = houseRight + f * 0.5;
  const width = col.retro + measureText(RETROGRADE, f).width;
  const h = lineHeight(f);
  const header: (Row & { y: number })[] = [
    { text: 'Planet', x: col.glyph, cls: 'muted', y: h - f * 0.35 },
    { text: 'Sign', x: col.sign, cls: 'muted', y: h - f * 0.35 },
    { text: 'Position', x: col.position, cls: 'muted', y: h - f * 0.35 },
    { text: 'House', x: houseRight, cls: 'muted', anchor: 'end', y: h - f * 0.35 },
  ];
  const row = (b: (typeof all)[number], i: number): (Row & { y: number })[] => {
    const y = (i + 2) * h - f * 0.35;
    const sign = signIndex(b.at.sign);
    return [
      { text: b.glyph, x: col.glyph, cls: 'ink', y },
      { text: b.name, x: col.name, cls: 'ink', y },
      { text: `${signGlyph(sign)} ${b.at.sign}`, x: col.sign, cls: 'ink', y },
      { text: position(b.at), x: col.position, cls: 'ink', y },
      ...(b.house ? [{ text: b.house, x: houseRight, cls: 'ink', anchor: 'end' as const, y }] : []),
      ...(b.retro ? [{ text: RETROGRADE, x: col.retro, cls: 'muted', y }] : []),
    ];
  };
  const rule = el('line', {
    x1: 0,
    y1: h + f * 0.1,
    x2: width,
    y2: h + f * 0.1,
    class: 'edge',
    'stroke-width': 0.6,
  });
  return {
    svg: el(
      'g',
      { class: 'planet-table', 'data-details': 'planets' },
      rule,
      runs(header, f),
      ...all.map((b, i) =>
        el(
          'g',
          {
            'data-row': b.name,
            'data-sign': b.at.sign,
            'data-position': b.at.positionInSign,
            'data-in-house': b.house || undefined,
            'data-retrograde': String(b.retro),
          },
          runs(row(b, i), f),
        ),
      ),
    ),
    width,
    height: (all.length + 1) * h + f * 0.4,
  };
}

/** Text glyphs of the aspects that DejaVu Sans has; sextile and sesquiquadrate are drawn as paths. */
const ASPECT_GLYPHS: Partial<Record<string, string>> = {
  conjunction: '☌',
  opposition: '☍',
  square: '□',
  trine: '△',
  'semi-sextile': '⊻',
  quincunx: '⊼',
  'semi-square': '∠',
  quintile: 'Q',
  biquintile: 'bQ',
};

/** Sextile (a six-armed star) and sesquiquadrate (a square with a tail), `s` units across, centred on (x, y). */
function aspectPath(aspect: string, x: number, y: number, s: number, cls: string): string {
  const r = s / 2;
  if (aspect === 'sextile') {
    const arms = [0, 60, 120].map((a) => {
      const dx = r * Math.cos((a * Math.PI) / 180);
      const dy = r * Math.sin((a * Math.PI) / 180);
      return `M${num(x - dx)} ${num(y - dy)}L${num(x + dx)} ${num(y + dy)}`;
    });
    return el('path', { d: arms.join(''), class: cls, fill: 'none', 'stroke-width': s / 9 });
  }
  const q = r * 0.65;
  return el('path', {
    d: `M${num(x - q)} ${num(y - q + r * 0.3)}h${num(2 * q)}v${num(2 * q)}h${num(-2 * q)}ZM${num(x + q)} ${num(y - q + r * 0.3)}l${num(r * 0.45)} ${num(-r * 0.6)}`,
    class: cls,
    fill: 'none',
    'stroke-width': s / 10,
  });
}

function aspectGrid(chart: AstrologyChart, f: number): Panel {
  const planets = ASTRO_PLANETS;
  const cell = f * 2.9;
  const byPair = new Map<string, { a: ChartAspect; minor: boolean }>();
  for (const a of chart.aspects.major) byPair.set(`${a.planet1} ${a.planet2}`, { a, minor: false });
  for (const a of chart.aspects.minor) byPair.set(`${a.planet1} ${a.planet2}`, { a, minor: true });
  const find = (p: string, q: string) => byPair.get(`${p} ${q}`) ?? byPair.get(`${q} ${p}`);
  const parts: string[] = [];
  const glyphRuns: (Row & { y: number })[] = [];
  const orbRuns: (Row & { y: number })[] = [];
  const headRuns: (Row & { y: number })[] = [];
  planets.forEach((p, i) => {
    // Row i holds the pairs of planet i with every planet before it; its glyph at the diagonal.
    const y = i * cell;
    const x = i * cell;
    parts.push(el('rect', { x, y, width: cell, height: cell, class: 'panel edge', 'stroke-width': 0.6 }));
    headRuns.push({
      text: planetGlyph(p),
      x: x + cell / 2,
      y: y + cell / 2 + f * 0.45,
      cls: 'ink',
      anchor: 'middle',
    });
    for (let j = 0; j < i; j++) {
      const cx = j * cell;
      parts.push(
        el('rect', { x: cx, y, width: cell, height: cell, class: 'edge', fill: 'none', 'stroke-width': 0.6 }),
      );
      const hit = find(p, planets[j] as string);
      if (!hit) continue;
      const { a, minor } = hit;
      const cls = minor ? 'muted' : `asp-${a.nature}`;
      const gx = cx + cell / 2;
      const gy = y + cell * 0.38;
      const glyph = ASPECT_GLYPHS[a.aspect];
      const mark = glyph
        ? ''
        : aspectPath(a.aspect, gx, gy, f * 1.1, minor ? 'muted-stroke' : `asp-${a.nature}-stroke`);
      if (glyph) glyphRuns.push({ text: glyph, x: gx, y: gy + f * 0.45, cls, anchor: 'middle' });
      const orb = Math.abs(a.orb);
      const orbText = `${Math.floor(orb)}°${String(Math.floor((orb % 1) * 60)).padStart(2, '0')}'`;
      orbRuns.push({ text: orbText, x: gx, y: y + cell - f * 0.3, cls: 'muted', anchor: 'middle' });
      parts.push(
        el(
          'g',
          {
            'data-aspect': a.aspect,
            'data-nature': a.nature,
            'data-planets': `${a.planet1} ${a.planet2}`,
            'data-orb': String(a.orb),
          },
          mark,
        ),
      );
    }
  });
  const width = planets.length * cell;
  return {
    svg: el(
      'g',
      { class: 'aspect-grid', 'data-details': 'aspects' },
      ...parts,
      runs(headRuns, f * 1.25),
      runs(glyphRuns, f * 1.25),
      runs(orbRuns, f),
    ),
    width,
    height: planets.length * cell,
  };
}

export interface DetailsLayout {
  layout: 'details' | 'details-stacked' | 'details-compact';
  width: number;
  height: number;
  /** The pixel width the wheel part is drawn at (it decides the wheel's own compact layout). */
  wheelPixels: number;
  compose(wheel: string): string;
}

const at = (x: number, y: number, svg: string) =>
  el('g', { transform: `translate(${num(x)} ${num(y)})` }, svg);

/**
 * The panels beside the wheel (one column: data box, planet table, aspect grid) or under it (the
 * table and the grid side by side where they fit). A synastry's person B box comes last, after A's
 * panels, so that each heading stands over its own person's data.
 */
export function wheelDetails(chart: DetailsChart, options: WheelOptions): DetailsLayout {
  if (options.width >= SIDE_BY_SIDE_FROM) {
    const f = 11;
    const data = dataBox(chart, f, PANEL_WIDTH - GAP);
    const table = planetTable(chart.personality, f);
    const grid = aspectGrid(chart.personality, f);
    const personB = personBBox(chart, f, PANEL_WIDTH - GAP);
    const width = WHEEL_SIZE + PANEL_WIDTH;
    const x = WHEEL_SIZE + 4;
    const bY = 4 * GAP + data.height + table.height + grid.height;
    const column = bY + (personB ? personB.height + GAP : 0);
    const height = Math.max(WHEEL_SIZE, column);
    return {
      layout: 'details',
      width,
      height,
      wheelPixels: (options.width * WHEEL_SIZE) / width,
      compose: (wheel) =>
        wheel +
        at(x, GAP, data.svg) +
        at(x, 2 * GAP + data.height, table.svg) +
        at(x, 3 * GAP + data.height + table.height, grid.svg) +
        (personB ? at(x, bY, personB.svg) : ''),
    };
  }
  const compact = options.width < 600;
  const f = compact ? 20.5 : 11;
  const inner = WHEEL_SIZE - 2 * GAP;
  const data = dataBox(chart, f, inner);
  const table = planetTable(chart.personality, f);
  const grid = aspectGrid(chart.personality, f);
  const personB = personBBox(chart, f, inner);
  const sideBySide = table.width + GAP * 2 + grid.width <= inner;
  const top = WHEEL_SIZE + GAP;
  const tablesY = top + data.height + GAP;
  const bY = sideBySide
    ? tablesY + Math.max(table.height, grid.height) + GAP
    : tablesY + table.height + GAP * 2 + grid.height + GAP;
  const height = bY + (personB ? personB.height + GAP : 0);
  return {
    layout: compact ? 'details-compact' : 'details-stacked',
    width: WHEEL_SIZE,
    height,
    wheelPixels: options.width,
    compose: (wheel) =>
      wheel +
      at(GAP, top, data.svg) +
      at(GAP, tablesY, table.svg) +
      (sideBySide
        ? at(WHEEL_SIZE - GAP - grid.width, tablesY, grid.svg)
        : at(GAP, tablesY + table.height + GAP * 2, grid.svg)) +
      (personB ? at(GAP, bY, personB.svg) : ''),
  };
}
