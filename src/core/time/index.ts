import { type AppError, invalidInput } from '../errors.js';
import { civilFromDays, daysFromCivil } from './calendar.js';
import { dateProblem, type FormProblem, timeProblem } from './input-forms.js';
import { zoneTable } from './zone-data.js';
import type { LocalTimeType, ZoneRules } from './zone-rules.js';

/**
 * Wall clock + IANA zone -> UTC instant, with our own resolver over the bundled tz data (the IANA
 * database with its backzone history, data/zones.json.gz; never the runtime's ICU zones, which lack
 * the history of merged zones: see zone-artifact.ts).
 *
 * Why not luxon: converting local -> UTC near DST transitions, luxon returns an instant whose wall
 * clock differs from the input in about 0.3% of cases although a valid instant exists (e.g. London
 * 1941-08-10 01:30). UTC -> local is a lookup, so we only ever ask the zone for its
 * offset at a UTC instant and search the candidates ourselves: collect the distinct offsets the zone
 * uses within +-48 h of the naive reading, keep each candidate instant whose own offset equals the
 * offset that produced it. None = the wall time falls in a gap; two = it is ambiguous (a fold).
 *
 * Documented rule (the same as Temporal's 'compatible' disambiguation):
 * - gap: the wall time is read with the offset in force before the change, so it moves forward by
 *   the gap's length (2024-03-10 02:30 New York -> 03:30 EDT);
 * - fold: the earlier of the two instants is used (2024-11-03 01:30 New York -> 01:30 EDT).
 * Both cases are reported with a warning, never silently.
 */

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export interface ClockTime {
  hour: number;
  minute: number;
}

export interface WallClock extends CalendarDate, ClockTime {}

export type Disambiguation = 'exact' | 'gap' | 'fold';

export interface ResolvedInstant {
  /** Milliseconds since the Unix epoch, UTC. */
  utcMs: number;
  /** UTC offset in force at that instant, in seconds (LMT offsets are not whole minutes). */
  offsetSeconds: number;
  kind: Disambiguation;
  /** Present for gaps and folds: what happened and which rule was applied. */
  warning?: string;
}

const MS_PER_HOUR = 3_600_000;

export {
  DATE_FORM,
  DATE_PATTERN,
  daysInMonth,
  dateProblem,
  type FormProblem,
  TIME_FORM,
  TIME_PATTERN,
  timeProblem,
} from './input-forms.js';

/** The error of a date or time text that is not in its accepted form (see input-forms.ts). */
function formError(field: string, value: string, expected: string, problem: FormProblem): AppError {
  return invalidInput(field, problem.message, {
    expected,
    received: value,
    ...(problem.suggestion === undefined ? {} : { suggestion: problem.suggestion }),
  });
}

/** Parses `YYYY-MM-DD`, rejecting impossible dates such as 2023-02-30 and naming the fix of other forms. */
export function parseDate(value: string, field: string): CalendarDate {
  const problem = dateProblem(value);
  if (problem) throw formError(field, value, 'YYYY-MM-DD', problem);
  return {
    year: Number(value.slice(0, 4)),
    month: Number(value.slice(5, 7)),
    day: Number(value.slice(8, 10)),
  };
}

/** Parses 24-hour `HH:MM` from 00:00 to 23:59 (24:00 is rejected: use 00:00 of the next day). */
export function parseTime(value: string, field: string): ClockTime {
  const problem = timeProblem(value);
  if (problem) throw formError(field, value, 'HH:MM, 24-hour, 00:00-23:59', problem);
  return { hour: Number(value.slice(0, 2)), minute: Number(value.slice(3, 5)) };
}

/** The rules of a zone the service names; an unknown name is a defect of the caller, not of the input. */
function rulesOf(zone: string): ZoneRules {
  const rules = zoneTable().rules(zone);
  if (!rules)
    throw new Error(`time zone ${JSON.stringify(zone)} is not in the bundled tz data ${zoneTable().version}`);
  return rules;
}

/** True when the bundled tz data (IANA with backzone, data/zones.json.gz) has the zone or link. */
export function isKnownZone(zone: string): boolean {
  return zoneTable().rules(zone) !== undefined;
}

/** The local time type (offset, daylight flag, abbreviation such as "LMT") of a zone at a UTC instant. */
export function localTimeTypeAt(zone: string, utcMs: number): LocalTimeType {
  return rulesOf(zone).typeAt(Math.floor(utcMs / 1000));
}

/** True when the database takes the zone's history before 1970 from its backzone file (zone-artifact.ts). */
export function hasBackzoneHistory(zone: string): boolean {
  return rulesOf(zone).backzone;
}

/** UTC offset of the zone at a UTC instant, in seconds. */
export function offsetSecondsAt(zone: string, utcMs: number): number {
  return rulesOf(zone).offsetAt(Math.floor(utcMs / 1000));
}

/** The zone's wall clock at a UTC instant (seconds included). */
export function wallClockAt(zone: string, utcMs: number): WallClock & { second: number } {
  const unixSeconds = Math.floor(utcMs / 1000);
  const local = unixSeconds + rulesOf(zone).offsetAt(unixSeconds);
  const days = Math.floor(local / 86_400);
  const secondOfDay = local - days * 86_400;
  return {
    ...civilFromDays(days),
    hour: Math.floor(secondOfDay / 3600),
    minute: Math.floor((secondOfDay % 3600) / 60),
    second: secondOfDay % 60,
  };
}

function naiveUtcMs(w: WallClock & { second?: number }): number {
  return (
    (daysFromCivil(w.year, w.month, w.day) * 86_400 + w.hour * 3600 + w.minute * 60 + (w.second ?? 0)) * 1000
  );
}

export function formatOffset(offsetSeconds: number): string {
  const sign = offsetSeconds < 0 ? '-' : '+';
  const abs = Math.abs(offsetSeconds);
  const h = String(Math.floor(abs / 3600)).padStart(2, '0');
  const m = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  const s = abs % 60;
  return `${sign}${h}:${m}${s ? `:${String(s).padStart(2, '0')}` : ''}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

export function formatWallClock(w: WallClock): string {
  return `${String(w.year).padStart(4, '0')}-${pad2(w.month)}-${pad2(w.day)} ${pad2(w.hour)}:${pad2(w.minute)}`;
}

/** Resolves a local wall-clock time in an IANA zone to one UTC instant (see the rule at the top). */
export function resolveWallClock(wall: WallClock, zone: string): ResolvedInstant {
  const naive = naiveUtcMs(wall);
  // Fast path: one offset at every day mark from 48 h before to 48 h after means no transition is
  // near (the full search below would find just that one candidate).
  const early = offsetSecondsAt(zone, naive - 48 * MS_PER_HOUR);
  if (
    [-24, 0, 24, 48].every((h) => offsetSecondsAt(zone, naive + h * MS_PER_HOUR) === early) &&
    offsetSecondsAt(zone, naive - early * 1000) === early
  ) {
    return { utcMs: naive - early * 1000, offsetSeconds: early, kind: 'exact' };
  }
  const offsets = new Set<number>();
  for (const h of [-48, -24, -12, -6, -3, 0, 3, 6, 12, 24, 48])
    offsets.add(offsetSecondsAt(zone, naive + h * MS_PER_HOUR));
  const candidates: { utcMs: number; offsetSeconds: number }[] = [];
  for (const off of offsets) {
    const utcMs = naive - off * 1000;
    if (offsetSecondsAt(zone, utcMs) === off) candidates.push({ utcMs, offsetSeconds: off });
  }
  candidates.sort((a, b) => a.utcMs - b.utcMs);
  const label = `${formatWallClock(wall)} in ${zone}`;

  const first = candidates[0];
  if (first && candidates.length === 1) return { ...first, kind: 'exact' };
  if (first) {
    const later = candidates[candidates.length - 1]!;
    return {
      ...first,
      kind: 'fold',
      warning:
        `${label} is ambiguous: clocks were turned back and it occurred twice ` +
        `(UTC${formatOffset(first.offsetSeconds)} and UTC${formatOffset(later.offsetSeconds)}); ` +
        `the earlier occurrence, UTC${formatOffset(first.offsetSeconds)}, was used.`,
    };
  }

  // Gap: read the wall time with the offset in force just before the change.
  const earliest = Math.min(...[...offsets].map((off) => naive - off * 1000));
  const before = offsetSecondsAt(zone, earliest - 1000);
  const utcMs = naive - before * 1000;
  const after = offsetSecondsAt(zone, utcMs);
  const shifted = wallClockAt(zone, utcMs);
  return {
    utcMs,
    offsetSeconds: after,
    kind: 'gap',
    warning:
      `${label} does not exist: clocks moved forward from UTC${formatOffset(before)} to UTC${formatOffset(after)}; ` +
      `it was read with the earlier offset, which is ${formatWallClock(shifted)} UTC${formatOffset(after)}.`,
  };
}

/** Julian day number (UT) of a UTC instant. */
export function julianDayUT(utcMs: number): number {
  return utcMs / 86_400_000 + 2_440_587.5;
}

export function utcMsFromJulianDay(jd: number): number {
  return (jd - 2_440_587.5) * 86_400_000;
}
