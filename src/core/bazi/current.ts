import { AppError, invalidInput } from '../errors.js';
import type { Ephemeris } from '../ephemeris/index.js';
import { julianDayUT, parseDate, resolveWallClock, utcMsFromJulianDay } from '../time/index.js';
import { BAZI_BIRTH_RANGE, type BaziChart, type Pillar, pillarOf, termMoment } from './chart.js';
import {
  type CurrentSide,
  type Interaction,
  interactionsOf,
  type NatalSide,
  type PillarRef,
} from './interactions.js';
import { luckPillarAt, luckStartDate } from './luck.js';
import { baziYearOf, dayCycleOf, julianDayNumber, monthCycleOf, yearCycleOf } from './pillars.js';
import { type JieInstant, jieBracket } from './solar-terms.js';
import { BRANCHES, cycleIndex, STEMS } from './tables.js';

/**
 * The BaZi year in force at a date: the annual, monthly and daily pillars of that date, the luck
 * pillar running on it, and how they meet the natal pillars.
 *
 * A date has no time, so the annual and monthly pillars are those in force at the end of that day
 * in the birth place's time zone: a day on which a jie falls counts in the month it begins, as the
 * almanacs print it (2024-02-04, the day of Lichun, is a 甲辰-year day). The daily pillar is the
 * date's own, from the unbroken 60-day cycle.
 */

export interface CurrentLuckPillar extends Pillar {
  /** Its place in luckPillars.pillars, 1-8. */
  number: number;
  startDate: string;
  /** The day the next luck pillar starts (this one runs up to the day before). */
  endDate: string;
}

export interface BaziCurrent {
  date: string;
  /** The instant the annual and monthly pillars are read at, ISO 8601 UTC. */
  utc: string;
  annual: Pillar;
  monthly: Pillar;
  daily: Pillar;
  /** null before the first luck pillar starts or after the eighth ends. */
  luck: CurrentLuckPillar | null;
  interactions: Interaction[];
}

/** Dates `date` may name: as for births (the jie on either side inside the ephemeris files). */
export const BAZI_DATE_RANGE = {
  firstDay: BAZI_BIRTH_RANGE.firstDay,
  lastDay: BAZI_BIRTH_RANGE.lastDay,
} as const;

const isoSecond = (ms: number): string =>
  `${new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19)}Z`;

const cycleOfGanzhi = (ganzhi: string): number =>
  cycleIndex(
    STEMS.findIndex((s) => s.char === ganzhi[0]),
    BRANCHES.findIndex((b) => b.char === ganzhi[1]),
  );

const refOf = <Side extends string>(side: Side, cycle: number): PillarRef<Side> => ({
  side,
  stem: cycle % 10,
  branch: cycle % 12,
});

/** 00:00 of a local date in `zone` and of the day after, UTC milliseconds. */
function localDayBounds(date: { year: number; month: number; day: number }, zone: string) {
  const next = new Date(0);
  next.setUTCFullYear(date.year, date.month - 1, date.day + 1);
  const midnight = { hour: 0, minute: 0 };
  const after = { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
  return {
    startMs: resolveWallClock({ ...date, ...midnight }, zone).utcMs,
    endMs: resolveWallClock({ ...after, ...midnight }, zone).utcMs,
  };
}

/** Checks `date` (form, calendar, supported dates, not before the birth); throws the 400 to send. */
function checkedDate(date: string, birthDate: string) {
  const parsed = parseDate(date, 'date');
  if (date < BAZI_DATE_RANGE.firstDay || date > BAZI_DATE_RANGE.lastDay) {
    const { firstDay, lastDay } = BAZI_DATE_RANGE;
    throw new AppError(
      'out_of_range',
      `date: ${date} is outside the supported dates ${firstDay} to ${lastDay}.`,
      {
        details: [{ field: 'date', message: 'outside the supported dates', from: firstDay, to: lastDay }],
      },
    );
  }
  if (date < birthDate) {
    throw invalidInput('date', `${date} is before the birth date ${birthDate}: send a date on or after it`, {
      expected: `YYYY-MM-DD, from ${birthDate} to ${BAZI_DATE_RANGE.lastDay}`,
      received: date,
    });
  }
  return parsed;
}

/** The luck pillar whose ten years hold `date`, with its ten god from `dayMaster`; null outside them. */
function luckInForce(
  luckPillars: BaziChart['luckPillars'],
  date: string,
  dayMaster: number,
): CurrentLuckPillar | null {
  const k = luckPillarAt(luckPillars, date);
  const pillar = luckPillars.pillars[k];
  if (!pillar) return null;
  return {
    number: k + 1,
    startDate: luckStartDate(luckPillars.startDate, k),
    endDate: luckStartDate(luckPillars.startDate, k + 1),
    ...pillarOf(cycleOfGanzhi(pillar.ganzhi), dayMaster, false),
  };
}

/** The warning for a date on which a jie falls: the pillars given are the ones it begins. */
function termDayWarning(jie: JieInstant, date: string, dayStartMs: number): string[] {
  if (utcMsFromJulianDay(jie.jdUT) < dayStartMs) return [];
  const what = jie.monthIndex === 0 ? 'annual and monthly pillars are the ones' : 'monthly pillar is the one';
  return [
    `A solar term falls on ${date}: ${jie.term.pinyin} (${jie.term.chinese}) at ${termMoment(jie).utc}; ` +
      `the ${what} it begins.`,
  ];
}

export function baziCurrent(
  ephemeris: Ephemeris,
  chart: Pick<BaziChart, 'pillars' | 'luckPillars'>,
  at: { date: string; zone: string; birthDate: string },
): { current: BaziCurrent; warnings: string[] } {
  const date = checkedDate(at.date, at.birthDate);
  const day = localDayBounds(date, at.zone);
  // The last second of the local day: a jie during the day has begun by then.
  const utcMs = day.endMs - 1000;
  const bracket = jieBracket(ephemeris, julianDayUT(utcMs));
  const utc = new Date(utcMs);
  const year = yearCycleOf(baziYearOf(utc.getUTCFullYear(), utc.getUTCMonth() + 1, bracket.monthIndex));
  const month = monthCycleOf(year, bracket.monthIndex);
  const dayMaster = cycleOfGanzhi(chart.pillars.day.ganzhi) % 10;
  const luck = luckInForce(chart.luckPillars, at.date, dayMaster);

  const current = [refOf<CurrentSide>('annual', year), refOf<CurrentSide>('monthly', month)];
  if (luck) current.push(refOf('luck', cycleOfGanzhi(luck.ganzhi)));
  const natal = (['year', 'month', 'day', 'hour'] as const).map((side) =>
    refOf<NatalSide>(side, cycleOfGanzhi(chart.pillars[side].ganzhi)),
  );

  return {
    current: {
      date: at.date,
      utc: isoSecond(utcMs),
      annual: pillarOf(year, dayMaster, false),
      monthly: pillarOf(month, dayMaster, false),
      daily: pillarOf(dayCycleOf(julianDayNumber(date.year, date.month, date.day)), dayMaster, false),
      luck,
      interactions: interactionsOf(current, natal),
    },
    warnings: termDayWarning(bracket.previous, at.date, day.startMs),
  };
}
