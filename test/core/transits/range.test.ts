/**
 * The date range and name lists of the transit and event tools (src/core/transits/range.ts,
 * name-list.ts, src/schemas/name-list.ts). Expected
 * values are calendar facts (2024 is a leap year: 366 days; 2020-01-01 plus 10 years is 2030-01-01)
 * and the limits of the spec's Limits section (periods 366 days, retrogrades 730, eclipses 10 years).
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import {
  checkedDateRange,
  EVENT_DATES,
  HD_BODY_NAMES,
  namesFromList,
  STATION_BODIES,
} from '../../../src/core/transits/index.js';
import { nameListField, namesOf } from '../../../src/schemas/name-list.js';

const errorOf = (f: () => unknown): AppError => {
  try {
    f();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
};

describe('checkedDateRange', () => {
  it('runs from 00:00 UTC of startDate to 00:00 UTC after endDate', () => {
    const r = checkedDateRange(
      { startDate: '2024-01-01', endDate: '2024-12-31' },
      { maxDays: 366, supported: EVENT_DATES },
    );
    expect(r.startJdUT).toBe(2_460_310.5); // 2024-01-01 00:00 UT
    expect(r.endJdUT - r.startJdUT).toBe(366);
    expect(
      checkedDateRange(
        { startDate: '2025-05-05', endDate: '2025-05-05' },
        { maxDays: 1, supported: EVENT_DATES },
      ).endJdUT,
    ).toBe(2_460_800.5 + 1);
  });

  it('counts days inclusively against a day limit', () => {
    const e = errorOf(() =>
      checkedDateRange(
        { startDate: '2024-01-01', endDate: '2025-01-01' },
        { maxDays: 366, supported: EVENT_DATES },
      ),
    );
    expect(e.code).toBe('span_too_long');
    expect(e.message).toMatch(/covers 367 days.*at most 366 days/s);
  });

  it('counts calendar years against a year limit, leap days included', () => {
    expect(() =>
      checkedDateRange(
        { startDate: '2020-01-01', endDate: '2029-12-31' },
        { maxYears: 10, supported: EVENT_DATES },
      ),
    ).not.toThrow();
    expect(
      errorOf(() =>
        checkedDateRange(
          { startDate: '2020-01-01', endDate: '2030-01-01' },
          { maxYears: 10, supported: EVENT_DATES },
        ),
      ).code,
    ).toBe('span_too_long');
    // 2020-02-29 + 10 years rolls to 2030-03-01: the range may end on 2030-02-28.
    expect(() =>
      checkedDateRange(
        { startDate: '2020-02-29', endDate: '2030-02-28' },
        { maxYears: 10, supported: EVENT_DATES },
      ),
    ).not.toThrow();
  });

  it('names endDate when it is before startDate, and the date fields outside the files', () => {
    const reversed = errorOf(() =>
      checkedDateRange(
        { startDate: '2025-02-01', endDate: '2025-01-31' },
        { maxDays: 9, supported: EVENT_DATES },
      ),
    );
    expect(reversed.code).toBe('invalid_input');
    expect(reversed.details).toEqual([expect.objectContaining({ field: 'endDate' })]);
    const late = errorOf(() =>
      checkedDateRange(
        { startDate: '2399-12-01', endDate: '2399-12-30' },
        { maxDays: 366, supported: EVENT_DATES },
      ),
    );
    expect(late.code).toBe('out_of_range');
    expect(late.message).toMatch(/^endDate: 2399-12-30 .*1800-01-02 to 2399-12-29/);
    expect(() =>
      checkedDateRange(
        { startDate: '2399-12-01', endDate: '2399-12-29' },
        { maxDays: 366, supported: EVENT_DATES },
      ),
    ).not.toThrow();
  });

  it('checks the form of each date first', () => {
    const e = errorOf(() =>
      checkedDateRange(
        { startDate: '2025-02-30', endDate: '2024-01-01' },
        { maxDays: 9, supported: EVENT_DATES },
      ),
    );
    expect(e.details).toEqual([expect.objectContaining({ field: 'startDate' })]);
  });
});

describe('name lists', () => {
  it('match any case and spacing, in canonical order without repeats', () => {
    expect(namesFromList(HD_BODY_NAMES, ' moon ,SUN,sun').found).toEqual(['Sun', 'Moon']);
    expect(namesFromList(STATION_BODIES, 'chiron,Mercury').found).toEqual(['Mercury', 'Chiron']);
  });

  it('are refused by the schema when a name is unknown, with the accepted names', () => {
    const planets = nameListField(STATION_BODIES, { one: 'planet', many: 'planets', example: 'Mercury' });
    const unknown = planets.safeParse('Mars,Sun,Vulcan');
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.message).toMatch(
      /^unknown planets "Sun", "Vulcan": .*Mercury, Venus, Mars/,
    );
    expect(planets.safeParse('venus').success).toBe(true);
  });

  it('regression: an empty list (bodies=, as a form sends it) was schema-valid but refused; it selects every name', () => {
    const planets = nameListField(STATION_BODIES, { one: 'planet', many: 'planets', example: 'Mercury' });
    for (const empty of ['', ' , ', ',']) {
      expect(planets.safeParse(empty).success, JSON.stringify(empty)).toBe(true);
      expect(namesOf(STATION_BODIES, empty)).toEqual([...STATION_BODIES]);
    }
    expect(namesOf(STATION_BODIES, undefined)).toEqual([...STATION_BODIES]);
    expect(namesOf(STATION_BODIES, 'venus')).toEqual(['Venus']);
  });
});
