import type { MatchKind } from './artifact.js';
import { labelPart, matchKey, normalizeName } from './normalize.js';
import type { CityTable } from './table.js';

/** One place of the table, as the rest of the service sees it. */
export interface CityRecord {
  geonameId: number;
  name: string;
  /** First-level division (state, province) name; null when GeoNames has none for the place. */
  province: string | null;
  /** GeoNames admin1 code ("IL", "10" for Quebec); null when absent. */
  admin1Code: string | null;
  countryCode: string;
  country: string;
  population: number;
  lat: number;
  lon: number;
  timezone: string;
  /** "Name, Province, Country": the canonical label, usable again as a birthLocation. */
  label: string;
}

export function cityLabel(table: CityTable, row: number): string {
  const parts = [labelPart(table.names[row]!)];
  const a1 = table.admin1Of[row]!;
  const province = a1 >= 0 ? table.admin1Names[a1] : null;
  const country = table.countryNames[table.countryOf[row]!]!;
  // "Taipei, Taiwan", not "Taipei, Taiwan, Taiwan": a province named like its country says nothing.
  if (province && province !== country) parts.push(labelPart(province));
  parts.push(labelPart(country));
  return parts.join(', ');
}

export function cityRecord(table: CityTable, row: number): CityRecord {
  const a1 = table.admin1Of[row]!;
  const country = table.countryOf[row]!;
  return {
    geonameId: table.ids[row]!,
    name: table.names[row]!,
    province: a1 >= 0 ? (table.admin1Names[a1] ?? null) : null,
    admin1Code: a1 >= 0 ? table.admin1Codes[a1]! : null,
    countryCode: table.countryCodes[country]!,
    country: table.countryNames[country]!,
    population: table.population[row]!,
    lat: table.lat[row]!,
    lon: table.lon[row]!,
    timezone: table.zones[table.zoneOf[row]!]!,
    label: cityLabel(table, row),
  };
}

/** First key index whose key is >= key (code-unit order, as the build script sorted them). */
export function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the exact key, or -1. */
export function findKey(table: CityTable, key: string): number {
  const i = lowerBound(table.keys, key);
  return table.keys[i] === key ? i : -1;
}

/**
 * A recognised ", qualifier" part: the countries and admin1 divisions it can mean. "CA" is both
 * Canada and California; a row matches when it lies in any of them.
 */
export interface Qualifier {
  text: string;
  countries: ReadonlySet<number>;
  admin1s: ReadonlySet<number>;
}

export function rowMatches(table: CityTable, row: number, qualifiers: readonly Qualifier[]): boolean {
  for (const q of qualifiers) {
    if (!q.countries.has(table.countryOf[row]!) && !q.admin1s.has(table.admin1Of[row]!)) return false;
  }
  return true;
}

/**
 * Reads one qualifier: a country name (English or alias), an ISO 3166-1 alpha-2 code, an admin1 name,
 * or a US/CA/AU subdivision abbreviation. With `prefix`, names that start with the text also count
 * (for a city picker while the user is typing). Returns null when nothing matches.
 */
export function parseQualifier(table: CityTable, text: string, prefix = false): Qualifier | null {
  const countries = new Set<number>();
  const admin1s = new Set<number>();
  const code = normalizeName(text).replace(/ /g, '');
  if (code.length >= 2 && code.length <= 3) {
    const c = table.countryByCode.get(code);
    if (c !== undefined) countries.add(c);
    for (const a of table.admin1ByAbbreviation.get(code) ?? []) admin1s.add(a);
  }
  const key = matchKey(text);
  if (key !== '') {
    for (const c of table.countriesByName.get(key) ?? []) countries.add(c);
    for (const a of table.admin1ByName.get(key) ?? []) admin1s.add(a);
    if (prefix && key.length >= 2) {
      for (const [name, list] of table.countriesByName)
        if (name.startsWith(key)) for (const c of list) countries.add(c);
      for (const [name, list] of table.admin1ByName)
        if (name.startsWith(key)) for (const a of list) admin1s.add(a);
    }
  }
  return countries.size + admin1s.size > 0 ? { text, countries, admin1s } : null;
}

/**
 * Reads the parts after the place name. Returns null when one is not recognised. In
 * "City, State, Country" the parts before a final country are read as states only: "México" is both
 * a Mexican state and the country, and "Emiliano Zapata, México, Mexico" means the state.
 */
export function parseQualifiers(
  table: CityTable,
  parts: readonly string[],
  prefixLast = false,
): Qualifier[] | null {
  const out: Qualifier[] = [];
  for (let i = 0; i < parts.length; i++) {
    const q = parseQualifier(table, parts[i]!, prefixLast && i === parts.length - 1);
    if (!q) return null;
    out.push(q);
  }
  const last = out[out.length - 1];
  if (out.length >= 2 && last && last.countries.size > 0) {
    for (let i = 0; i < out.length - 1; i++) {
      const q = out[i]!;
      if (q.admin1s.size > 0) out[i] = { ...q, countries: new Set() };
    }
  }
  return out;
}

/** "City, State, Country" split on commas; empty parts (a trailing comma) are ignored. */
export function splitParts(input: string): string[] {
  return input
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

export interface NameMatch {
  row: number;
  kind: MatchKind;
}

/**
 * Rows whose name, ascii name or alternate name has exactly this key and that satisfy the
 * qualifiers, best first: primary name above ascii above alternate names, then by population.
 */
export function exactMatches(
  table: CityTable,
  key: string,
  qualifiers: readonly Qualifier[],
  limit = Number.POSITIVE_INFINITY,
): NameMatch[] {
  const k = findKey(table, key);
  if (k < 0) return [];
  const out: NameMatch[] = [];
  const seen = new Set<number>();
  // Postings are stored sorted by (kind, row), i.e. already in ranking order.
  for (let p = table.keyStart[k]!; p < table.keyStart[k + 1]! && out.length < limit; p++) {
    const posting = table.postings[p]!;
    const row = posting >>> 2;
    if (seen.has(row) || !rowMatches(table, row, qualifiers)) continue;
    seen.add(row);
    out.push({ row, kind: (posting & 3) as MatchKind });
  }
  return out;
}

/**
 * Resolves "City", "City, State", "City, Country", "City, ST", "City, State, Country" to the best
 * row, or -1. Every part after the first must be a recognised qualifier.
 */
export function resolveCityRow(table: CityTable, input: string): number {
  const parts = splitParts(input);
  const place = parts[0];
  if (place === undefined) return -1;
  const qualifiers = parseQualifiers(table, parts.slice(1));
  if (!qualifiers) return -1;
  return exactMatches(table, matchKey(place), qualifiers, 1)[0]?.row ?? -1;
}

/** Convenience: the resolved place as a record, or null. */
export function lookupCity(table: CityTable, input: string): CityRecord | null {
  const row = resolveCityRow(table, input);
  return row < 0 ? null : cityRecord(table, row);
}
