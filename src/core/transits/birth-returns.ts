import {
  type BirthInfo,
  type BirthInput,
  birthInfoOf,
  onBirthDate,
  PERSON_FIELDS,
  resolveBirth,
} from '../birth/index.js';
import type { Ephemeris } from '../ephemeris/index.js';
import { type ChartProperties, hdChartAt } from '../human-design/index.js';
import type { CityTable } from '../location/index.js';
import { formatOffset, julianDayUT, offsetSecondsAt, wallClockAt } from '../time/index.js';
import { type ReturnBody, samplerOf } from './bodies.js';
import { planetaryReturns } from './returns.js';
import { isoUtc } from './time.js';

/**
 * The returns of one body to its place at a birth, in a calendar year (UTC), each with the local
 * time at the birth place and the Human Design chart of that instant (its V2 `chart` block), as a
 * return chart is read: the planets at the moment of return, no birth of its own.
 */

export interface BirthReturn {
  utc: string;
  /** Wall clock at the birth place, ISO 8601 with its offset, e.g. 2025-10-09T18:02:11+01:00. */
  local: string;
  direction: 'direct' | 'retrograde';
  chart: ChartProperties;
}

export interface BirthReturns {
  birthInfo: BirthInfo;
  planet: ReturnBody;
  year: number;
  /** The body's apparent longitude at birth, degrees (4 decimals). */
  natalLongitude: number;
  returns: BirthReturn[];
  warnings: string[];
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** ISO 8601 local time with offset, to the second, in an IANA zone. */
export function localIso(utcMs: number, zone: string): string {
  const w = wallClockAt(zone, utcMs);
  const date = `${String(w.year).padStart(4, '0')}-${pad2(w.month)}-${pad2(w.day)}`;
  return `${date}T${pad2(w.hour)}:${pad2(w.minute)}:${pad2(w.second)}${formatOffset(offsetSecondsAt(zone, utcMs))}`;
}

export function birthReturns(
  deps: { cities: CityTable; ephemeris: Ephemeris },
  input: BirthInput,
  planet: ReturnBody,
  year: number,
): BirthReturns {
  const birth = resolveBirth(deps.cities, input);
  const natal = onBirthDate(
    PERSON_FIELDS,
    () => samplerOf(deps.ephemeris, planet)(julianDayUT(birth.utcMs)).longitude,
  );
  const zone = birth.place.timezone;
  const returns = planetaryReturns(deps.ephemeris, planet, natal, year).map((r) => {
    const utc = isoUtc(r.jdUT);
    return {
      utc,
      local: localIso(Date.parse(utc), zone),
      direction: r.direction,
      chart: hdChartAt(deps.ephemeris, r.jdUT).chart.chart,
    };
  });
  return {
    birthInfo: birthInfoOf(input, birth),
    planet,
    year,
    natalLongitude: Math.round(natal * 1e4) / 1e4,
    returns,
    warnings: birth.warnings,
  };
}
