import { AppError } from '../errors.js';
import { utcMsFromJulianDay } from '../time/index.js';

/**
 * Dates the bundled Swiss Ephemeris files answer for, in whole UT days.
 *
 * Measured on sepl_18/semo_18/seas_18 as shipped with npm swisseph 0.5.17 (test/core/ephemeris/range.test.ts):
 * the files start at 1800-01-01 00:00 TT, but a planet's apparent position needs the planet one
 * light-time earlier, so Pluto only works from 1800-01-01 05:45 UT; seas_18 (Chiron, asteroids) ends
 * at 2399-12-31 23:51 UT, the planet files about a week later. Outside the files the library silently
 * switches to the low-precision Moshier model, so the range is enforced here instead. Whole days
 * keep the message simple: 1800-01-02 00:00 UT inclusive to 2399-12-31 00:00 UT exclusive.
 */
export const SUPPORTED_RANGE = {
  /** 1800-01-02 00:00 UT, inclusive. */
  startJdUT: 2_378_497.5,
  /** 2399-12-31 00:00 UT, exclusive. */
  endJdUT: 2_597_640.5,
  firstDay: '1800-01-02',
  lastDay: '2399-12-30',
} as const;

/**
 * The Human Design design instant lies 86.6-92 days before birth (88 degrees of solar arc); 96 days
 * is the bracket the solver may probe, so births need that much ephemeris before them.
 */
export const DESIGN_LOOKBACK_MAX_DAYS = 96;

export const HUMAN_DESIGN_BIRTH_RANGE = {
  startJdUT: SUPPORTED_RANGE.startJdUT + DESIGN_LOOKBACK_MAX_DAYS,
  endJdUT: SUPPORTED_RANGE.endJdUT,
  firstDay: '1800-04-08',
  lastDay: SUPPORTED_RANGE.lastDay,
} as const;

export function describeJulianDay(jdUT: number): string {
  const ms = utcMsFromJulianDay(jdUT);
  // Date covers +-8.64e15 ms; beyond that (or for NaN) only the raw number is meaningful.
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return `Julian day ${jdUT}`;
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UT`;
}

export function isSupportedJulianDay(jdUT: number): boolean {
  return jdUT >= SUPPORTED_RANGE.startJdUT && jdUT < SUPPORTED_RANGE.endJdUT;
}

function finite(jdUT: number): void {
  if (!Number.isFinite(jdUT)) throw new RangeError(`Julian day must be a finite number, got ${jdUT}`);
}

/** Throws `out_of_range` (HTTP 400) naming the supported dates when the files do not cover `jdUT`. */
export function assertSupportedJulianDay(jdUT: number): void {
  if (jdUT >= SUPPORTED_RANGE.startJdUT && jdUT < SUPPORTED_RANGE.endJdUT) return;
  finite(jdUT);
  const { firstDay, lastDay } = SUPPORTED_RANGE;
  throw new AppError(
    'out_of_range',
    `${describeJulianDay(jdUT)} is outside the supported dates: ${firstDay} to ${lastDay} (UT), ` +
      'the span of the Swiss Ephemeris files.',
    { details: [{ message: 'date outside the ephemeris range', from: firstDay, to: lastDay }] },
  );
}

/**
 * Like assertSupportedJulianDay, for a birth whose chart has a design side ~3 months earlier: Human
 * Design's, and the astrology chart's Design side. `chart` names the chart in the message ("Human
 * Design"), so a caller reads the range of the tool it called.
 */
export function assertDesignSideBirth(jdUT: number, chart: string): void {
  if (jdUT >= HUMAN_DESIGN_BIRTH_RANGE.startJdUT && jdUT < HUMAN_DESIGN_BIRTH_RANGE.endJdUT) return;
  finite(jdUT);
  const { firstDay, lastDay } = HUMAN_DESIGN_BIRTH_RANGE;
  throw new AppError(
    'out_of_range',
    `${describeJulianDay(jdUT)} is outside the supported birth dates for ${chart}: ${firstDay} to ` +
      `${lastDay} (UT). The design side needs the Sun about 3 months before birth, and the Swiss ` +
      `Ephemeris files start on ${SUPPORTED_RANGE.firstDay}.`,
    { details: [{ message: `birth outside the ${chart} range`, from: firstDay, to: lastDay }] },
  );
}

/** A Human Design birth: see assertDesignSideBirth. */
export function assertHumanDesignBirth(jdUT: number): void {
  assertDesignSideBirth(jdUT, 'Human Design');
}
