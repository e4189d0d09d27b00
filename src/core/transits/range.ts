import { SUPPORTED_RANGE } from '../ephemeris/index.js';
import { AppError, invalidInput } from '../errors.js';
import { parseDate } from '../time/index.js';
import { type DateRange, jdOfDate } from './time.js';

/**
 * The date range of the event tools: `startDate` and `endDate` (YYYY-MM-DD, UTC, both inclusive),
 * checked in the order a caller fixes them: each date's form, then their order, then the span
 * against the tool's limit, then the ephemeris files. The range runs from 00:00 UTC of the start
 * date to 00:00 UTC of the day after the end date.
 */

export interface CheckedRange extends DateRange {
  startJdUT: number;
  /** 00:00 UTC of the day after endDate (exclusive end). */
  endJdUT: number;
}

/** A span limit: whole days counted inclusively, or calendar years (endDate before the same date N years on). */
export type SpanLimit = { days: number } | { years: number };

const limitText = (limit: SpanLimit): string =>
  'days' in limit ? `${limit.days} days` : `${limit.years} years`;

/**
 * Dates a range may use. The files end at 2399-12-31 00:00 UT (exclusive) and a range is sampled up
 * to 00:00 UTC after its endDate, so the last endDate is 2399-12-29.
 */
export const EVENT_RANGE = {
  firstDay: SUPPORTED_RANGE.firstDay,
  lastDay: '2399-12-29',
} as const;

export function checkedRange(input: { startDate: string; endDate: string }, limit: SpanLimit): CheckedRange {
  const startDate = parseDate(input.startDate, 'startDate');
  const endDate = parseDate(input.endDate, 'endDate');
  const startJdUT = jdOfDate(startDate);
  const endJdUT = jdOfDate(endDate) + 1;
  if (endJdUT <= startJdUT) {
    throw invalidInput(
      'endDate',
      `${input.endDate} is before startDate ${input.startDate}; send an endDate on or after the startDate`,
    );
  }
  const days = Math.round(endJdUT - startJdUT);
  const tooLong =
    'days' in limit
      ? days > limit.days
      : endJdUT > jdOfDate({ ...startDate, year: startDate.year + limit.years });
  if (tooLong) {
    const max = limitText(limit);
    throw new AppError(
      'span_too_long',
      `The range ${input.startDate} to ${input.endDate} covers ${days} days; this tool allows at most ${max} ` +
        `per call (both dates inclusive). Narrow the range, or split it into consecutive calls of at most ${max}.`,
      { details: [{ field: 'endDate', message: `span over ${max}`, maxSpan: max, days }] },
    );
  }
  for (const [field, value] of [
    ['startDate', input.startDate],
    ['endDate', input.endDate],
  ] as const) {
    if (value < EVENT_RANGE.firstDay || value > EVENT_RANGE.lastDay) {
      throw new AppError(
        'out_of_range',
        `${field}: ${value} is outside the supported dates ${EVENT_RANGE.firstDay} to ${EVENT_RANGE.lastDay} ` +
          '(the span of the Swiss Ephemeris files).',
        { details: [{ field, message: 'date outside the ephemeris range', ...EVENT_RANGE }] },
      );
    }
  }
  return { startDate, endDate, startJdUT, endJdUT };
}
