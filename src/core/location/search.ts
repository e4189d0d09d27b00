import { distance } from 'fastest-levenshtein';
import { invalidInput } from '../errors.js';
import { MATCH_KIND } from './artifact.js';
import {
  cityLabel,
  findKey,
  lowerBound,
  parseQualifier,
  parseQualifiers,
  rowMatches,
  splitParts,
} from './lookup.js';
import { matchKey } from './normalize.js';
import type { CityTable } from './table.js';
import { trigramsOf } from './trigrams.js';

/** A place offered to the user: the suggestion shape of the validate-location response. */
export interface CitySuggestion {
  name: string;
  province: string | null;
  country: string;
  timezone: string;
  coordinates: { lat: number; lng: number };
  population: number;
  /** "Name, Province, Country": usable as a corrected birthLocation. */
  value: string;
}

export interface SearchOptions {
  /** 1..20, default 10. */
  limit?: number;
  /** ISO 3166-1 alpha-2 code or country name; restricts the results to that country. */
  country?: string;
}

export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 20;
/** Fuzzy matching only looks at the first characters of very long queries. */
const MAX_FUZZY_QUERY = 64;

/**
 * Edits tolerated for a query of this length: none up to 3 characters (too many 3-letter places
 * are one edit apart), 1 up to 6 ("Pariss"), 2 up to 10 ("Torronto"), 3 beyond.
 */
export function maxEditDistance(length: number): number {
  if (length <= 3) return 0;
  if (length <= 6) return 1;
  if (length <= 10) return 2;
  return 3;
}

// Match tiers (lower is better); within a tier the more populous place wins. An alternate name
// counts one tier lower than a primary one: exact "Kiev" (Kyiv) competes with primary names that
// start with "kiev", so a village whose alias happens to be "Spring" does not outrank Springfield.
const SCORE_EXACT = 0;
const SCORE_PREFIX = 1;
const SCORE_FUZZY = 1; // + 2 per edit: 3, 5, 7
const ALTERNATE_PENALTY = 1;

export function toSuggestion(table: CityTable, row: number): CitySuggestion {
  const a1 = table.admin1Of[row]!;
  return {
    name: table.names[row]!,
    province: a1 >= 0 ? (table.admin1Names[a1] ?? null) : null,
    country: table.countryNames[table.countryOf[row]!]!,
    timezone: table.zones[table.zoneOf[row]!]!,
    coordinates: { lat: table.lat[row]!, lng: table.lon[row]! },
    population: table.population[row]!,
    value: cityLabel(table, row),
  };
}

/**
 * Optimal-string-alignment distance: Levenshtein plus the swap of two adjacent letters as one edit
 * ("Lodnon" -> "London" is 1, not 2). Only run on the few candidates Levenshtein puts one edit
 * beyond the threshold.
 */
export function transpositionDistance(a: string, b: string): number {
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        d = Math.min(d, prev2[j - 2]! + 1);
      }
      cur[j] = d;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n]!;
}

/** Key indexes within the length-scaled edit distance of `query` (distance 0 excluded). */
export function fuzzyKeys(table: CityTable, query: string, maxDist: number): { key: number; dist: number }[] {
  if (maxDist <= 0) return [];
  const q = query.slice(0, MAX_FUZZY_QUERY);
  const grams = trigramsOf(q);
  // Each edit destroys at most 3 of the query's trigrams, a transposition 4 (q-gram lemma).
  const minShared = Math.max(1, grams.length - 4 * maxDist);
  const { start, keyIds } = table.trigrams;
  const counts = new Uint8Array(table.keys.length);
  const touched: number[] = [];
  for (const t of grams) {
    for (let p = start[t]!; p < start[t + 1]!; p++) {
      const k = keyIds[p]!;
      if (counts[k] === 0) touched.push(k);
      counts[k]!++;
    }
  }
  const out: { key: number; dist: number }[] = [];
  for (const k of touched) {
    if (counts[k]! < minShared) continue;
    const key = table.keys[k]!;
    if (Math.abs(key.length - q.length) > maxDist) continue;
    let dist = distance(q, key);
    if (dist === maxDist + 1) dist = transpositionDistance(q, key);
    if (dist > 0 && dist <= maxDist) out.push({ key: k, dist });
  }
  return out;
}

const NUMBERED_RE = /^(.+) \d{1,2}$/u;

/**
 * A numbered district listed beside its city: GeoNames lists "Lyon 01".."Lyon 09" and "Marseille 01"..
 * "Marseille 16" as places of their own. True when the name is another name plus a one- or two-digit
 * number and a larger place of that primary name lies in the same country and first-level division.
 */
export function isNumberedDistrict(table: CityTable, row: number): boolean {
  const m = NUMBERED_RE.exec(table.names[row]!);
  if (!m) return false;
  const k = findKey(table, matchKey(m[1]!));
  if (k < 0) return false;
  for (let p = table.keyStart[k]!; p < table.keyStart[k + 1]!; p++) {
    const posting = table.postings[p]!;
    const base = posting >>> 2;
    if ((posting & 3) !== MATCH_KIND.name || base >= row) continue;
    if (table.countryOf[base] === table.countryOf[row] && table.admin1Of[base] === table.admin1Of[row]) {
      return true;
    }
  }
  return false;
}

function countryFilter(table: CityTable, country: string | undefined): ReadonlySet<number> | null {
  if (country === undefined) return null;
  const q = parseQualifier(table, country);
  if (!q || q.countries.size === 0) {
    throw invalidInput('country', `"${country}" is not a known country name or ISO 3166-1 alpha-2 code`);
  }
  return q.countries;
}

/**
 * Ranked rows for a query: exact name hits, then names starting with the query, then names within
 * the edit-distance threshold (fewer edits first); within each tier primary/ascii names above
 * alternate names, then by population. Deduplicated by place and by normalised label (two villages
 * with the same name in the same province would otherwise give two values that resolve to one place).
 * Numbered districts of a listed city ("Lyon 03") are left out unless the query has a digit.
 */
export function rankCityRows(
  table: CityTable,
  query: string,
  limit: number,
  countries: ReadonlySet<number> | null = null,
): number[] {
  const parts = splitParts(query);
  const key = matchKey(parts[0] ?? '');
  if (key === '') return [];
  const qualifiers = parseQualifiers(table, parts.slice(1), true);
  if (!qualifiers) return [];
  // Numbered districts only when asked for by number ("Lyon 03"); "Lyon" lists the city.
  const districts = /\d/.test(key);
  const accept = (row: number) =>
    (countries === null || countries.has(table.countryOf[row]!)) &&
    rowMatches(table, row, qualifiers) &&
    (districts || !isNumberedDistrict(table, row));

  const best = new Map<number, number>();
  const offer = (posting: number, tierScore: number) => {
    const row = posting >>> 2;
    const score = tierScore + ((posting & 3) === MATCH_KIND.alternate ? ALTERNATE_PENALTY : 0);
    const previous = best.get(row);
    if (previous !== undefined && previous <= score) return;
    if (!accept(row)) return;
    best.set(row, score);
  };

  // Exact and prefix hits are one contiguous run of the sorted keys.
  const { keys, keyStart, postings } = table;
  for (let k = lowerBound(keys, key); k < keys.length && keys[k]!.startsWith(key); k++) {
    const tier = keys[k]!.length === key.length ? SCORE_EXACT : SCORE_PREFIX;
    for (let p = keyStart[k]!; p < keyStart[k + 1]!; p++) offer(postings[p]!, tier);
  }
  // Typos only matter when exact and prefix hits leave room in the result.
  if (best.size < limit) {
    for (const { key: k, dist } of fuzzyKeys(table, key, maxEditDistance(key.length))) {
      for (let p = keyStart[k]!; p < keyStart[k + 1]!; p++) offer(postings[p]!, SCORE_FUZZY + 2 * dist);
    }
  }

  const ranked = [...best].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const out: number[] = [];
  const labels = new Set<string>();
  for (const [row] of ranked) {
    // Labels equal after normalisation ("Tānda" / "Tāndā" in one state) resolve to the same place.
    const label = matchKey(cityLabel(table, row));
    if (labels.has(label)) continue;
    labels.add(label);
    out.push(row);
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * City search for a picker: prefix-friendly ("Lond" -> London) and typo-tolerant ("Pariss" -> Paris).
 * The query may carry ", State" / ", Country" qualifiers like a birthLocation; the last one may be
 * partly typed ("Springfield, Ill"). An empty query gives no results.
 */
export function searchCities(table: CityTable, query: string, options: SearchOptions = {}): CitySuggestion[] {
  const limit = options.limit ?? DEFAULT_SEARCH_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
    throw invalidInput('limit', `must be an integer from 1 to ${MAX_SEARCH_LIMIT}, got ${String(limit)}`);
  }
  return rankCityRows(table, query, limit, countryFilter(table, options.country)).map((row) =>
    toSuggestion(table, row),
  );
}
