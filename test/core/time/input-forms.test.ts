/**
 * Date and time texts in other forms than the contract's get a message naming the accepted form and,
 * when only one reading exists, the corrected value; ambiguous and impossible values get no guess.
 * Sources: the spec's Conventions ("Dates are YYYY-MM-DD. Times are HH:MM, 24-hour"), docs/decisions.md
 * (Time: forms are strict, nothing is trimmed or guessed); expected values worked by hand from the
 * Gregorian calendar (1988 is a leap year) and the 12-hour clock (12 am = 00, 12 pm = 12).
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import { dateProblem, parseDate, parseTime, timeProblem } from '../../../src/core/time/index.js';

describe('time forms', () => {
  it.each([
    ['6:20am', '06:20', /12-hour/],
    ['6:20pm', '18:20', /12-hour/],
    ['6:20 PM', '18:20', /12-hour/],
    ['12:00am', '00:00', /12-hour/],
    ['12:30pm', '12:30', /12-hour/],
    ['6pm', '18:00', /12-hour/],
    ['06:20:00', '06:20', /seconds/],
    ['06:20:45', '06:20', /seconds/],
    ['18:30 ', '18:30', /spaces/],
    [' 6:20pm', '18:20', /spaces.*12-hour/],
    ['6:20', '06:20', /two-digit hour/],
    ['18.30', '18:30', /HH:MM/],
    ['1830', '18:30', /HH:MM/],
    ['noon', '12:00', /12:00/],
  ])('%j -> %j', (text, fixed, why) => {
    const p = timeProblem(text);
    expect(p).not.toBeNull();
    expect(p!.suggestion).toBe(fixed);
    expect(p!.message).toMatch(why);
    expect(p!.message).toContain(`"${fixed}"`);
    expect(timeProblem(fixed)).toBeNull();
  });

  it.each([
    ['24:00', /00:00 of the next day/],
    ['25:00', /00:00 to 23:59/],
    ['12:60', /00:00 to 23:59/],
    ['0:30am', /HH:MM/],
    ['13:00pm', /HH:MM/],
    ['abc', /HH:MM \(24-hour\)/],
    ['', /empty.*HH:MM/],
    ['unknown', /ask the user.*12:00.*stand-in/],
  ])('%j has no single corrected value', (text, why) => {
    const p = timeProblem(text);
    expect(p!.message).toMatch(why);
    expect(p!.suggestion).toBeUndefined();
  });

  it('accepts exactly 00:00 to 23:59', () => {
    for (const t of ['00:00', '09:05', '12:00', '23:59']) expect(timeProblem(t)).toBeNull();
  });
});

describe('date forms', () => {
  it.each([
    ['March 14, 1988', '1988-03-14', /month/],
    ['Mar 14th 1988', '1988-03-14', /month/],
    ['14 March 1988', '1988-03-14', /month/],
    ['Sept. 2, 1990', '1990-09-02', /month/],
    ['14/03/1988', '1988-03-14', /day\/month\/year/],
    ['14.03.1988', '1988-03-14', /day\/month\/year/],
    ['03/14/1988', '1988-03-14', /month\/day\/year/],
    ['05/05/1988', '1988-05-05', /YYYY-MM-DD/],
    ['1988-3-14', '1988-03-14', /two-digit month and day/],
    ['1988/03/14', '1988-03-14', /separators/],
    ['19880314', '1988-03-14', /no separators/],
    ['1988-03-14T06:20', '1988-03-14', /time/],
    [' 1988-03-14', '1988-03-14', /spaces/],
  ])('%j -> %j', (text, fixed, why) => {
    const p = dateProblem(text);
    expect(p!.suggestion).toBe(fixed);
    expect(p!.message).toMatch(why);
    expect(p!.message).toContain(`"${fixed}"`);
    expect(dateProblem(fixed)).toBeNull();
  });

  it('"03/04/1988" is ambiguous: both readings are named and neither is guessed', () => {
    const p = dateProblem('03/04/1988');
    expect(p!.suggestion).toBeUndefined();
    expect(p!.message).toMatch(/ambiguous/);
    expect(p!.message).toContain('"1988-04-03"');
    expect(p!.message).toContain('"1988-03-04"');
  });

  it.each([
    ['31/02/1988', /February 1988 has 29 days/],
    ['2023-02-30', /2023-02 has 28 days/],
    ['2023-13-01', /month 13 does not exist/],
    ['03/14/88', /four digits/],
    ['xyz', /YYYY-MM-DD/],
    ['', /empty/],
  ])('%j is refused without a guess', (text, why) => {
    const p = dateProblem(text);
    expect(p!.message).toMatch(why);
    expect(p!.suggestion).toBeUndefined();
  });
});

describe('parseDate and parseTime errors', () => {
  it('carry field, expected form, the value received and the suggestion', () => {
    try {
      parseTime('6:20pm', 'birthTime1');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).message).toMatch(/^birthTime1: "6:20pm" is a 12-hour time/);
      expect((e as AppError).details).toEqual([
        {
          field: 'birthTime1',
          message: expect.stringContaining('"18:20"'),
          expected: 'HH:MM, 24-hour, 00:00-23:59',
          received: '6:20pm',
          suggestion: '18:20',
        },
      ]);
    }
    try {
      parseDate('03/04/1988', 'birthDate');
      expect.unreachable();
    } catch (e) {
      expect((e as AppError).details?.[0]).toMatchObject({
        field: 'birthDate',
        expected: 'YYYY-MM-DD',
        received: '03/04/1988',
      });
      expect((e as AppError).details?.[0]).not.toHaveProperty('suggestion');
    }
  });
});
