/**
 * The on-disk city table: one gzip-compressed JSON document, columnar so that parsing it creates
 * few objects, plus a manifest that pins its sha256. Written by scripts/build-cities.ts, read by
 * `loadCityTable`. Rows are sorted by population (descending, then geonameid), so a smaller row index
 * always means a larger place: every ranking "then by population" is an integer comparison.
 */

export const ARTIFACT_FORMAT = 1;
export const ARTIFACT_FILE = 'cities.json.gz';
export const MANIFEST_FILE = 'cities.manifest.json';

/** Match kinds, in ranking order: a hit on the primary name beats ascii beats an alternate name. */
export const MATCH_KIND = { name: 0, ascii: 1, alternate: 2 } as const;
export type MatchKind = (typeof MATCH_KIND)[keyof typeof MATCH_KIND];

export interface CityArtifact {
  format: number;
  /** `KEY_VERSION` of the normalisation the name keys were built with. */
  keyVersion: number;
  rowCount: number;
  countries: {
    /** ISO 3166-1 alpha-2. */
    code: string[];
    /** English name from Intl.DisplayNames (canonical, used in labels). */
    name: string[];
    /** Other accepted names: short form, a few other languages, common aliases. */
    aliases: string[][];
  };
  admin1: {
    /** Index into countries. */
    country: number[];
    /**
     * GeoNames admin1 code within the country ("10" for Quebec, "IL" for Illinois), in the numbering
     * of the admin1 name snapshot (see the manifest notes on reconciling the two snapshots).
     */
    code: string[];
    /** GeoNames admin1 name; null when the code has no name in the admin1 snapshot. */
    name: (string | null)[];
  };
  zones: string[];
  rows: {
    id: number[];
    name: string[];
    /** ASCII name; empty string when identical to name. */
    ascii: string[];
    /** Index into countries. */
    country: number[];
    /** Index into admin1; -1 when GeoNames gives no admin1 code. */
    admin1: number[];
    population: number[];
    lat: number[];
    lon: number[];
    /** Index into zones. */
    zone: number[];
  };
  names: {
    /** Distinct match keys (names, ascii names, alternate names), sorted by UTF-16 code units. */
    keys: string[];
    /** Postings per key, in key order. */
    counts: number[];
    /** row * 4 + kind, grouped by key; within a key sorted by kind, then row (population). */
    postings: number[];
  };
}

export interface ManifestFile {
  path: string;
  sha256: string;
  bytes: number;
}

export interface CityManifest {
  description: string;
  format: number;
  keyVersion: number;
  files: ManifestFile[];
  rows: number;
  nameKeys: number;
  filter: string;
  sources: Record<string, unknown>[];
  attribution: string;
  licence: string;
  notes: string[];
  regenerate: string;
}

function fail(what: string): never {
  throw new Error(`city table artifact is malformed: ${what} (regenerate it with \`npm run data:cities\`)`);
}

function checkArray(value: unknown, length: number | undefined, what: string): unknown[] {
  if (!Array.isArray(value)) fail(`${what} is not an array`);
  if (length !== undefined && value.length !== length)
    fail(`${what} has ${value.length} entries, expected ${length}`);
  return value;
}

/** Structural check of a parsed artifact: every column present and of the same length. */
export function checkArtifact(value: unknown, expectedKeyVersion: number): CityArtifact {
  if (typeof value !== 'object' || value === null) fail('not an object');
  const a = value as CityArtifact;
  if (a.format !== ARTIFACT_FORMAT)
    fail(`format ${String(a.format)}, this code reads format ${ARTIFACT_FORMAT}`);
  if (a.keyVersion !== expectedKeyVersion) {
    fail(
      `name keys were built with normalisation v${String(a.keyVersion)}, this code uses v${expectedKeyVersion}`,
    );
  }
  const n = a.rowCount;
  if (!Number.isInteger(n) || n <= 0) fail('rowCount');
  const nc = checkArray(a.countries?.code, undefined, 'countries.code').length;
  checkArray(a.countries.name, nc, 'countries.name');
  checkArray(a.countries.aliases, nc, 'countries.aliases');
  const na = checkArray(a.admin1?.code, undefined, 'admin1.code').length;
  checkArray(a.admin1.country, na, 'admin1.country');
  checkArray(a.admin1.name, na, 'admin1.name');
  checkArray(a.zones, undefined, 'zones');
  for (const col of [
    'id',
    'name',
    'ascii',
    'country',
    'admin1',
    'population',
    'lat',
    'lon',
    'zone',
  ] as const) {
    checkArray(a.rows?.[col], n, `rows.${col}`);
  }
  const nk = checkArray(a.names?.keys, undefined, 'names.keys').length;
  const counts = checkArray(a.names.counts, nk, 'names.counts') as number[];
  let total = 0;
  for (const c of counts) total += c;
  checkArray(a.names.postings, total, 'names.postings');
  return a;
}
