import { HD_BODY_NAMES, type HdBody } from './bodies.js';
import { MOON_PHASES } from './phase.js';
import { checkedDateRange, pointsIn, POINTS_PER_DAY } from './range.js';
import { type DateRange, type Granularity } from './time.js';
import { HUMAN_DESIGN_BIRTH_RANGE } from '../ephemeris/index.js';
import { namesOf } from './name-list.js';

/**
 * What the three transit series tools (get_moon_transits, get_transits, get_transit_chart) share:
 * their point limits, their meter formula and the size of their answers (for a size cap such as
 * MCP's, whose byte budget the caller passes in).
 *
 * Limits per call: the Moon and the all-bodies series return at most a leap year of hourly points
 * (8,784; daily, that is 8,784 days); the chart series, a full chart per point, at most 744 points
 * (31 days hourly, about 4.5 MB of JSON).
 *
 * Meter, "range x granularity": the series cost 1 chart request per started 24 points (a day of
 * hourly points, or 24 days of daily ones); the chart series costs 1 chart request per point, the
 * price of the same chart from generate_chart.
 */

export const SERIES_MAX_POINTS = 8_784;
export const CHART_SERIES_MAX_POINTS = 744;
export const POINTS_PER_UNIT = 24;

export interface SeriesInput {
  startDate: string;
  endDate: string;
  granularity: Granularity;
}

const count = (n: number): string => n.toLocaleString('en-US');

/** The "Ask for ..." of a range over the point limit. */
function overLimitNarrowing(max: number, extra = ''): string {
  return (
    `fewer days (at most ${count(max / POINTS_PER_DAY.hourly)} days hourly, ${count(max)} days daily)` +
    `${extra}, or split the range into several calls`
  );
}

export const seriesRange = (input: SeriesInput): DateRange =>
  checkedDateRange(input, {
    maxPoints: { points: SERIES_MAX_POINTS, granularity: input.granularity },
    narrowing: overLimitNarrowing(SERIES_MAX_POINTS),
  });

/** The chart series needs the design instant too, about 3 months before each point. */
export const chartSeriesRange = (input: SeriesInput): DateRange =>
  checkedDateRange(input, {
    maxPoints: { points: CHART_SERIES_MAX_POINTS, granularity: input.granularity },
    narrowing: overLimitNarrowing(CHART_SERIES_MAX_POINTS, ', granularity "daily"'),
    supported: HUMAN_DESIGN_BIRTH_RANGE,
  });

/** Points of an input (checked already by the tool's `check`). */
export const pointsOf = (input: SeriesInput): number => pointsIn(checkedDateRange(input), input.granularity);

/** 1 chart request per started block of 24 points. */
export const seriesUnits = (points: number): number => Math.ceil(points / POINTS_PER_UNIT);

export const SERIES_COST_TEXT =
  `Costs 1 chart request per started ${POINTS_PER_UNIT} points (a day hourly, 24 days daily); ` +
  'meta.units (REST) and _meta.units (MCP) report it.';

/** The `bodies` filter: V2 names, comma-separated, any case; all 13 when absent. */
export const bodiesOf = (text: string | undefined): HdBody[] => namesOf(HD_BODY_NAMES, text);

// Answer sizes, from the longest value of every field (upper estimates for the MCP cap).
const LONGEST = {
  utc: '"2025-12-31T23:00:00Z"',
  position: '{"longitude":359.9999,"gate":64,"line":6,"sign":"Sagittarius"}',
  moonExtra: `,"phase":"${[...MOON_PHASES].sort((a, b) => b.length - a.length)[0]}","illumination":0.999`,
  body: [...HD_BODY_NAMES].sort((a, b) => b.length - a.length)[0],
};
const WRAPPER_BYTES =
  '{"startDate":"2025-01-01","endDate":"2025-12-31","granularity":"hourly","count":8784,"points":[]}'.length +
  `,"bodies":${JSON.stringify(HD_BODY_NAMES)}`.length;
const MOON_POINT_BYTES = `{"utc":${LONGEST.utc},${LONGEST.position.slice(1, -1)}${LONGEST.moonExtra}},`
  .length;
const BODY_BYTES = `"${LONGEST.body}":${LONGEST.position},`.length;
/** Measured at most 6,043 bytes over six years of daily charts (1850-2300); the rest is margin. */
const CHART_POINT_BYTES = 6_400;

const bodyPointBytes = (bodies: readonly HdBody[]): number =>
  `{"utc":${LONGEST.utc},"bodies":{}},`.length +
  bodies.length * BODY_BYTES +
  (bodies.includes('Moon') ? LONGEST.moonExtra.length : 0);

export const moonSeriesBytes = (points: number): number => WRAPPER_BYTES + points * MOON_POINT_BYTES;
export const bodySeriesBytes = (points: number, bodies: readonly HdBody[]): number =>
  WRAPPER_BYTES + points * bodyPointBytes(bodies);
export const chartSeriesBytes = (points: number): number => WRAPPER_BYTES + points * CHART_POINT_BYTES;

/** Points of `pointBytes` each that fit in `budget` bytes of JSON. */
const fitting = (budget: number, pointBytes: number): number =>
  Math.max(0, Math.floor((budget - WRAPPER_BYTES) / pointBytes));

/** "Ask for ..." when a series does not fit the surface's cap, from the points that fit. */
function fitText(fit: number, hourlyAllowed = true): string {
  const days = Math.floor(fit / POINTS_PER_DAY.hourly);
  const hourly =
    hourlyAllowed && days >= 1 ? `at most ${count(days)} day${days === 1 ? '' : 's'} hourly or ` : '';
  return `${hourly}at most ${count(fit)} days with granularity "daily"`;
}

export const moonNarrowing = (budget: number): string =>
  `fewer days: ${fitText(fitting(budget, MOON_POINT_BYTES))}`;

export function bodyNarrowing(bodies: readonly HdBody[], budget: number): string {
  const moonOnly = fitting(budget, bodyPointBytes(['Moon']));
  return (
    `fewer days: for ${bodies.length} bod${bodies.length === 1 ? 'y' : 'ies'} ` +
    `${fitText(fitting(budget, bodyPointBytes(bodies)))}; or fewer bodies with \`bodies\` ` +
    `(e.g. bodies="Moon": ${fitText(moonOnly)})`
  );
}

export const chartNarrowing = (budget: number): string =>
  `fewer charts, about 6 KB each: ${fitText(fitting(budget, CHART_POINT_BYTES))}`;

export type SeriesKind = 'moon' | 'bodies' | 'chart';
const POINT_BYTES: Record<SeriesKind, number> = {
  moon: MOON_POINT_BYTES,
  bodies: bodyPointBytes(HD_BODY_NAMES),
  chart: CHART_POINT_BYTES,
};

/**
 * For the tool descriptions: what fits an answer of `budget` JSON bytes under a cap of `capBytes`,
 * e.g. "100 KB: about 13 days hourly, 316 days daily" (all 13 bodies for the bodies series).
 */
export function capFitText(kind: SeriesKind, budget: number, capBytes: number): string {
  const fit = fitting(budget, POINT_BYTES[kind]);
  const days = Math.floor(fit / POINTS_PER_DAY.hourly);
  return `${capBytes / 1000} KB: about ${days ? `${days} day${days === 1 ? '' : 's'} hourly, ` : ''}${count(fit)} days daily`;
}
