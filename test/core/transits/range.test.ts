/**
 * The event tools' date range and name lists (src/core/transits/range.ts, bodies.ts). Expected
 * values are calendar facts (2024 is a leap year: 366 days; 2020-01-01 plus 10 years is 2030-01-01)
 * and the limits of the spec's Limits section (periods 366 days, retrogrades 730, eclipses 10 years).
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import {
  checkedRange,
  HD_BODY_NAMES,
  matchNameList,
  STATION_BODIES,
} from '../../../src/core/transits/index.js';

const errorOf = (f: () => unknown): AppError => {
  try {
    f();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
};

describe('checkedRange', () => {
  it('runs from 00:00 UTC of startDate to 00:00 UTC after endDate', () => {
    const r = checkedRange({ startDate: '2024-01-01', endDate: '2024-12-31' }, { days: 366 });
    expect(r.startJdUT).toBe(2_460_310.5); // 2024-01-01 00:00 UT
    expect(r.endJdUT - r.startJdUT).toBe(366);
    expect(checkedRange({ startDate: '2025-05-05', endDate: '2025-05-05' }, { days: 1 }).endJdUT).toBe(
      2_460_800.5 + 1,
    );
  });

  it('counts days inclusively against a day limit', () => {
    const e = errorOf(() => checkedRange({ startDate: '2024-01-01', endDate: '2025-01-01' }, { days: 366 }));
    expect(e.code).toBe('span_too_long');
    expect(e.message).toMatch(/covers 367 days.*at most 366 days/s);
  });

  it('counts calendar years against a year limit, leap days included', () => {
    expect(() =>
      checkedRange({ startDate: '2020-01-01', endDate: '2029-12-31' }, { years: 10 }),
    ).not.toThrow();
    expect(
      errorOf(() => checkedRange({ startDate: '2020-01-01', endDate: '2030-01-01' }, { years: 10 })).code,
    ).toBe('span_too_long');
    // 2020-02-29 + 10 years rolls to 2030-03-01: the range may end on 2030-02-28.
    expect(() =>
      checkedRange({ startDate: '2020-02-29', endDate: '2030-02-28' }, { years: 10 }),
    ).not.toThrow();
  });

  it('names endDate when it is before startDate, and the date fields outside the files', () => {
    const reversed = errorOf(() =>
      checkedRange({ startDate: '2025-02-01', endDate: '2025-01-31' }, { days: 9 }),
    );
    expect(reversed.code).toBe('invalid_input');
    expect(reversed.details).toEqual([expect.objectContaining({ field: 'endDate' })]);
    const late = errorOf(() =>
      checkedRange({ startDate: '2399-12-01', endDate: '2399-12-30' }, { days: 366 }),
    );
    expect(late.code).toBe('out_of_range');
    expect(late.message).toMatch(/^endDate: 2399-12-30 .*1800-01-02 to 2399-12-29/);
    expect(() =>
      checkedRange({ startDate: '2399-12-01', endDate: '2399-12-29' }, { days: 366 }),
    ).not.toThrow();
  });

  it('checks the form of each date first', () => {
    const e = errorOf(() => checkedRange({ startDate: '2025-02-30', endDate: '2024-01-01' }, { days: 9 }));
    expect(e.details).toEqual([expect.objectContaining({ field: 'startDate' })]);
  });
});

describe('matchNameList', () => {
  it('matches any case and spacing, answers in canonical order without repeats', () => {
    expect(matchNameList(HD_BODY_NAMES, 'bodies', ' moon ,SUN,sun')).toEqual(['Sun', 'Moon']);
    expect(matchNameList(STATION_BODIES, 'planets', 'chiron,Mercury')).toEqual(['Mercury', 'Chiron']);
  });

  it('rejects unknown names and empty lists, naming them and the accepted names', () => {
    const e = errorOf(() => matchNameList(STATION_BODIES, 'planets', 'Mars,Sun,Vulcan'));
    expect(e.message).toMatch(/^planets: unknown "Sun", "Vulcan"; .*Mercury, Venus, Mars/);
    expect(errorOf(() => matchNameList(STATION_BODIES, 'planets', ' , ')).message).toMatch(/no names given/);
  });
});
