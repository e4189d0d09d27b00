import {
  CENTER_NAMES,
  type GateActivation,
  type GateNumber,
  type HdChart,
  PLANETS,
  type Planet,
  WHEEL,
} from '../human-design/index.js';
import {
  CENTER_SHAPES,
  CHANNEL_PATHS,
  COLUMN,
  GATE_POSITIONS,
  splitHalves,
  VIEW,
} from './bodygraph-layout.js';
import { planetGlyph } from './glyphs.js';
import { centerSlug, DEFAULT_OPTIONS, type RenderOptions, svgDocument } from './theme.js';
import { el, pathOf, type Point, text } from './svg.js';

/**
 * The bodygraph as SVG text: channels (each half in the colour of whoever activates its gate), the
 * nine centers (defined ones filled), the 64 gates, the design and personality columns, and a line
 * with type, profile, authority, definition and cross. Every part carries data-* attributes.
 */

export type Activation = 'personality' | 'design' | 'both' | 'none';

/** What the bodygraph needs of a chart: the V2 `data` and the engine's chart both fit. */
export type BodygraphChart = Pick<
  HdChart<GateActivation>,
  'chart' | 'centers' | 'channels' | 'activations' | 'personality' | 'design'
> & { birthInfo?: { date: string; time: string; location: string } };

export function gateActivation(chart: BodygraphChart | null, gate: GateNumber): Activation {
  const sources = chart?.activations[String(gate)];
  const p = (sources?.personality.length ?? 0) > 0;
  const d = (sources?.design.length ?? 0) > 0;
  return p && d ? 'both' : p ? 'personality' : d ? 'design' : 'none';
}

const CHANNEL_EDGE = 10;
const CHANNEL_WIDTH = 7;
const MARKER_RADIUS = 7.5;

function channelHalf(half: Point[], activation: Activation): string {
  const d = pathOf(half);
  const base = el('path', { d, class: 'ch-open', 'stroke-width': CHANNEL_WIDTH, fill: 'none' });
  if (activation === 'none') return base;
  if (activation === 'both') {
    // Both sides: design red under personality black dashes, the usual striped look.
    return (
      el('path', { d, class: 'd-stroke', 'stroke-width': CHANNEL_WIDTH, fill: 'none' }) +
      el('path', {
        d,
        class: 'p-stroke',
        'stroke-width': CHANNEL_WIDTH,
        'stroke-dasharray': '4 4',
        fill: 'none',
      })
    );
  }
  const cls = activation === 'personality' ? 'p-stroke' : 'd-stroke';
  return el('path', { d, class: cls, 'stroke-width': CHANNEL_WIDTH, fill: 'none' });
}

function channels(chart: BodygraphChart | null): string {
  const defined = new Set(chart?.channels.map((c) => c.gates));
  return el(
    'g',
    { class: 'channels', 'stroke-linejoin': 'round' },
    ...CHANNEL_PATHS.map(({ id, gates, path }) => {
      const [first, second] = splitHalves(path);
      return el(
        'g',
        { 'data-channel': id, 'data-defined': String(defined.has(id)) },
        el('path', { d: pathOf(path), class: 'ch-edge', 'stroke-width': CHANNEL_EDGE, fill: 'none' }),
        channelHalf(first, gateActivation(chart, gates[0])),
        channelHalf(second, gateActivation(chart, gates[1])),
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
        d: pathOf(CENTER_SHAPES[center].outline, true),
        class: `edge ${isDefined ? `center-${centerSlug(center)}` : 'center-open'}`,
      });
    }),
  );
}

function gateMarker(p: Point, activation: Activation): string {
  if (activation === 'none') return '';
  if (activation !== 'both') {
    return el('circle', {
      cx: p.x,
      cy: p.y,
      r: MARKER_RADIUS,
      class: activation === 'personality' ? 'p-fill' : 'd-fill',
    });
  }
  // Left half design, right half personality.
  const r = MARKER_RADIUS;
  const half = (sweep: 0 | 1, cls: string) =>
    el('path', {
      d: `M${p.x} ${p.y - r}A${r} ${r} 0 0 ${sweep} ${p.x} ${p.y + r}Z`,
      class: cls,
    });
  return half(0, 'd-fill') + half(1, 'p-fill');
}

function gates(chart: BodygraphChart | null, options: RenderOptions): string {
  const ordered = [...WHEEL].sort((a, b) => a - b);
  const markers = ordered.map((gate) => {
    const activation = gateActivation(chart, gate);
    return el(
      'g',
      { 'data-gate': gate, 'data-activation': activation },
      gateMarker(GATE_POSITIONS.get(gate) as Point, activation),
    );
  });
  // One <text> for all 64 numbers: resvg lays out each <text> on its own, at a cost per element.
  const labels = ordered.map((gate) => {
    const p = GATE_POSITIONS.get(gate) as Point;
    const cls = gateActivation(chart, gate) === 'none' ? 'ink' : 'on-marker';
    return el('tspan', { x: p.x, y: p.y + 3, class: cls, 'data-gate-label': gate }, String(gate));
  });
  return el(
    'g',
    { class: 'gates' },
    ...markers,
    options.labels && el('text', { 'font-size': 8.5, 'text-anchor': 'middle' }, ...labels),
  );
}

function column(chart: BodygraphChart, side: 'design' | 'personality'): string {
  const x = side === 'design' ? COLUMN.designX : COLUMN.personalityX;
  const cls = side === 'design' ? 'd-fill' : 'p-fill';
  const positions: Record<Planet, GateActivation> = chart[side];
  return el(
    'g',
    { class: `column ${cls}`, 'data-side': side, 'text-anchor': 'middle' },
    text(
      { x, y: COLUMN.top - 40, 'font-size': 14, 'font-weight': 'bold' },
      side === 'design' ? 'Design' : 'Personality',
    ),
    ...PLANETS.map((planet, i) => {
      const y = COLUMN.top + i * COLUMN.rowHeight;
      const { gate, line } = positions[planet];
      return el(
        'g',
        { 'data-planet': planet, 'data-activation-of': `${gate}.${line}` },
        text({ x: x - 26, y: y + 6, 'font-size': 18 }, planetGlyph(planet)),
        text({ x: x + 14, y: y + 6, 'font-size': 15 }, `${gate}.${line}`),
      );
    }),
  );
}

function summaryLines(chart: BodygraphChart): [string, string] {
  const c = chart.chart;
  return [`${c.type} · ${c.profile} · ${c.authority} authority · ${c.definition}`, c.incarnationCross];
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
  const { title, desc } = describe(chart);
  const summary = chart ? summaryLines(chart) : null;
  const body = [
    channels(chart),
    centers(chart),
    gates(chart, options),
    chart ? column(chart, 'design') + column(chart, 'personality') : '',
    summary
      ? el(
          'g',
          { class: 'summary ink', 'text-anchor': 'middle' },
          text({ x: VIEW.width / 2, y: 762, 'font-size': 16, 'font-weight': 'bold' }, summary[0]),
          text({ x: VIEW.width / 2, y: 784, 'font-size': 12, class: 'muted' }, summary[1]),
        )
      : '',
  ].join('');
  return svgDocument(
    { kind: 'bodygraph', viewWidth: VIEW.width, viewHeight: VIEW.height, title, desc, options },
    body,
  );
}
