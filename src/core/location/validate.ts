import { characterCount } from '../characters.js';
import { AppError, type ErrorDetail, invalidInput } from '../errors.js';
import { resolveBirthClock } from '../time/birth-clock.js';
import { type CalendarDate, type ClockTime, parseDate, parseTime } from '../time/index.js';
import { placeAmbiguity } from './ambiguity.js';
import { checkCoordinate, coordinatesLabel, formatCoordinate, zoneAt } from './coordinates.js';
import {
  cityLabel,
  exactMatches,
  parseQualifier,
  parseQualifiers,
  resolveCityRow,
  splitParts,
} from './lookup.js';
import { matchKey, normalizeName } from './normalize.js';
import { type CitySuggestion, rankCityRows, toSuggestion } from './search.js';
import type { CityTable } from './table.js';

export type LocationSource = 'offline-city-lookup' | 'offline-coordinates';

/** Body of validate-location (and the location part of the birth input). */
export interface LocationInput {
  birthLocation?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  /** YYYY-MM-DD, for the DST-aware offset only; default 2000-01-01. */
  birthDate?: string | null;
  /** HH:MM, for the DST-aware offset only; default 12:00. */
  birthTime?: string | null;
}

export interface ResolvedLocation {
  city: string;
  timezone: string;
  coordinates: { lat: number; lon: number };
  /** UTC offset in force at the birth date and time, in fractional hours (5.5, -4, 2). */
  offset: number;
  source: LocationSource;
}

/** The validate-location result, without the envelope's `success` (the HTTP layer adds it). */
export type LocationValidation =
  | {
      valid: true;
      input: string;
      resolved: ResolvedLocation;
      /** Present when an unqualified name could mean other places too (see placeAmbiguity). */
      warning?: string;
      /** Present with `warning`: up to 5 other places, each `value` resending as birthLocation. */
      alternatives?: CitySuggestion[];
      /** Present when the offset needs a word: a gap or fold, local mean time, less reliable history. */
      offsetWarnings?: string[];
    }
  | { valid: false; input: string; error: string; suggestions: CitySuggestion[]; hint?: string };

/** A birth place ready for the chart tools. */
export interface BirthPlace {
  /** Canonical "City, Province, Country" or, for coordinates, "lat, lon (near ...)". */
  label: string;
  lat: number;
  lon: number;
  timezone: string;
  source: LocationSource;
  /** For a person or a model; empty unless an unqualified name could mean other places too. */
  warnings: string[];
  /** The other places the name could mean (empty when `warnings` is), most populous first. */
  alternatives: CitySuggestion[];
}

/** Field names to report errors on (the composite's second person uses birthLocation1, ...). */
export interface BirthPlaceFields {
  birthLocation: string;
  latitude: string;
  longitude: string;
}

export const DEFAULT_BIRTH_PLACE_FIELDS: BirthPlaceFields = {
  birthLocation: 'birthLocation',
  latitude: 'latitude',
  longitude: 'longitude',
};

export const MIN_QUERY_LENGTH = 3;
export const MAX_QUERY_LENGTH = 200;
export const MAX_SUGGESTIONS = 5;
const DEFAULT_DATE: CalendarDate = { year: 2000, month: 1, day: 1 };
const DEFAULT_TIME: ClockTime = { hour: 12, minute: 0 };

type Located =
  | { ok: true; input: string; place: BirthPlace }
  | {
      ok: false;
      input: string;
      error: string;
      suggestions: CitySuggestion[];
      hint?: string;
    };

const isGiven = (v: unknown) => v !== undefined && v !== null;

/** Rows sorted by population (row order), one per label, at most 5, as suggestions. */
function bySuggestionOrder(table: CityTable, rows: Iterable<number>): CitySuggestion[] {
  const out: CitySuggestion[] = [];
  const labels = new Set<string>();
  for (const row of [...new Set(rows)].sort((a, b) => a - b)) {
    const label = matchKey(cityLabel(table, row));
    if (labels.has(label)) continue;
    labels.add(label);
    out.push(toSuggestion(table, row));
    if (out.length === MAX_SUGGESTIONS) break;
  }
  return out;
}

/** The most populous places of the given countries (rows are sorted by population). */
function largestRows(table: CityTable, countries: readonly number[], n: number): number[] {
  const out: number[] = [];
  for (let row = 0; row < table.size && out.length < n; row++) {
    if (countries.includes(table.countryOf[row]!)) out.push(row);
  }
  return out;
}

/**
 * Spec rule 5: "New York NY" or "Springfield Illinois" lacks the comma. Read the last one to three
 * words of the place part as a state or country; the places found are the full forms to suggest.
 */
function commaMissingRows(table: CityTable, text: string): number[] {
  const parts = splitParts(text);
  const words = normalizeName(parts[0] ?? '').split(' ');
  if (words.length < 2) return [];
  const others = parseQualifiers(table, parts.slice(1));
  if (!others) return [];
  const rows: number[] = [];
  for (let k = 1; k <= Math.min(3, words.length - 1); k++) {
    const q = parseQualifier(table, words.slice(-k).join(' '));
    if (!q) continue;
    for (const m of exactMatches(
      table,
      matchKey(words.slice(0, -k).join(' ')),
      [q, ...others],
      MAX_SUGGESTIONS,
    )) {
      rows.push(m.row);
    }
  }
  return rows;
}

/**
 * Spec rule 2: suggestions from the full input, else its first space-separated token, else its first
 * 4 characters; each attempt a prefix/typo-tolerant search, stopping at the first with results.
 * Attempts shorter than 3 characters are skipped (rule 3 applies to them as well).
 */
function attemptRows(table: CityTable, text: string): number[] {
  const attempts = [text, text.split(/\s+/)[0] ?? '', Array.from(text).slice(0, 4).join('')];
  const tried = new Set<string>();
  for (const attempt of attempts) {
    const norm = normalizeName(attempt);
    if (norm.length < MIN_QUERY_LENGTH || tried.has(attempt)) continue;
    tried.add(attempt);
    const rows = rankCityRows(table, attempt, MAX_SUGGESTIONS);
    if (rows.length > 0) return rows;
  }
  return [];
}

function locate(
  table: CityTable,
  input: Pick<LocationInput, 'birthLocation' | 'latitude' | 'longitude'>,
  fields: BirthPlaceFields,
): Located {
  const latGiven = isGiven(input.latitude);
  const lonGiven = isGiven(input.longitude);
  if (latGiven !== lonGiven) {
    const missing = latGiven ? fields.longitude : fields.latitude;
    throw invalidInput(
      missing,
      `${fields.latitude} and ${fields.longitude} must be given together (or neither, with ${fields.birthLocation})`,
    );
  }
  if (latGiven) return locateCoordinates(table, input, fields);
  const text = placeText(input.birthLocation, fields);
  // Rule 4 before rule 3: "US" is short but deserves a hint.
  const countryCode = countryCodeAnswer(table, text);
  if (countryCode) return countryCode;
  // Rule 3, counted in characters as a person sees them ("🏙️🌍💥" is 3). The schemas refuse fewer
  // than 3 (validate_location fewer than 2), so this answers the 2-character inputs and text that is
  // short once trimmed: not a place, as any unresolvable input is.
  if (characterCount(text, MIN_QUERY_LENGTH) < MIN_QUERY_LENGTH) {
    return {
      ok: false,
      input: text,
      error: `"${text}" is too short for a place name: send at least ${MIN_QUERY_LENGTH} characters, e.g. "Montreal, QC".`,
      suggestions: [],
    };
  }
  const row = resolveCityRow(table, text);
  return (
    bareCountryAnswer(table, text, row) ?? (row >= 0 ? foundPlace(table, text, row) : notFound(table, text))
  );
}

/** Coordinates given: the zone from geo-tz, the label from the nearest table place (or the numbers). */
function locateCoordinates(
  table: CityTable,
  input: Pick<LocationInput, 'birthLocation' | 'latitude' | 'longitude'>,
  fields: BirthPlaceFields,
): Located {
  const lat = checkCoordinate(input.latitude, fields.latitude, 90);
  const lon = checkCoordinate(input.longitude, fields.longitude, 180);
  const location = input.birthLocation;
  const given = typeof location === 'string' ? location.trim() : '';
  return {
    ok: true,
    input: given !== '' ? given : `${formatCoordinate(lat)}, ${formatCoordinate(lon)}`,
    place: {
      label: coordinatesLabel(table, lat, lon),
      lat,
      lon,
      timezone: zoneAt(lat, lon),
      source: 'offline-coordinates',
      warnings: [],
      alternatives: [],
    },
  };
}

/** The place text of a request without coordinates: present, a string, not too long; trimmed. */
function placeText(location: unknown, fields: BirthPlaceFields): string {
  if (!isGiven(location)) {
    throw invalidInput(
      fields.birthLocation,
      `is required unless both ${fields.latitude} and ${fields.longitude} are given`,
    );
  }
  if (typeof location !== 'string')
    throw invalidInput(fields.birthLocation, 'must be a string such as "Chicago, IL"');
  const text = location.trim();
  if (characterCount(text, MAX_QUERY_LENGTH + 1) > MAX_QUERY_LENGTH) {
    throw invalidInput(fields.birthLocation, `must be at most ${MAX_QUERY_LENGTH} characters`);
  }
  return text;
}

/** Rule 4: a two-letter country code is not a birth place; the hint names the country's largest place. */
function countryCodeAnswer(table: CityTable, text: string): Located | null {
  if (!/^[A-Za-z]{2}$/.test(text)) return null;
  const country = table.countryByCode.get(text.toLowerCase());
  if (country === undefined) return null;
  const largest = table.largestInCountry[country]!;
  const example = largest >= 0 ? cityLabel(table, largest) : 'Chicago, IL';
  return {
    ok: false,
    input: text,
    error: `"${text}" is a country code (${table.countryNames[country]}), not a place of birth.`,
    suggestions: [],
    hint: `A country is not a birth place: give a city with its state or country, for example "${example}".`,
  };
}

/**
 * A bare country name is not a birth place. Some countries share their name with a city of their
 * own (Singapore, Panama, Kuwait), which resolves; otherwise "India" must not silently become
 * Inđija, Serbia, nor "Mexico" a town in the Philippines.
 */
function bareCountryAnswer(table: CityTable, text: string, row: number): Located | null {
  const parts = splitParts(text);
  const countries = parts.length === 1 ? table.countriesByName.get(matchKey(parts[0]!)) : undefined;
  if (!countries || (row >= 0 && countries.includes(table.countryOf[row]!))) return null;
  // The country's largest places, plus the place of that name elsewhere (Lebanon, Tennessee).
  const largest = largestRows(table, countries, row < 0 ? MAX_SUGGESTIONS : MAX_SUGGESTIONS - 1);
  const names = countries.map((c) => table.countryNames[c]).join(' / ');
  return {
    ok: false,
    input: text,
    error:
      `"${text}" is a country (${names}), not a place of birth: give a city with its state or country` +
      (largest[0] === undefined ? '.' : `, for example "${cityLabel(table, largest[0])}".`),
    suggestions: bySuggestionOrder(table, row < 0 ? largest : [...largest, row]),
  };
}

/** A resolved table place, with a warning and the alternatives when its name is ambiguous. */
function foundPlace(table: CityTable, text: string, row: number): Located {
  const ambiguity = placeAmbiguity(table, text, row);
  return {
    ok: true,
    input: text,
    place: {
      label: cityLabel(table, row),
      lat: table.lat[row]!,
      lon: table.lon[row]!,
      timezone: table.zones[table.zoneOf[row]!]!,
      source: 'offline-city-lookup',
      warnings: ambiguity ? [ambiguity.warning] : [],
      alternatives: ambiguity?.alternatives ?? [],
    },
  };
}

/** Nothing resolved: a missing comma is named first, else the closest spellings are suggested. */
function notFound(table: CityTable, text: string): Located {
  const fullForms = commaMissingRows(table, text);
  if (fullForms.length > 0) {
    const suggestions = bySuggestionOrder(table, fullForms);
    const best = cityLabel(table, fullForms[0]!);
    return {
      ok: false,
      input: text,
      error:
        `"${text}" was not found: separate the place from its state or country with a comma. ` +
        `Did you mean "${best}"?`,
      suggestions,
    };
  }
  const ranked = attemptRows(table, text);
  const best = ranked[0] === undefined ? null : cityLabel(table, ranked[0]);
  return {
    ok: false,
    input: text,
    error:
      `No place matching "${text}" was found among places with 1,000 or more inhabitants.` +
      (best ? ` Did you mean "${best}"?` : ''),
    suggestions: bySuggestionOrder(table, ranked),
  };
}

function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw invalidInput(field, 'must be a string');
  return value;
}

/**
 * Validate-location: resolves a place name (or takes coordinates) to coordinates, an IANA zone and
 * the UTC offset in force at the birth date and time. An unresolvable place is `valid: false` with
 * suggestions, not an error; malformed input (too short, one coordinate, bad date) throws invalidInput.
 */
export function validateLocation(table: CityTable, input: LocationInput): LocationValidation {
  const dateText = optionalString(input.birthDate, 'birthDate');
  const timeText = optionalString(input.birthTime, 'birthTime');
  const date = dateText === undefined ? DEFAULT_DATE : parseDate(dateText, 'birthDate');
  const time = timeText === undefined ? DEFAULT_TIME : parseTime(timeText, 'birthTime');

  const located = locate(table, input, DEFAULT_BIRTH_PLACE_FIELDS);
  if (!located.ok) {
    const { input: text, error, suggestions, hint } = located;
    return hint === undefined
      ? { valid: false, input: text, error, suggestions }
      : { valid: false, input: text, error, suggestions, hint };
  }
  const { place } = located;
  const clock = resolveBirthClock({ ...date, ...time }, place.timezone, place.lon);
  const offsetSeconds = clock.offsetSeconds;
  const result: LocationValidation = {
    valid: true,
    input: located.input,
    resolved: {
      city: place.label,
      timezone: place.timezone,
      coordinates: { lat: place.lat, lon: place.lon },
      offset: offsetSeconds / 3600,
      source: place.source,
    },
    ...(clock.warnings.length === 0 ? {} : { offsetWarnings: clock.warnings }),
  };
  return place.warnings.length === 0
    ? result
    : { ...result, warning: place.warnings.join(' '), alternatives: place.alternatives };
}

/**
 * The birth place for the chart tools. Coordinates (both) override the lookup. An unqualified name
 * that could mean other places still resolves (to the exact name, most populous first) and carries
 * `warnings` and `alternatives` for the chart's warnings. Throws
 * AppError('location_not_found') with up to 5 suggestions in `details` when the place is unknown, and
 * invalidInput for malformed input.
 */
export function resolveBirthPlace(
  table: CityTable,
  input: Pick<LocationInput, 'birthLocation' | 'latitude' | 'longitude'>,
  fields: BirthPlaceFields = DEFAULT_BIRTH_PLACE_FIELDS,
): BirthPlace {
  const located = locate(table, input, fields);
  if (located.ok) return located.place;
  const details: ErrorDetail[] = located.suggestions.map((s) => ({
    field: fields.birthLocation,
    message: `did you mean "${s.value}"?`,
    ...s,
  }));
  const message = `${fields.birthLocation}: ${located.error}${located.hint ? ` ${located.hint}` : ''}`;
  throw new AppError('location_not_found', message, { details });
}
