/**
 * Wall clock + IANA zone -> UTC instant.
 * Expected offsets: the IANA tz database (the bundled data/zones.json.gz, tz 2026f with backzone; the
 * whole of it is checked against zdump and zoneinfo in test/sweep/zone-reference.test.ts), cross-checked with the
 * measurements in shared/reference/astrology-bazi-location.md section D5 (London wartime double
 * summer time, Moscow 1990, Kolkata war time, Toronto 1948 DST start on April 25, New York 2024
 * transitions, Lord Howe's half-hour fold, São Paulo's midnight gap, LMT before standard time).
 * Regression names follow the luxon mis-conversion measured there (London 1941-08-10 01:30).
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src/core/errors.js';
import {
  parseDate,
  parseTime,
  resolveWallClock,
  type WallClock,
  offsetSecondsAt,
  wallClockAt,
} from '../../../src/core/time/index.js';
import { civilFromDays, daysFromCivil } from '../../../src/core/time/calendar.js';

const wall = (s: string): WallClock => {
  const [d, t] = s.split(' ') as [string, string];
  return { ...parseDate(d, 'date'), ...parseTime(t, 'time') };
};
const hours = (zone: string, s: string) => resolveWallClock(wall(s), zone).offsetSeconds / 3600;

describe('historical offsets', () => {
  it.each([
    ['Europe/London', '1941-06-15 12:00', 2],
    ['Europe/London', '1941-01-15 12:00', 1],
    ['Europe/London', '1968-12-15 12:00', 1],
    ['Europe/Moscow', '1990-07-15 12:00', 4],
    ['Europe/Moscow', '1990-01-15 12:00', 3],
    ['Asia/Kolkata', '1943-06-15 12:00', 6.5],
    ['America/Toronto', '1948-04-09 00:05', -5],
    ['America/Toronto', '1948-07-15 12:00', -4],
    ['Asia/Shanghai', '1988-06-15 12:00', 9],
    ['America/Indiana/Indianapolis', '1975-07-01 12:00', -5],
    ['America/New_York', '2100-07-04 12:00', -4],
  ])('%s %s is UTC%s', (zone, at, expected) => {
    expect(hours(zone, at)).toBe(expected);
  });

  it('uses local mean time before standard time (New York 1880 = -04:56:02)', () => {
    expect(resolveWallClock(wall('1880-01-01 12:00'), 'America/New_York').offsetSeconds).toBe(
      -(4 * 3600 + 56 * 60 + 2),
    );
  });
});

describe('gaps and folds are resolved by the documented rule and reported', () => {
  it('spring-forward gap 2024-03-10 02:30 New York reads with the earlier offset: 03:30 EDT', () => {
    const r = resolveWallClock(wall('2024-03-10 02:30'), 'America/New_York');
    expect(r.kind).toBe('gap');
    expect(new Date(r.utcMs).toISOString()).toBe('2024-03-10T07:30:00.000Z');
    expect(r.warning).toMatch(/does not exist/);
    expect(wallClockAt('America/New_York', r.utcMs)).toMatchObject({ hour: 3, minute: 30 });
  });

  it('fall-back fold 2024-11-03 01:30 New York takes the earlier instant (EDT)', () => {
    const r = resolveWallClock(wall('2024-11-03 01:30'), 'America/New_York');
    expect(r.kind).toBe('fold');
    expect(r.offsetSeconds).toBe(-4 * 3600);
    expect(new Date(r.utcMs).toISOString()).toBe('2024-11-03T05:30:00.000Z');
    expect(r.warning).toMatch(/ambiguous/);
  });

  it('half-hour fold on Lord Howe (2024-04-07 01:45) takes +11:00', () => {
    const r = resolveWallClock(wall('2024-04-07 01:45'), 'Australia/Lord_Howe');
    expect(r.kind).toBe('fold');
    expect(r.offsetSeconds).toBe(11 * 3600);
  });

  it('midnight gap in São Paulo 2018-11-04 00:30 becomes 01:30 -02:00', () => {
    const r = resolveWallClock(wall('2018-11-04 00:30'), 'America/Sao_Paulo');
    expect(r.kind).toBe('gap');
    expect(new Date(r.utcMs).toISOString()).toBe('2018-11-04T03:30:00.000Z');
  });

  it('London 1941-08-10 01:30 (luxon mis-converts it) stays 01:30 +02:00', () => {
    const r = resolveWallClock(wall('1941-08-10 01:30'), 'Europe/London');
    expect(r.kind).toBe('exact');
    expect(new Date(r.utcMs).toISOString()).toBe('1941-08-09T23:30:00.000Z');
  });
});

describe('parsing', () => {
  it.each(['2023-02-30', '2023-13-01', '2023-00-10', '1999-2-3', '2023/02/03', ''])(
    'rejects date %j',
    (s) => {
      expect(() => parseDate(s, 'birthDate')).toThrow(AppError);
    },
  );
  it.each(['24:00', '12:60', '7:30', '12:00:00', 'noon'])('rejects time %j', (s) => {
    expect(() => parseTime(s, 'birthTime')).toThrow(/birthTime/);
  });
  it('accepts a leap day and the last minute of a day', () => {
    expect(parseDate('2024-02-29', 'birthDate')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseTime('23:59', 'birthTime')).toEqual({ hour: 23, minute: 59 });
  });
  it('names the field and the accepted form', () => {
    try {
      parseDate('2023-02-30', 'birthDate');
      expect.unreachable();
    } catch (e) {
      expect((e as AppError).code).toBe('invalid_input');
      expect((e as AppError).message).toContain('birthDate');
      expect((e as AppError).details?.[0]).toMatchObject({ field: 'birthDate', expected: 'YYYY-MM-DD' });
      expect((e as AppError).message).toMatch(/2023-02 has 28 days/);
    }
  });
});

describe("wallClockAt's calendar arithmetic agrees with Date's proleptic Gregorian calendar", () => {
  // wallClockAt turns UT + offset into a date with its own day arithmetic (core/time/calendar.ts);
  // Date's UTC fields are the independent reference, from before the ephemeris range to after it,
  // across centuries that are and are not leap years (1800, 1900, 2000, 2100, 2400).
  it.each(['America/Toronto', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Apia', 'Asia/Kathmandu'])(
    '%s',
    (zone) => {
      let checked = 0;
      for (
        let t = Date.UTC(1790, 0, 1);
        t < Date.UTC(2410, 0, 1);
        t += 86_400_000 * 97 + 3_600_000 * 5 + 61_000
      ) {
        const local = new Date(t + offsetSecondsAt(zone, t) * 1000);
        expect(wallClockAt(zone, t)).toEqual({
          year: local.getUTCFullYear(),
          month: local.getUTCMonth() + 1,
          day: local.getUTCDate(),
          hour: local.getUTCHours(),
          minute: local.getUTCMinutes(),
          second: local.getUTCSeconds(),
        });
        checked++;
      }
      expect(checked).toBeGreaterThan(2000);
    },
  );

  it('day numbers round-trip through every day of 1600-2400', () => {
    // Mismatches are gathered rather than asserted one by one: 292,000 expect calls took 7 s.
    const wrong: string[] = [];
    let days = 0;
    for (let d = daysFromCivil(1600, 1, 1); d <= daysFromCivil(2400, 12, 31); d++, days++) {
      const c = civilFromDays(d);
      if (daysFromCivil(c.year, c.month, c.day) !== d) wrong.push(`day ${d} -> ${JSON.stringify(c)}`);
      if (d % 97 === 0 && d * 86_400_000 !== Date.UTC(c.year, c.month - 1, c.day))
        wrong.push(`day ${d} is not ${c.year}-${c.month}-${c.day} for Date`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(days).toBe(292_560); // 801 years of 365 days, and 195 leap days (1600, 2000 and 2400 among them)
  });
});
