import {
  type BaziRenderChart,
  type BodygraphChart,
  DEFAULT_WHEEL_OPTIONS,
  MAX_WIDTH,
  MIN_WIDTH,
  renderBazi,
  renderBodygraph,
  renderWheel,
  type ThemeName,
  type WheelChart,
} from '../core/render/index.js';

/**
 * Which picture a tool result is, and the picture itself: the same renderers, with the same options,
 * as the picture endpoints and the chart tools' `image` argument.
 */

export type ChartKind = 'bodygraph' | 'wheel' | 'bazi';

/** What the reader chooses in the view. */
export interface ViewSettings {
  theme: ThemeName;
  /** The wheel's outer rings (astrology only). */
  designRing: boolean;
  gateRing: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The kind of chart a `structuredContent` holds, by the fields each tool's answer always carries
 * (generate_chart: `centers` and `activations`; get_astrology_chart: `personality.houses`;
 * get_bazi_chart: `pillars`); undefined for anything else.
 */
export function chartKind(data: unknown): ChartKind | undefined {
  if (!isObject(data)) return undefined;
  if (
    isObject(data.pillars) &&
    Array.isArray(isObject(data.luckPillars) ? data.luckPillars.pillars : undefined)
  )
    return 'bazi';
  if (isObject(data.centers) && isObject(data.activations)) return 'bodygraph';
  if (isObject(data.personality) && Array.isArray(data.personality.houses)) return 'wheel';
  return undefined;
}

/** The chart as SVG text at `width` pixels (clamped to what the renderers accept). */
export function drawChart(
  kind: ChartKind,
  data: unknown,
  settings: ViewSettings,
  width: number,
  today: string,
): string {
  const base = {
    theme: settings.theme,
    transparent: false,
    labels: true,
    width: Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width))),
  };
  if (kind === 'bodygraph') return renderBodygraph(data as BodygraphChart, base);
  if (kind === 'wheel')
    return renderWheel(data as WheelChart, {
      ...DEFAULT_WHEEL_OPTIONS,
      ...base,
      designRing: settings.designRing,
      gateRing: settings.gateRing,
    });
  // The luck pillar in force today is outlined, as in the chart tool's picture.
  return renderBazi(data as BaziRenderChart, { ...base, asOf: today });
}
