import {
  ASTRO_PLANETS,
  type AstrologyChart,
  type BodyPosition,
  type ChartAspect,
  elementOfSign,
  SIGNS,
} from '../astrology/index.js';
import { WHEEL, WHEEL_START_DEGREES } from '../human-design/index.js';
import { planetGlyph, RETROGRADE, signGlyph } from './glyphs.js';
import { spreadOnCircle } from './spread.js';
import { el, num, type Point, text } from './svg.js';
import { DEFAULT_WHEEL_OPTIONS, svgDocument, type WheelOptions } from './theme.js';

/**
 * The astrology wheel as SVG text. The ascendant sits at nine o'clock and the zodiac runs
 * counter-clockwise, as charts are usually drawn. From the outside in: the design planets (option),
 * the 64 Human Design gates (option), the zodiac with sign glyphs, the planets (glyph, degree,
 * retrograde mark; close ones spread apart with a leader to their true place), house cusps and
 * numbers, and aspect lines coloured by the aspect's nature.
 */

export interface WheelChart {
  personality: AstrologyChart;
  design: AstrologyChart;
  birthInfo?: { date: string; time: string; location: string };
}

const SIZE = 640;
const C = SIZE / 2;
/** Room is left outside the zodiac for the AC and MC labels when no outer ring is drawn. */
const OUTER = 314;
const LABEL_MARGIN = 16;
const BAND = { design: 46, gates: 22, zodiac: 40 } as const;
/** Smallest angle between two planet glyphs on a ring. */
const MIN_GAP = { inner: 9, outer: 7 } as const;

interface Ring {
  designOuter: number;
  gateOuter: number;
  zodiacOuter: number;
  zodiacInner: number;
  planet: number;
  degree: number;
  house: number;
  aspect: number;
}

function rings(options: WheelOptions): Ring {
  let r = options.designRing || options.gateRing ? OUTER : OUTER - LABEL_MARGIN;
  const designOuter = r;
  if (options.designRing) r -= BAND.design;
  const gateOuter = r;
  if (options.gateRing) r -= BAND.gates;
  const zodiacOuter = r;
  const zodiacInner = r - BAND.zodiac;
  return {
    designOuter,
    gateOuter,
    zodiacOuter,
    zodiacInner,
    planet: zodiacInner - 20,
    degree: zodiacInner - 44,
    house: zodiacInner - 66,
    aspect: zodiacInner - 78,
  };
}

/** Longitude -> point; the ascendant at 180° screen angle, longitude increasing counter-clockwise. */
function pointAt(ascendant: number, longitude: number, radius: number): Point {
  const angle = ((180 + longitude - ascendant) * Math.PI) / 180;
  return { x: C + radius * Math.cos(angle), y: C - radius * Math.sin(angle) };
}

function line(
  ascendant: number,
  lon: number,
  from: number,
  to: number,
  attrs: Record<string, string | number>,
) {
  const a = pointAt(ascendant, lon, from);
  const b = pointAt(ascendant, lon, to);
  return el('line', { x1: a.x, y1: a.y, x2: b.x, y2: b.y, ...attrs });
}

/** An annular sector from `start` to `end` longitude (counter-clockwise on screen). */
function sector(asc: number, start: number, end: number, inner: number, outer: number): string {
  const a = pointAt(asc, start, outer);
  const b = pointAt(asc, end, outer);
  const c = pointAt(asc, end, inner);
  const d = pointAt(asc, start, inner);
  // Longitude grows counter-clockwise on screen: sweep flag 0 outside, 1 back inside.
  return (
    `M${num(a.x)} ${num(a.y)}A${outer} ${outer} 0 0 0 ${num(b.x)} ${num(b.y)}` +
    `L${num(c.x)} ${num(c.y)}A${inner} ${inner} 0 0 1 ${num(d.x)} ${num(d.y)}Z`
  );
}

const circle = (r: number, cls: string) => el('circle', { cx: C, cy: C, r, class: cls });

function zodiac(asc: number, ring: Ring): string {
  const signs = SIGNS.map((sign, i) => {
    const element = elementOfSign(i).toLowerCase();
    const mid = pointAt(asc, i * 30 + 15, (ring.zodiacOuter + ring.zodiacInner) / 2);
    return el(
      'g',
      { 'data-sign': sign },
      el('path', {
        d: sector(asc, i * 30, i * 30 + 30, ring.zodiacInner, ring.zodiacOuter),
        class: 'panel edge',
      }),
      text({ x: mid.x, y: mid.y + 7, 'font-size': 20, class: `sign-${element}` }, signGlyph(i)),
    );
  });
  const ticks = Array.from({ length: 72 }, (_, k) =>
    line(asc, k * 5, ring.zodiacInner, ring.zodiacInner + (k % 2 === 0 ? 7 : 4), { class: 'edge' }),
  );
  return el('g', { class: 'zodiac', 'stroke-width': 0.8, 'text-anchor': 'middle' }, ...signs, ...ticks);
}

function gateRing(asc: number, ring: Ring, options: WheelOptions): string {
  const inner = ring.zodiacOuter;
  const outer = ring.gateOuter;
  const step = 360 / WHEEL.length;
  const cells = WHEEL.map((gate, i) => {
    const start = WHEEL_START_DEGREES + i * step;
    const mid = pointAt(asc, start + step / 2, (inner + outer) / 2);
    return el(
      'g',
      { 'data-gate': gate, 'data-start': String(start % 360) },
      line(asc, start, inner, outer, { class: 'edge' }),
      options.labels && text({ x: mid.x, y: mid.y + 3, class: 'muted' }, String(gate)),
    );
  });
  return el(
    'g',
    { class: 'gate-ring', 'stroke-width': 0.6, 'font-size': 8, 'text-anchor': 'middle' },
    circle(outer, 'line'),
    ...cells,
  );
}

function houses(chart: AstrologyChart, asc: number, ring: Ring): string {
  const cusps = chart.houses;
  const items = cusps.map((h, i) => {
    const next = (cusps[(i + 1) % cusps.length] as (typeof cusps)[number]).cuspLongitude;
    const span = (((next - h.cuspLongitude) % 360) + 360) % 360;
    const mid = pointAt(asc, h.cuspLongitude + span / 2, ring.house);
    const angle = h.house === 1 || h.house === 10;
    return el(
      'g',
      { 'data-house': h.house, 'data-cusp': String(h.cuspLongitude) },
      line(asc, h.cuspLongitude, ring.aspect, angle ? ring.zodiacOuter : ring.zodiacInner, {
        class: 'edge',
        'stroke-width': angle ? 2 : 0.8,
      }),
      text({ x: mid.x, y: mid.y + 4, class: 'muted' }, String(h.house)),
    );
  });
  const axis = (label: string, lon: number) => {
    const p = pointAt(asc, lon, ring.zodiacOuter + LABEL_MARGIN / 2 + 1);
    return text({ x: p.x, y: p.y + 4, class: 'ink', 'font-weight': 'bold' }, label);
  };
  return el(
    'g',
    { class: 'houses', 'font-size': 11, 'text-anchor': 'middle' },
    ...items,
    // The angle labels only fit outside the zodiac when no outer ring takes the room.
    ring.zodiacOuter === ring.designOuter &&
      axis('AC', chart.angles.ascendant.longitude) + axis('MC', chart.angles.midheaven.longitude),
  );
}

function bodiesOf(chart: AstrologyChart): BodyPosition[] {
  return [...ASTRO_PLANETS.map((p) => chart.planets[p]), chart.points.northNode, chart.points.chiron];
}

/** `14°23'` of a `14°23'07"` position. */
const degreeMinute = (positionInSign: string): string =>
  positionInSign.slice(0, positionInSign.indexOf("'") + 1);

/** Degree over minutes (and the retrograde mark): narrow enough for close neighbours. */
function degreeLabel(at: Point, body: BodyPosition): string {
  const [degrees, minutes] = degreeMinute(body.positionInSign).split('°') as [string, string];
  return el(
    'text',
    { 'font-size': 8.5, class: 'muted' },
    el('tspan', { x: at.x, y: at.y - 1 }, `${degrees}°`),
    el('tspan', { x: at.x, y: at.y + 8 }, minutes + (body.isRetrograde ? RETROGRADE : '')),
  );
}

function planets(
  chart: AstrologyChart,
  asc: number,
  side: 'personality' | 'design',
  radii: { tick: number; tickInward: boolean; glyph: number; degree: number },
  options: WheelOptions,
): string {
  const bodies = bodiesOf(chart);
  const shown = spreadOnCircle(
    bodies.map((b) => b.longitude),
    side === 'personality' ? MIN_GAP.inner : MIN_GAP.outer,
  );
  const cls = side === 'personality' ? 'p-fill' : 'd-fill';
  const tickEnd = radii.tick + (radii.tickInward ? -6 : 6);
  return el(
    'g',
    { class: `planets ${side}`, 'data-side': side, 'text-anchor': 'middle' },
    ...bodies.map((body, i) => {
      const at = shown[i] as number;
      const glyph = pointAt(asc, at, radii.glyph);
      const leaderFrom = pointAt(asc, body.longitude, tickEnd);
      const leaderTo = pointAt(asc, at, radii.glyph + (radii.tickInward ? 10 : -10));
      const degree = pointAt(asc, at, radii.degree);
      return el(
        'g',
        {
          'data-planet': body.name,
          'data-longitude': String(body.longitude),
          'data-retrograde': String(body.isRetrograde),
        },
        line(asc, body.longitude, radii.tick, tickEnd, {
          class: side === 'personality' ? 'p-stroke' : 'd-stroke',
          'stroke-width': 1.5,
        }),
        el('line', {
          x1: leaderFrom.x,
          y1: leaderFrom.y,
          x2: leaderTo.x,
          y2: leaderTo.y,
          class: 'edge',
          'stroke-width': 0.5,
        }),
        text({ x: glyph.x, y: glyph.y + 6, 'font-size': 17, class: cls }, planetGlyph(body.name)),
        options.labels && degreeLabel(degree, body),
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
      'stroke-width': minor ? 0.7 : 1.2,
      'stroke-dasharray': minor ? '3 3' : undefined,
      'data-aspect': a.aspect,
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

function describe(chart: WheelChart, options: WheelOptions): { title: string; desc: string } {
  const birth = chart.birthInfo;
  const title = `Astrology wheel${birth ? ` for ${birth.date} ${birth.time}, ${birth.location}` : ''}`;
  const p = chart.personality;
  const placed = (b: BodyPosition) =>
    `${b.name} ${degreeMinute(b.positionInSign)} ${b.sign}${b.isRetrograde ? ' retrograde' : ''} in house ${b.house}`;
  const desc =
    `Ascendant ${p.angles.ascendant.sign}, Midheaven ${p.angles.midheaven.sign}; ` +
    `${bodiesOf(p).map(placed).join(', ')}. ` +
    `${p.aspects.major.length} major and ${p.aspects.minor.length} minor aspects. ` +
    `Houses: ${p.houseSystem.used}.` +
    (options.designRing ? ` Outer ring: the design chart, Sun in ${chart.design.planets.Sun.sign}.` : '') +
    (options.gateRing ? ' Human Design gate ring around the zodiac.' : '');
  return { title, desc };
}

export function renderWheel(chart: WheelChart, options: WheelOptions = DEFAULT_WHEEL_OPTIONS): string {
  const ring = rings(options);
  const asc = chart.personality.angles.ascendant.longitude;
  const { title, desc } = describe(chart, options);
  const body = [
    circle(ring.zodiacInner, 'line'),
    options.designRing && circle(ring.designOuter, 'line'),
    zodiac(asc, ring),
    options.gateRing && gateRing(asc, ring, options),
    houses(chart.personality, asc, ring),
    aspectLines(chart.personality, asc, ring),
    planets(
      chart.personality,
      asc,
      'personality',
      { tick: ring.zodiacInner, tickInward: true, glyph: ring.planet, degree: ring.degree },
      options,
    ),
    options.designRing &&
      planets(
        chart.design,
        asc,
        'design',
        {
          tick: ring.gateOuter,
          tickInward: false,
          glyph: ring.gateOuter + 16,
          degree: ring.gateOuter + 35,
        },
        options,
      ),
  ]
    .filter((part): part is string => typeof part === 'string')
    .join('');
  return svgDocument(
    { kind: 'wheel', viewWidth: SIZE, viewHeight: SIZE, title, desc, options },
    el('g', { 'stroke-linecap': 'round' }, body),
  );
}
