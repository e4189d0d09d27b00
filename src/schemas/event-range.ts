import { dateField } from './birth-input.js';

/**
 * startDate and endDate of the event tools (periods, eclipses, retrogrades): UTC calendar dates,
 * both inclusive. The order, span and ephemeris checks run in core/transits/range.ts, where each
 * tool's limit is known; `maxSpan` goes into the description so a model sees the limit up front.
 */
export function eventRangeFields(maxSpan: string) {
  return {
    startDate: dateField('First UTC day of the range, YYYY-MM-DD (inclusive), from 1800-01-02.'),
    endDate: dateField(
      `Last UTC day of the range, YYYY-MM-DD (inclusive), up to 2399-12-29; the range covers at most ${maxSpan}.`,
    ),
  };
}
