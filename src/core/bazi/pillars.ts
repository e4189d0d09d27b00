import { cycleIndex, mod } from './tables.js';

/**
 * The four pillars as sexagenary indexes (0 = 甲子). Year and month come from the Sun's longitude
 * at the true instant; day and hour from a local clock (civil or apparent solar), by the rules of
 * the reference (astrology-bazi-location.md C1).
 */

/** How the 23:00-23:59 (late 子) hour is read. Both give that hour the next day's 子-hour stem. */
export type DayBoundary = 'midnight' | '23:00';

export interface LocalClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export interface PillarIndexes {
  year: number;
  month: number;
  day: number;
  hour: number;
  /** The BaZi (Lichun-based) year number, e.g. 2023 for a birth on 2024-02-04 before Lichun. */
  baziYear: number;
}

const MS_PER_DAY = 86_400_000;
/** Julian Day Number of 1970-01-01. */
const JDN_UNIX_EPOCH = 2_440_588;

/** Julian Day Number of a Gregorian calendar date (noon-based, an integer). */
export function julianDayNumber(year: number, month: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return Math.floor(d.getTime() / MS_PER_DAY) + JDN_UNIX_EPOCH;
}

/** Day pillar of a civil date: the 60-day cycle runs unbroken, JDN 11 being a 甲子 day. */
export const dayCycleOf = (jdn: number): number => mod(jdn - 11, 60);

/**
 * The BaZi year: the civil year of the instant, less one when the Sun has not yet reached Lichun.
 * Only in January and February can the instant lie in the 子 or 丑 month (month index 10 or 11) of
 * the previous BaZi year; in December those months belong to the current one.
 */
export function baziYearOf(utcYear: number, utcMonth: number, monthIndex: number): number {
  return utcMonth <= 2 && monthIndex >= 10 ? utcYear - 1 : utcYear;
}

export function yearCycleOf(baziYear: number): number {
  return mod(baziYear - 4, 60);
}

/** Month pillar: branch 寅 + m; stem by the five-tigers rule, (2 x year stem + 2 + m) mod 10. */
export function monthCycleOf(yearCycle: number, monthIndex: number): number {
  const stem = mod(2 * (yearCycle % 10) + 2 + monthIndex, 10);
  return cycleIndex(stem, mod(monthIndex + 2, 12));
}

/** Hour branch: 子 23:00-00:59, 丑 01:00-02:59, ... */
export const hourBranchOf = (hour: number): number => Math.floor((hour + 1) / 2) % 12;

/** Hour pillar: stem by the five-rats rule from the stem of the day the hour belongs to. */
export function hourCycleOf(dayCycleOfHour: number, hourBranch: number): number {
  return cycleIndex(mod(2 * (dayCycleOfHour % 10) + hourBranch, 10), hourBranch);
}

export function pillarIndexes(
  sun: { monthIndex: number; utcYear: number; utcMonth: number },
  clock: LocalClock,
  dayBoundary: DayBoundary,
): PillarIndexes {
  const baziYear = baziYearOf(sun.utcYear, sun.utcMonth, sun.monthIndex);
  const year = yearCycleOf(baziYear);
  const today = dayCycleOf(julianDayNumber(clock.year, clock.month, clock.day));
  const lateZi = clock.hour === 23;
  // The late 子 hour belongs to the next day's 子 hour in both conventions; only the day differs.
  const hourDay = lateZi ? mod(today + 1, 60) : today;
  return {
    year,
    month: monthCycleOf(year, sun.monthIndex),
    day: lateZi && dayBoundary === '23:00' ? hourDay : today,
    hour: hourCycleOf(hourDay, hourBranchOf(clock.hour)),
    baziYear,
  };
}
