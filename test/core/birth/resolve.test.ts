/**
 * The birth pipeline reports every bad field of a birth in one answer (regression: it stopped at the
 * first, so a date and a time both wrong took two round trips, and the playground could mark only one
 * field). Expected wording is the contract's own (docs/decisions.md, Input validation): a calendar date
 * that does not exist, 24:00, and a place the table does not know, with its field named each time.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveBirth } from '../../../src/core/birth/resolve.js';
import { AppError } from '../../../src/core/errors.js';
import type { CityTable } from '../../../src/core/location/index.js';
import { sharedCities } from '../../helpers/shared.js';

let cities: CityTable;
beforeAll(async () => {
  cities = await sharedCities();
});

const failure = (input: Parameters<typeof resolveBirth>[1]): AppError => {
  try {
    resolveBirth(cities, input);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('resolved');
};

describe('bad birth fields', () => {
  it('names the date, the time and the place together', () => {
    const e = failure({ birthDate: '2023-02-30', birthTime: '24:00', birthLocation: 'Xqzzqyville' });
    expect(e.code).toBe('invalid_input');
    const fields = (e.details as { field: string }[]).map((d) => d.field);
    expect(fields).toEqual(['birthDate', 'birthTime', 'birthLocation']);
    expect(e.message).toMatch(
      /^birthDate: .*2023-02 has 28 days.*; birthTime: .*24:00.*; birthLocation: No place/,
    );
  });

  it('keeps a single fault as it was (a place not found stays location_not_found)', () => {
    expect(failure({ birthDate: '2023-02-28', birthTime: '12:00', birthLocation: 'Xqzzqyville' }).code).toBe(
      'location_not_found',
    );
    const date = failure({
      birthDate: '2023-02-30',
      birthTime: '12:00',
      birthLocation: 'London, United Kingdom',
    });
    expect(date.code).toBe('invalid_input');
    expect((date.details as { field: string }[]).map((d) => d.field)).toEqual(['birthDate']);
  });
});
