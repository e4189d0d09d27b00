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
  /** Most calendar years one call may cover: endDate before the same date that many years on. */
  maxYears?: number;
  /** Most series points one call may return at the given granularity. */
  maxPoints?: { points: number; granularity: Granularity };
  /** How to ask for less, completing "Ask for ...", e.g. "fewer days or daily granularity". */
  narrowing?: string;
  /** Default: the span of the Swiss Ephemeris files. */
  supported?: SupportedDates;
}

/** A checked range with its instants: 00:00 UTC of startDate and of the day after endDate. */
export interface CheckedRange extends DateRange {
  startJdUT: number;
  /** Exclusive end: 00:00 UTC of the day after endDate. */
  endJdUT: number;
}

/**
 * Dates an event search may use: it samples up to 00:00 UTC after endDate, and the files end at
 * 2399-12-31 00:00 UT (exclusive), so the last endDate is 2399-12-29.
 */
export const EVENT_DATES: SupportedDates = {
  startJdUT: SUPPORTED_RANGE.startJdUT,
  endJdUT: SUPPORTED_RANGE.endJdUT - 1,
  firstDay: SUPPORTED_RANGE.firstDay,
  lastDay: '2399-12-29',
};

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
): CheckedRange {
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
  if (limits.maxYears !== undefined) {
    const { year, month, day } = range.startDate;
    const limit = jdOfDate({ year: year + limits.maxYears, month, day });
    if (jdOfDate(range.endDate) + 1 > limit) {
      throw new AppError(
        'span_too_long',
        `The range ${input.startDate} to ${input.endDate} is longer than ${limits.maxYears} years, the most ` +
          `allowed per call.${ask || ` Ask for fewer years, or split the range into calls of at most ${limits.maxYears} years.`}`,
        { details: [{ field: 'endDate', message: 'span too long', days, maxYears: limits.maxYears }] },
      );
    }
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
  return { ...range, startJdUT: jdOfDate(range.startDate), endJdUT: jdOfDate(range.endDate) + 1 };
}
