import {
  CENTER_NAMES,
  type GateActivation,
  type GateNumber,
  GATES,
  type HdChart,
  PLANETS,
  type Planet,
  WHEEL,
} from '../human-design/index.js';
import { BODY, CENTER_OUTLINES, CHANNEL_PATHS, GATE_POSITIONS } from './bodygraph-layout.js';
import { centredBaseline } from './font-metrics.js';
import { planetGlyph } from './glyphs.js';
import { type Frame, frameOf, linesBlock } from './layout.js';
import { el, pathOf, type Point, text } from './svg.js';
import { centerSlug, COMPACT_BELOW, DEFAULT_OPTIONS, type RenderOptions, svgDocument } from './theme.js';

/**
 * The bodygraph as SVG text: the header (type, profile, authority, definition; the birth under it),
 * channels (each half in the colour of whoever activates its gate), the nine centers (defined ones
 * filled), the 64 gates on their centers' outlines, the four variable arrows, the design and
 * personality columns, and the incarnation cross under it all. Below 600 pixels the columns give way
 * and the rest is drawn larger (the compact layout), so no text is smaller than 9 pixels. Every part
 * carries data-* attributes.
 */

export type Activation = 'personality' | 'design' | 'both' | 'none';

/** What the bodygraph needs of a chart: the V2 `data` and the engine's chart both fit. */
export type BodygraphChart = Pick<
  HdChart<GateActivation>,
  'chart' | 'centers' | 'channels' | 'activations' | 'personality' | 'design'
> & { birthInfo?: { date: string; time: string; location: string; utcOffset?: string } };

export function gateActivation(chart: BodygraphChart | null, gate: GateNumber): Activation {
  const sources = chart?.activations[String(gate)];
  const p = (sources?.personality.length ?? 0) > 0;
  const d = (sources?.design.length ?? 0) > 0;
  return p && d ? 'both' : p ? 'personality' : d ? 'design' : 'none';
}

const CHANNEL_EDGE = 10;
const CHANNEL_WIDTH = 7;

/** Sizes of the two layouts; the compact one crops to the body and is read at 300-600 pixels. */
interface Sizes {
  frame: Frame;
  gateFont: number;
  markerRadius: number;
  titleFont: number;
  lineFont: number;
  columns: boolean;
}

/** Design column on the left, personality on the right, as bodygraphs are usually drawn. */
const COLUMN = { designX: 58, personalityX: 582, top: 134, rowHeight: 48 } as const;

function sizesFor(options: RenderOptions): Sizes {
  const compact = options.width < COMPACT_BELOW;
  return compact
    ? {
        frame: frameOf(BODY.left - 8, BODY.right + 8),
        gateFont: 13.5,
        markerRadius: 10.5,
        titleFont: 15,
        lineFont: 13.5,
        columns: false,
      }
    : {
        frame: frameOf(0, 640),
        gateFont: 10,
        markerRadius: 8.5,
        titleFont: 17,
        lineFont: 12.5,
        columns: true,
      };
}

function channelHalf(half: Point[], gate: GateNumber, activation: Activation): string {
  const d = pathOf(half);
  const path = (cls: string, dash?: string) =>
    el('path', { d, class: cls, 'stroke-width': CHANNEL_WIDTH, 'stroke-dasharray': dash, fill: 'none' });
  // Both sides: design under personality dashes, the usual striped look.
  const body =
    activation === 'none'
      ? path('ch-open')
      : activation === 'both'
        ? path('d-stroke') + path('p-stroke', '4 4')
        : path(activation === 'personality' ? 'p-stroke' : 'd-stroke');
  return el('g', { 'data-half': gate }, body);
}

function channels(chart: BodygraphChart | null): string {
  const defined = new Set(chart?.channels.map((c) => c.gates));
  return el(
    'g',
    { class: 'channels', 'stroke-linejoin': 'round' },
    ...CHANNEL_PATHS.map(({ id, gates, halves }) => {
      const whole = [...halves[0], ...[...halves[1]].reverse()];
      return el(
        'g',
        { 'data-channel': id, 'data-defined': String(defined.has(id)) },
        el('path', { d: pathOf(whole), class: 'ch-edge', 'stroke-width': CHANNEL_EDGE, fill: 'none' }),
        channelHalf(halves[0], gates[0], gateActivation(chart, gates[0])),
        channelHalf(halves[1], gates[1], gateActivation(chart, gates[1])),
      );
    }),
  );
}

function centers(chart: BodygraphChart | null): string {
  const defined = new Set(chart?.centers.defined);
  return el(
    'g',
    { class: 'centers', 'stroke-width': 1.5, 'stroke-linejoin': 'round' },
    ...CENTER_NAMES.map((center) => {
      const isDefined = defined.has(center);
      return el('path', {
        'data-center': center,
        'data-defined': String(isDefined),
        d: pathOf(CENTER_OUTLINES[center], true),
        class: `edge ${isDefined ? `center-${centerSlug(center)}` : 'center-open'}`,
      });
    }),
  );
}

/**
 * A gate's marker, centred on its center's outline: a bead in the center's own colour when no one
 * activates it, else a disc in the activating side's colour (both: design left, personality right)
 * inside a ring of the background colour, which keeps a red marker visible on a red center.
 */
function gateMarker(p: Point, activation: Activation, fill: string, r: number): string {
  if (activation === 'none')
    return el('circle', { cx: p.x, cy: p.y, r, class: `${fill} edge`, 'stroke-width': 0.8 });
  const halo = el('circle', { cx: p.x, cy: p.y, r: r + 1, class: 'halo', fill: 'none', 'stroke-width': 2 });
  if (activation !== 'both') {
    return (
      halo + el('circle', { cx: p.x, cy: p.y, r, class: activation === 'personality' ? 'p-fill' : 'd-fill' })
    );
  }
  const half = (sweep: 0 | 1, cls: string) =>
    el('path', { d: `M${p.x} ${p.y - r}A${r} ${r} 0 0 ${sweep} ${p.x} ${p.y + r}Z`, class: cls });
  return halo + half(0, 'd-fill') + half(1, 'p-fill');
}

function gates(chart: BodygraphChart | null, options: RenderOptions, sizes: Sizes): string {
  const defined = new Set(chart?.centers.defined);
  const ordered = [...WHEEL].sort((a, b) => a - b);
  const fillOf = (gate: GateNumber) => {
    const center = GATES[gate].center;
    return defined.has(center)
      ? { fill: `center-${centerSlug(center)}`, label: `gl-${centerSlug(center)}` }
      : { fill: 'center-open', label: 'gl-open' };
  };
  const markers = ordered.map((gate) => {
    const activation = gateActivation(chart, gate);
    return el(
      'g',
      { 'data-gate': gate, 'data-activation': activation },
      gateMarker(GATE_POSITIONS.get(gate) as Point, activation, fillOf(gate).fill, sizes.markerRadius),
    );
  });
  // One <text> for all 64 numbers: resvg lays out each <text> on its own, at a cost per element.
  const labels = ordered.map((gate) => {
    const p = GATE_POSITIONS.get(gate) as Point;
    const cls = gateActivation(chart, gate) === 'none' ? fillOf(gate).label : 'on-marker';
    const y = centredBaseline(String(gate), p.y, sizes.gateFont);
    return el('tspan', { x: p.x, y, class: cls, 'data-gate-label': gate }, String(gate));
  });
  return el(
    'g',
    { class: 'gates' },
    ...markers,
    options.labels && el('text', { 'font-size': sizes.gateFont, 'text-anchor': 'middle' }, ...labels),
  );
}

/** Design arrows left of the Head and Ajna, personality arrows right of them (reference section 9). */
const ARROWS = [
  { name: 'digestion', side: 'design', index: 3, x: 240, y: 124 },
  { name: 'environment', side: 'design', index: 4, x: 240, y: 224 },
  { name: 'motivation', side: 'personality', index: 1, x: 400, y: 124 },
  { name: 'perspective', side: 'personality', index: 2, x: 400, y: 224 },
] as const;

/** The four variable arrows from the chart's `PLR DLL` notation: each points the way of its tone. */
function variableArrows(chart: BodygraphChart): string {
  const notation = chart.chart.variable.replace(/\s+/g, '');
  return el(
    'g',
    { class: 'variables', 'data-variable': chart.chart.variable },
    ...ARROWS.map((a) => {
      const left = notation.charAt(a.index + (a.side === 'design' ? 1 : 0)) === 'L';
      const s = left ? -1 : 1;
      // A shaft 20 long and 4 thick, a head 10 long and 12 wide, centred on (x, y).
      const x0 = a.x - s * 15;
      const neck = a.x + s * 5;
      const tip = a.x + s * 15;
      const d =
        `M${x0} ${a.y - 2}L${neck} ${a.y - 2}L${neck} ${a.y - 6}L${tip} ${a.y}` +
        `L${neck} ${a.y + 6}L${neck} ${a.y + 2}L${x0} ${a.y + 2}Z`;
      return el('path', {
        d,
        class: a.side === 'design' ? 'd-fill' : 'p-fill',
        'data-arrow': a.name,
        'data-orientation': left ? 'left' : 'right',
      });
    }),
  );
}

const COLUMN_GLYPH: Partial<Record<Planet, string>> = { Earth: '⊕' };

function column(chart: BodygraphChart, side: 'design' | 'personality'): string {
  const x = side === 'design' ? COLUMN.designX : COLUMN.personalityX;
  const cls = side === 'design' ? 'd-fill' : 'p-fill';
  const positions: Record<Planet, GateActivation> = chart[side];
  return el(
    'g',
    { class: `column ${cls}`, 'data-side': side, 'text-anchor': 'middle' },
    text(
      { x, y: COLUMN.top - 34, 'font-size': 14, 'font-weight': 'bold' },
      side === 'design' ? 'Design' : 'Personality',
    ),
    ...PLANETS.map((planet, i) => {
      const y = COLUMN.top + i * COLUMN.rowHeight;
      const { gate, line } = positions[planet];
      return el(
        'g',
        { 'data-planet': planet, 'data-activation-of': `${gate}.${line}` },
        text({ x: x - 26, y: y + 6, 'font-size': 18 }, COLUMN_GLYPH[planet] ?? planetGlyph(planet)),
        text({ x: x + 14, y: y + 6, 'font-size': 15 }, `${gate}.${line}`),
      );
    }),
  );
}

function headerLines(chart: BodygraphChart): { title: string; birth?: string; footer: string } {
  const c = chart.chart;
  const birth = chart.birthInfo;
  return {
    title: `${c.type} · ${c.profile} · ${c.authority} authority · ${c.definition}`,
    ...(birth
      ? {
          birth: `${birth.date} ${birth.time}${birth.utcOffset ? ` UTC${birth.utcOffset}` : ''} · ${birth.location}`,
        }
      : {}),
    footer: c.incarnationCross,
  };
}

function describe(chart: BodygraphChart | null): { title: string; desc: string } {
  if (!chart) {
    return {
      title: 'Human Design bodygraph template',
      desc: 'Blank bodygraph: the nine centers, 36 channels and 64 gates, none defined or activated.',
    };
  }
  const birth = chart.birthInfo;
  const title = `Human Design bodygraph${birth ? ` for ${birth.date} ${birth.time}, ${birth.location}` : ''}`;
  const c = chart.chart;
  const list = (items: readonly string[]) => (items.length ? items.join(', ') : 'none');
  const desc =
    `${c.type}, profile ${c.profile}, ${c.authority} authority, ${c.definition}; ${c.incarnationCross}. ` +
    `Variable ${c.variable}. ` +
    `Defined centers: ${list(chart.centers.defined)}. Open centers: ${list(chart.centers.open)}. ` +
    `Defined channels: ${list(chart.channels.map((ch) => `${ch.gates} ${ch.name}`))}. ` +
    `Personality Sun ${chart.personality.Sun.gate}.${chart.personality.Sun.line}, ` +
    `Design Sun ${chart.design.Sun.gate}.${chart.design.Sun.line}.`;
  return { title, desc };
}

/** The bodygraph of a chart, or the blank template for `null`. */
export function renderBodygraph(
  chart: BodygraphChart | null,
  options: RenderOptions = DEFAULT_OPTIONS,
): string {
  const sizes = sizesFor(options);
  const { frame } = sizes;
  const { title, desc } = describe(chart);
  const lines = chart ? headerLines(chart) : null;
  const header = lines
    ? linesBlock(frame, BODY.top - 14, 'up', [
        { text: lines.title, size: sizes.titleFont, bold: true, cls: 'ink', role: 'title' },
        ...(lines.birth ? [{ text: lines.birth, size: sizes.lineFont, cls: 'muted', role: 'birth' }] : []),
      ])
    : null;
  const footer = lines
    ? linesBlock(frame, BODY.bottom + 14, 'down', [
        { text: lines.footer, size: sizes.lineFont, cls: 'muted', role: 'cross' },
      ])
    : null;
  const top = Math.min(header?.top ?? BODY.top, BODY.top) - 8;
  const bottom = Math.max(footer?.bottom ?? BODY.bottom, BODY.bottom) + 8;
  const body = [
    channels(chart),
    centers(chart),
    gates(chart, options, sizes),
    chart ? variableArrows(chart) : '',
    chart && sizes.columns ? column(chart, 'design') + column(chart, 'personality') : '',
    header?.svg ?? '',
    footer?.svg ?? '',
  ].join('');
  return svgDocument(
    {
      kind: 'bodygraph',
      viewX: frame.left,
      viewY: top,
      viewWidth: frame.width,
      viewHeight: bottom - top,
      title,
      desc,
      options,
      layout: sizes.columns ? 'full' : 'compact',
    },
    body,
  );
}
