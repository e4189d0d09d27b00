import { AppError } from '../errors.js';
import { type Ephemeris, SUPPORTED_RANGE } from '../ephemeris/index.js';
import { julianDayUT, utcMsFromJulianDay } from '../time/index.js';
import {
  type Age,
  type AnnualPillar,
  type Gender,
  type LuckDirection,
  luckDirection,
  luckPlan,
} from './luck.js';
import { type DayBoundary, type LocalClock, pillarIndexes } from './pillars.js';
import { type JieInstant, jieBracket } from './solar-terms.js';
import {
  type BranchInfo,
  branchOf,
  DAY_MASTER_GOD,
  type Element,
  ELEMENTS,
  ganzhiOf,
  HIDDEN_STEMS,
  type NaYin,
  naYinOf,
  type StemInfo,
  stemOf,
  type TenGod,
  tenGodOf,
} from './tables.js';

/**
 * A Four Pillars chart from a UT instant, the local clock offset and the birth longitude:
 *
 *   Sun's longitude at the instant -> year (Lichun) and month (jie) pillars
 *   local civil or apparent solar clock -> day and hour pillars
 *   the jie before and after -> luck pillars and the "near a solar term" warning
 */

export type SolarTimeBasis = 'standard' | 'true';

export interface BaziOptions {
  gender: Gender;
  dayBoundary: DayBoundary;
  solarTime: SolarTimeBasis;
}

export interface HiddenStem extends StemInfo {
  tenGod: TenGod;
}

export interface Pillar {
  ganzhi: string;
  stem: StemInfo;
  branch: BranchInfo;
  /** The branch's hidden stems, main qi first, each with its ten god. */
  hiddenStems: HiddenStem[];
  /** Ten god of the pillar's stem; the day pillar's is the Day Master itself. */
  tenGod: TenGod;
  naYin: NaYin;
}

export interface Pillars {
  year: Pillar;
  month: Pillar;
  day: Pillar;
  hour: Pillar;
}

export interface SolarTermMoment {
  chinese: string;
  pinyin: string;
  longitude: number;
  utc: string;
}

export interface LuckPillar {
  ganzhi: string;
  tenGod: TenGod;
  startAge: Age;
  startYear: number;
  years: AnnualPillar[];
}

export interface LuckPillars {
  direction: LuckDirection;
  startAge: Age;
  startDate: string;
  /** The jie the start is counted to (the next one going forward, the previous going backward). */
  countedTo: SolarTermMoment;
  pillars: LuckPillar[];
}

export interface PillarClock {
  date: string;
  time: string;
  basis: 'civil' | 'apparent-solar';
  /** Present for apparent solar time: the equation of time applied, minutes. */
  equationOfTimeMinutes?: number;
}

export interface BaziChart {
  pillars: Pillars;
  dayMaster: StemInfo;
  elements: Record<Element, number>;
  luckPillars: LuckPillars;
  solarTerms: { previous: SolarTermMoment; next: SolarTermMoment };
  pillarClock: PillarClock;
  options: BaziOptions & { note: string };
  warnings: string[];
}

/** What the chart needs of a resolved birth. */
export interface BaziMoment {
  utcMs: number;
  /** UTC offset of the civil clock at the birth, seconds. */
  offsetSeconds: number;
  /** Birth longitude, degrees east (for apparent solar time). */
  longitude: number;
}

/** Warn when the birth lies this close to a jie: the recorded time may put it on the wrong side. */
export const SOLAR_TERM_WARNING_MINUTES = 60;

/**
 * Births the chart covers: the jie on either side must lie inside the ephemeris files, and jie are
 * at most 32 days apart.
 */
export const BAZI_BIRTH_RANGE = {
  startJdUT: SUPPORTED_RANGE.startJdUT + 32,
  endJdUT: SUPPORTED_RANGE.endJdUT - 32,
  firstDay: '1800-02-03',
  lastDay: '2399-11-28',
} as const;

const OPTIONS_NOTE =
  'Year and month pillars follow the true UTC instant of the birth against Lichun and the 12 jie solar terms ' +
  '(not the local clock read as Beijing time); day and hour pillars follow the local date and time named in ' +
  'pillarClock. Luck pillars start after the exact time to the counted jie at 3 days = 1 year.';

const MS_PER_MINUTE = 60_000;
const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Calendar fields of a millisecond count read as UTC (the caller has shifted it to local). */
function clockOf(ms: number): LocalClock {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

const dateText = (c: LocalClock): string => `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
const timeText = (c: LocalClock): string => `${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;

export function termMoment(jie: JieInstant): SolarTermMoment {
  const ms = Math.round(utcMsFromJulianDay(jie.jdUT) / 1000) * 1000;
  return {
    chinese: jie.term.chinese,
    pinyin: jie.term.pinyin,
    longitude: jie.term.longitude,
    utc: `${new Date(ms).toISOString().slice(0, 19)}Z`,
  };
}

/** A pillar of the 60-cycle with its ten gods seen from the day master stem `dayStem`. */
export function pillarOf(cycle: number, dayStem: number, isDay: boolean): Pillar {
  const stem = cycle % 10;
  const branch = cycle % 12;
  return {
    ganzhi: ganzhiOf(cycle),
    stem: stemOf(stem),
    branch: branchOf(branch),
    hiddenStems: (HIDDEN_STEMS[branch] ?? []).map((s) => ({ ...stemOf(s), tenGod: tenGodOf(dayStem, s) })),
    tenGod: isDay ? DAY_MASTER_GOD : tenGodOf(dayStem, stem),
    naYin: naYinOf(cycle),
  };
}

/** Element counts of the eight visible characters (four stems, four branches). */
function elementCounts(pillars: Pillars): Record<Element, number> {
  const counts = Object.fromEntries(ELEMENTS.map((e) => [e, 0])) as Record<Element, number>;
  for (const p of [pillars.year, pillars.month, pillars.day, pillars.hour]) {
    counts[p.stem.element] += 1;
    counts[p.branch.element] += 1;
  }
  return counts;
}

function assertBaziBirth(jdUT: number): void {
  if (jdUT >= BAZI_BIRTH_RANGE.startJdUT && jdUT < BAZI_BIRTH_RANGE.endJdUT) return;
  const { firstDay, lastDay } = BAZI_BIRTH_RANGE;
  throw new AppError(
    'out_of_range',
    `the birth is outside the supported dates for BaZi: ${firstDay} to ${lastDay} (UT). The solar terms on ` +
      'either side of the birth must lie within the Swiss Ephemeris files.',
    { details: [{ message: 'birth outside the BaZi range', from: firstDay, to: lastDay }] },
  );
}

function solarTermWarning(jdUT: number, previous: JieInstant, next: JieInstant): string | undefined {
  const [jie, minutes] =
    jdUT - previous.jdUT < next.jdUT - jdUT
      ? [previous, ((jdUT - previous.jdUT) * 86_400_000) / MS_PER_MINUTE]
      : [next, ((next.jdUT - jdUT) * 86_400_000) / MS_PER_MINUTE];
  if (minutes >= SOLAR_TERM_WARNING_MINUTES) return undefined;
  const side = jie === previous ? 'after' : 'before';
  const affected = jie.monthIndex === 0 ? 'year and month pillars depend' : 'month pillar depends';
  return (
    `The birth is ${Math.round(minutes)} minutes ${side} the solar term ${jie.term.pinyin} ` +
    `(${jie.term.chinese}, ${termMoment(jie).utc}): the ${affected} on the exact birth time; check it.`
  );
}

export function computeBazi(ephemeris: Ephemeris, moment: BaziMoment, options: BaziOptions): BaziChart {
  const jdUT = julianDayUT(moment.utcMs);
  assertBaziBirth(jdUT);
  const bracket = jieBracket(ephemeris, jdUT);
  const utc = new Date(moment.utcMs);

  const civil = clockOf(moment.utcMs + moment.offsetSeconds * 1000);
  let clock = civil;
  let pillarClock: PillarClock = { date: dateText(civil), time: timeText(civil), basis: 'civil' };
  if (options.solarTime === 'true') {
    const eot = ephemeris.equationOfTime(jdUT);
    // Apparent solar time = UT + longitude / 15 h + equation of time (4 minutes per degree).
    clock = clockOf(moment.utcMs + (moment.longitude * 4 + eot) * MS_PER_MINUTE);
    pillarClock = {
      date: dateText(clock),
      time: timeText(clock),
      basis: 'apparent-solar',
      equationOfTimeMinutes: Math.round(eot * 100) / 100,
    };
  }

  const idx = pillarIndexes(
    { monthIndex: bracket.monthIndex, utcYear: utc.getUTCFullYear(), utcMonth: utc.getUTCMonth() + 1 },
    clock,
    options.dayBoundary,
  );
  const dayStem = idx.day % 10;
  const pillars: Pillars = {
    year: pillarOf(idx.year, dayStem, false),
    month: pillarOf(idx.month, dayStem, false),
    day: pillarOf(idx.day, dayStem, true),
    hour: pillarOf(idx.hour, dayStem, false),
  };

  const countedTo =
    luckDirection(idx.year % 10, options.gender) === 'forward' ? bracket.next : bracket.previous;
  const plan = luckPlan({
    yearStem: idx.year % 10,
    monthCycle: idx.month,
    gender: options.gender,
    spanMs: Math.abs(countedTo.jdUT - jdUT) * 86_400_000,
    birthClock: civil,
  });

  const warning = solarTermWarning(jdUT, bracket.previous, bracket.next);
  return {
    pillars,
    dayMaster: pillars.day.stem,
    elements: elementCounts(pillars),
    luckPillars: {
      direction: plan.direction,
      startAge: plan.startAge,
      startDate: plan.startDate,
      countedTo: termMoment(countedTo),
      pillars: plan.pillars.map((p) => ({
        ganzhi: ganzhiOf(p.cycle),
        tenGod: tenGodOf(dayStem, p.cycle % 10),
        startAge: p.startAge,
        startYear: p.startYear,
        years: p.years,
      })),
    },
    solarTerms: { previous: termMoment(bracket.previous), next: termMoment(bracket.next) },
    pillarClock,
    options: { ...options, note: OPTIONS_NOTE },
    warnings: warning ? [warning] : [],
  };
}
