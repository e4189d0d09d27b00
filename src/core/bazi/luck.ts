import type { LocalClock } from './pillars.js';
import { ganzhiOf, mod } from './tables.js';

/**
 * Luck pillars (大运): direction from the year stem's polarity and the gender; the start from the
 * exact time between birth and the next jie (forward) or the previous jie (backward), counted at
 * 3 days = 1 year, i.e. each minute of that span is 2 hours of life (reference C3). The age is kept
 * to the minute internally and reported in years, months (of 30 days) and days.
 */

export type Gender = 'male' | 'female';
export type LuckDirection = 'forward' | 'backward';

export interface Age {
  years: number;
  months: number;
  days: number;
}

export interface AnnualPillar {
  /** Gregorian year; its pillar starts at that year's Lichun (early February). */
  year: number;
  ganzhi: string;
}

export interface LuckPillarCycle {
  cycle: number;
  startAge: Age;
  startYear: number;
  years: AnnualPillar[];
}

export interface LuckPlan {
  direction: LuckDirection;
  startAge: Age;
  startDate: string;
  pillars: LuckPillarCycle[];
}

export const LUCK_PILLAR_COUNT = 8;
export const LUCK_PILLAR_YEARS = 10;
/** One minute between birth and the jie is 120 minutes of life (4320 minutes = 1 year). */
const LIFE_MINUTES_PER_SPAN_MINUTE = 120;
const MINUTES_PER_DAY = 1_440;
const DAYS_PER_MONTH = 30;
const MONTHS_PER_YEAR = 12;

export function luckDirection(yearStem: number, gender: Gender): LuckDirection {
  const yang = yearStem % 2 === 0;
  return yang === (gender === 'male') ? 'forward' : 'backward';
}

/** The annual pillar of a Gregorian year (the BaZi year that begins at its Lichun). */
export const annualGanzhi = (year: number): string => ganzhiOf(mod(year - 4, 60));

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * The calendar date reached from a local clock after whole years and months (day clamped to the
 * month's end, as a birthday on the 31st) and then a number of minutes.
 */
function addToClock(clock: LocalClock, years: number, months: number, minutes: number): string {
  const totalMonths = clock.month - 1 + months;
  const year = clock.year + years + Math.floor(totalMonths / MONTHS_PER_YEAR);
  const month = mod(totalMonths, MONTHS_PER_YEAR);
  const monthEnd = new Date(0);
  monthEnd.setUTCFullYear(year, month + 1, 0);
  const d = new Date(0);
  d.setUTCFullYear(year, month, Math.min(clock.day, monthEnd.getUTCDate()));
  d.setUTCHours(clock.hour, clock.minute + minutes, clock.second);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export function luckPlan(args: {
  yearStem: number;
  monthCycle: number;
  gender: Gender;
  /** Milliseconds between the birth and the jie counted to (positive). */
  spanMs: number;
  /** Local civil clock of the birth, to which the start age is added. */
  birthClock: LocalClock;
}): LuckPlan {
  const direction = luckDirection(args.yearStem, args.gender);
  const lifeMinutes = Math.floor((args.spanMs / 60_000) * LIFE_MINUTES_PER_SPAN_MINUTE);
  const totalDays = Math.floor(lifeMinutes / MINUTES_PER_DAY);
  const totalMonths = Math.floor(totalDays / DAYS_PER_MONTH);
  const startAge: Age = {
    years: Math.floor(totalMonths / MONTHS_PER_YEAR),
    months: totalMonths % MONTHS_PER_YEAR,
    days: totalDays % DAYS_PER_MONTH,
  };
  const startDate = addToClock(
    args.birthClock,
    startAge.years,
    startAge.months,
    lifeMinutes - totalMonths * DAYS_PER_MONTH * MINUTES_PER_DAY,
  );
  const firstYear = Number(startDate.slice(0, 4));
  const step = direction === 'forward' ? 1 : -1;
  const pillars = Array.from({ length: LUCK_PILLAR_COUNT }, (_, i): LuckPillarCycle => {
    const startYear = firstYear + LUCK_PILLAR_YEARS * i;
    return {
      cycle: mod(args.monthCycle + step * (i + 1), 60),
      startAge: { ...startAge, years: startAge.years + LUCK_PILLAR_YEARS * i },
      startYear,
      years: Array.from({ length: LUCK_PILLAR_YEARS }, (_, k) => ({
        year: startYear + k,
        ganzhi: annualGanzhi(startYear + k),
      })),
    };
  });
  return { direction, startAge, startDate, pillars };
}

/** The date luck pillar k (0-based) starts: the first at `startDate`, then every ten years. */
export const luckStartDate = (startDate: string, k: number): string =>
  `${String(Number(startDate.slice(0, 4)) + LUCK_PILLAR_YEARS * k).padStart(4, '0')}${startDate.slice(4)}`;

/** Index of the luck pillar running on `asOf` (YYYY-MM-DD), or -1 (before the first, after the last, no date). */
export function luckPillarAt(
  luck: { startDate: string; pillars: readonly unknown[] },
  asOf: string | undefined,
): number {
  const { startDate, pillars } = luck;
  if (!asOf || asOf < startDate) return -1;
  let k = 0;
  while (k + 1 < pillars.length && luckStartDate(startDate, k + 1) <= asOf) k++;
  return luckStartDate(startDate, k + 1) <= asOf ? -1 : k;
}
