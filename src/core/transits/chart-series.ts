import type { Ephemeris } from '../ephemeris/index.js';
import { isoSecond } from '../birth/index.js';
import { type HdChart, hdChartAt } from '../human-design/index.js';
import { utcMsFromJulianDay } from '../time/index.js';
import { type DateRange, type Granularity, isoUtc, seriesInstants } from './time.js';

/** One point of the transit chart series: the Human Design chart of that instant. */
export interface ChartSeriesPoint {
  utc: string;
  /** The design instant (the Sun 88 degrees of solar arc earlier), UTC to the second as in birthInfo. */
  designUtc: string;
  chart: HdChart;
}

/**
 * The full chart at each series instant, exactly as a birth at that UT instant gives it (the same
 * ephemeris and engine as generate_chart; no place is needed, since a chart depends only on the instant).
 */
export function chartSeries(
  ephemeris: Ephemeris,
  range: DateRange,
  granularity: Granularity,
): ChartSeriesPoint[] {
  return seriesInstants(range, granularity).map((t) => {
    const { chart, designJdUT } = hdChartAt(ephemeris, t);
    return { utc: isoUtc(t), designUtc: isoSecond(utcMsFromJulianDay(designJdUT)), chart };
  });
}
