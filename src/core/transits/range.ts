import { SUPPORTED_RANGE } from '../ephemeris/index.js';
import { AppError, invalidInput } from '../errors.js';
import { parseDate } from '../time/index.js';
import { type DateRange, type Granularity, jdOfDate, spanDays } from './time.js';

/**
 * The date range of a time-series or event tool, checked once for every caller: real calendar
 * dates, endDate not before startDate, inside the dates the computation covers, and within the
 * tool's limit (days, or series points). Each failure names the field, the limit and what to send.
 */

/** Dates a computation covers, in whole UT days (`endJdUT` exclusive). */
export interface SupportedDates {
  startJdUT: number;
  endJdUT: number;
  firstDay: string;
  lastDay: string;
}

export interface RangeLimits {
  /** Most days one call may cover, both ends counted (e.g. 366). */
  maxDays?: number;
  /** Most series points one call may return at the given granularity. */
  maxPoints?: { points: number; granularity: Granularity };
  /** How to ask for less, completing "Ask for ...", e.g. "fewer days or daily granularity". */
  narrowing?: string;
  /** Default: the span of the Swiss Ephemeris files. */
  supported?: SupportedDates;
}

export const POINTS_PER_DAY: Record<Granularity, number> = { daily: 1, hourly: 24 };

/** Days covered, both ends counted (1 for a single day). */
export const daysIn = (range: DateRange): number => spanDays(range) + 1;

/** Points of a series over the range (00:00 UTC daily, or every hour). */
export const pointsIn = (range: DateRange, granularity: Granularity): number =>
  Math.max(0, daysIn(range)) * POINTS_PER_DAY[granularity];

const count = (n: number): string => n.toLocaleString('en-US');

/** Parses and checks `startDate`/`endDate` (`YYYY-MM-DD`, UTC, both inclusive); throws the 400 to send. */
export function checkedDateRange(
  input: { startDate: string; endDate: string },
  limits: RangeLimits = {},
): DateRange {
  const range = {
    startDate: parseDate(input.startDate, 'startDate'),
    endDate: parseDate(input.endDate, 'endDate'),
  };
  if (spanDays(range) < 0) {
    throw invalidInput(
      'endDate',
      `${input.endDate} is before startDate ${input.startDate}: send an endDate on or after startDate ` +
        '(both dates are included; the same date twice gives one day)',
      { received: input.endDate },
    );
  }
  const supported = limits.supported ?? SUPPORTED_RANGE;
  for (const field of ['startDate', 'endDate'] as const) {
    const jd = jdOfDate(range[field]);
    if (jd < supported.startJdUT || jd >= supported.endJdUT) {
      throw new AppError(
        'out_of_range',
        `${field}: ${input[field]} is outside the supported dates ${supported.firstDay} to ${supported.lastDay} (UTC).`,
        {
          details: [
            {
              field,
              message: 'outside the supported dates',
              from: supported.firstDay,
              to: supported.lastDay,
            },
          ],
        },
      );
    }
  }
  const ask = limits.narrowing ? ` Ask for ${limits.narrowing}.` : '';
  const days = daysIn(range);
  if (limits.maxDays !== undefined && days > limits.maxDays) {
    throw new AppError(
      'span_too_long',
      `The range ${input.startDate} to ${input.endDate} covers ${count(days)} days; at most ` +
        `${count(limits.maxDays)} days are allowed per call.${ask || ' Ask for fewer days, or split the range into several calls.'}`,
      { details: [{ field: 'endDate', message: 'span too long', days, maxDays: limits.maxDays }] },
    );
  }
  if (limits.maxPoints) {
    const { points: max, granularity } = limits.maxPoints;
    const points = pointsIn(range, granularity);
    if (points > max) {
      const perDay = POINTS_PER_DAY[granularity];
      throw new AppError(
        'span_too_long',
        `The range ${input.startDate} to ${input.endDate} has ${count(points)} ${granularity} points; at most ` +
          `${count(max)} points are allowed per call (${count(Math.floor(max / perDay))} days ${granularity}).` +
          (ask || ' Ask for fewer days, or split the range into several calls.'),
        {
          details: [{ field: 'endDate', message: 'too many points', points, maxPoints: max, granularity }],
        },
      );
    }
  }
  return range;
}
