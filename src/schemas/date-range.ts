import * as z from 'zod';
import { dateField } from './birth-input.js';
import { hinted } from './field-hints.js';

/**
 * The shared input of the time-series and event tools: a range of whole UTC days, both included,
 * and (for series) the granularity. The schema checks the form; the calendar, the order of the two
 * dates, the supported dates and each tool's limit are checked by `checkedDateRange`
 * (core/transits/range.ts), which names the field, the limit and how to narrow the request.
 */

/** startDate and endDate; `limitNote` states the tool's span or point limit (e.g. "At most 366 days."). */
export function dateRangeFields(limitNote = '') {
  const note = limitNote ? ` ${limitNote}` : '';
  return {
    startDate: dateField(`First day of the range, YYYY-MM-DD (UTC), included, e.g. "2025-01-01".${note}`),
    endDate: dateField(
      'Last day of the range, YYYY-MM-DD (UTC), included; on or after startDate (the same date gives one day).',
    ),
  };
}

export const GRANULARITIES = ['daily', 'hourly'] as const;

/** daily = 00:00 UTC of each day; hourly = every hour from 00:00 of startDate to 23:00 of endDate. */
export const granularityField = (defaultValue: (typeof GRANULARITIES)[number]) =>
  hinted(
    z
      .enum(GRANULARITIES)
      .default(defaultValue)
      .describe(
        `"daily" (00:00 UTC of each day) or "hourly" (every hour, 00:00 of startDate to 23:00 of endDate); ` +
          `default "${defaultValue}".`,
      ),
    { expected: '"daily" or "hourly"' },
  );
