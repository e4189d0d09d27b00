import { AppError } from '../errors.js';
import { type BirthPlace, type CityTable, resolveBirthPlace } from '../location/index.js';
import { resolveBirthClock } from '../time/birth-clock.js';
import { formatOffset, parseDate, parseTime } from '../time/index.js';
import { type BirthFieldNames, PERSON_FIELDS } from './fields.js';

/** One person's birth as sent (the field names differ per tool; see fields.ts). */
export interface BirthInput {
  birthDate: string;
  birthTime: string;
  birthLocation?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
}

export interface ResolvedBirth {
  place: BirthPlace;
  utcMs: number;
  offsetSeconds: number;
  /** Ambiguous-place, gap / fold, local-mean-time and less-reliable-history notes, for the warnings a caller reads. */
  warnings: string[];
}

/** What every birth-based answer reports about the birth it used (the spec's birthInfo, extended). */
export interface BirthInfo {
  date: string;
  time: string;
  location: string;
  timezone: string;
  utcOffset: string;
  coordinates: { lat: number; lon: number };
  utc: string;
}

/**
 * Date, time and place -> one UT instant. Checks the date and time first (so a bad date is reported
 * as such even when the place is unknown), then the place, then resolves the wall clock in the
 * place's zone by the documented rule of core/time (gap: read with the earlier offset; fold: the
 * earlier instant), reporting either case.
 */
export function resolveBirth(
  cities: CityTable,
  input: BirthInput,
  fields: BirthFieldNames = PERSON_FIELDS,
): ResolvedBirth {
  // Every field is checked before any error is thrown, so one answer names all that need fixing.
  const [date, time, place] = allChecked([
    [fields.birthDate, () => parseDate(input.birthDate, fields.birthDate)],
    [fields.birthTime, () => parseTime(input.birthTime, fields.birthTime)],
    [
      fields.birthLocation,
      () =>
        resolveBirthPlace(
          cities,
          { birthLocation: input.birthLocation, latitude: input.latitude, longitude: input.longitude },
          fields,
        ),
    ],
  ] as const);
  const clock = resolveBirthClock({ ...date, ...time }, place.timezone, place.lon);
  // Place first (an ambiguous name changes everything after it), then the clock.
  const warnings = [...place.warnings, ...clock.warnings];
  return { place, utcMs: clock.utcMs, offsetSeconds: clock.offsetSeconds, warnings };
}

type Check = readonly [field: string, run: () => unknown];
type Results<T extends readonly Check[]> = { -readonly [K in keyof T]: ReturnType<T[K][1]> };

/**
 * Runs each field's check; when one or more throw, throws one error for all of them: the only one as
 * it is, or several as one `invalid_input` whose details are all of theirs (a place that was not found
 * keeps its suggestions as details of its field).
 */
function allChecked<T extends readonly Check[]>(checks: T): Results<T> {
  const errors: { field: string; error: AppError }[] = [];
  const results = checks.map(([field, check]) => {
    try {
      return check();
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      errors.push({ field, error: e });
      return undefined;
    }
  });
  if (errors.length === 1) throw (errors[0] as { error: AppError }).error;
  if (errors.length > 1) {
    const details = errors.flatMap(({ field, error }) =>
      error.details?.length
        ? error.details
        : [
            {
              field,
              message: error.message.startsWith(`${field}: `)
                ? error.message.slice(field.length + 2)
                : error.message,
            },
          ],
    );
    throw new AppError('invalid_input', errors.map((e) => e.error.message).join('; '), { details });
  }
  return results as Results<T>;
}

/** The birthInfo of a resolved birth. */
export function birthInfoOf(input: BirthInput, birth: ResolvedBirth): BirthInfo {
  return {
    date: input.birthDate,
    time: input.birthTime,
    location: birth.place.label,
    timezone: birth.place.timezone,
    utcOffset: formatOffset(birth.offsetSeconds),
    coordinates: { lat: birth.place.lat, lon: birth.place.lon },
    utc: isoSecond(birth.utcMs),
  };
}

/** ISO 8601 UTC truncated to the second (as clocks and published charts show it), e.g. 1948-01-12T13:28:23Z. */
export function isoSecond(utcMs: number): string {
  return `${new Date(Math.floor(utcMs / 1000) * 1000).toISOString().slice(0, 19)}Z`;
}

/**
 * Runs an ephemeris computation for a birth; an out-of-range date is reported on the caller's own
 * date field (`birthDate1`, `charts.2.birthDate`), since the ephemeris knows only instants.
 */
export function onBirthDate<T>(fields: BirthFieldNames, compute: () => T): T {
  try {
    return compute();
  } catch (e) {
    if (e instanceof AppError && e.code === 'out_of_range') {
      const details = (e.details ?? []).map((d) => ({ field: fields.birthDate, ...(d as object) }));
      throw new AppError('out_of_range', `${fields.birthDate}: ${e.message}`, { details, cause: e });
    }
    throw e;
  }
}
