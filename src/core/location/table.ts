import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import {
  ARTIFACT_FILE,
  type CityArtifact,
  type CityManifest,
  checkArtifact,
  MANIFEST_FILE,
} from './artifact.js';
import { projectDataDir } from '../data-dir.js';
import { KEY_VERSION, matchKey } from './normalize.js';
import { ABBREVIATED_COUNTRIES, admin1Abbreviations, COUNTRY_CODE_ALIASES } from './regions.js';
import { buildTrigramIndex, type TrigramIndex } from './trigrams.js';

/**
 * The loaded offline city table and its indexes. Immutable once built; created by `loadCityTable`
 * and passed to every lookup (dependency injection, no module state).
 */
export interface CityTable {
  readonly manifest: CityManifest;
  readonly size: number;
  readonly ids: Int32Array;
  readonly names: readonly string[];
  readonly countryOf: Uint16Array;
  /** Index into admin1*; -1 when the place has no admin1 code. */
  readonly admin1Of: Int32Array;
  readonly population: Int32Array;
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  readonly zoneOf: Uint16Array;
  readonly zones: readonly string[];
  readonly countryCodes: readonly string[];
  readonly countryNames: readonly string[];
  /** Country index of each admin1 entry. */
  readonly admin1Country: Uint16Array;
  readonly admin1Codes: readonly string[];
  readonly admin1Names: readonly (string | null)[];
  /** Sorted match keys and their postings (row * 4 + kind), see artifact.ts. */
  readonly keys: readonly string[];
  readonly keyStart: Uint32Array;
  readonly postings: Uint32Array;
  readonly trigrams: TrigramIndex;
  /** Qualifier lookups: match key of a country / admin1 name -> indexes. */
  readonly countriesByName: ReadonlyMap<string, readonly number[]>;
  readonly admin1ByName: ReadonlyMap<string, readonly number[]>;
  /** Lower-case ISO code (and "uk") -> country index. */
  readonly countryByCode: ReadonlyMap<string, number>;
  /** Lower-case US/CA/AU subdivision abbreviation -> admin1 indexes. */
  readonly admin1ByAbbreviation: ReadonlyMap<string, readonly number[]>;
  /** Most populous row of each country (for hints), -1 if none. */
  readonly largestInCountry: Int32Array;
  /** 1-degree grid over (lat, lon): rows of cell c are cellRows[cellStart[c]..cellStart[c+1]). */
  readonly cellStart: Uint32Array;
  readonly cellRows: Uint32Array;
}

export const GRID_COLUMNS = 360;
export const GRID_ROWS = 180;

export function gridCell(lat: number, lon: number): number {
  const r = Math.min(GRID_ROWS - 1, Math.max(0, Math.floor(lat + 90)));
  const c = Math.min(GRID_COLUMNS - 1, Math.max(0, Math.floor(lon + 180)));
  return r * GRID_COLUMNS + c;
}

/** The project's data/ folder (from src/ or dist/). */
export function defaultDataDir(): string {
  return projectDataDir(import.meta.url, MANIFEST_FILE);
}

class CityTableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(`${message} (regenerate with \`npm run data:cities\`)`, options);
    this.name = 'CityTableError';
  }
}

const gunzipAsync = promisify(gunzip);

async function readManifest(dataDir: string): Promise<CityManifest> {
  const path = join(dataDir, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    throw new CityTableError(`city table manifest ${path} is missing`, { cause });
  }
  try {
    return JSON.parse(text) as CityManifest;
  } catch (cause) {
    throw new CityTableError(`city table manifest ${path} is not valid JSON`, { cause });
  }
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

/**
 * Loads data/cities.json.gz, verifies it against the sha256 in data/cities.manifest.json and builds
 * the indexes. Throws a clear error when a file is missing, corrupt, or from another format.
 */
export async function loadCityTable(dataDir: string = defaultDataDir()): Promise<CityTable> {
  const manifest = await readManifest(dataDir);
  const entry = manifest.files?.find((f) => f.path === ARTIFACT_FILE);
  if (!entry) throw new CityTableError(`manifest in ${dataDir} does not list ${ARTIFACT_FILE}`);
  const path = join(dataDir, ARTIFACT_FILE);
  let gz: Buffer;
  try {
    gz = await readFile(path);
  } catch (cause) {
    throw new CityTableError(`city table ${path} is missing`, { cause });
  }
  const digest = createHash('sha256').update(gz).digest('hex');
  if (gz.length !== entry.bytes || digest !== entry.sha256) {
    throw new CityTableError(
      `city table ${path} does not match its manifest (sha256 ${digest}, ${gz.length} bytes; ` +
        `expected ${entry.sha256}, ${entry.bytes} bytes)`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse((await gunzipAsync(gz)).toString('utf8'));
  } catch (cause) {
    throw new CityTableError(`city table ${path} cannot be decompressed or parsed`, { cause });
  }
  return buildCityTable(checkArtifact(parsed, KEY_VERSION), manifest);
}

function buildCityTable(a: CityArtifact, manifest: CityManifest): CityTable {
  const n = a.rowCount;
  const rows = a.rows;
  const lat = Float64Array.from(rows.lat);
  const lon = Float64Array.from(rows.lon);

  const keyStart = new Uint32Array(a.names.keys.length + 1);
  for (let i = 0; i < a.names.counts.length; i++) keyStart[i + 1] = keyStart[i]! + a.names.counts[i]!;

  const countriesByName = new Map<string, number[]>();
  const countryByCode = new Map<string, number>();
  a.countries.code.forEach((code, i) => {
    countryByCode.set(code.toLowerCase(), i);
    pushTo(countriesByName, matchKey(a.countries.name[i]!), i);
    for (const alias of a.countries.aliases[i]!) pushTo(countriesByName, matchKey(alias), i);
  });
  for (const [alias, code] of Object.entries(COUNTRY_CODE_ALIASES)) {
    const i = countryByCode.get(code.toLowerCase());
    if (i !== undefined) countryByCode.set(alias.toLowerCase(), i);
  }

  const admin1ByName = new Map<string, number[]>();
  a.admin1.name.forEach((name, i) => {
    if (name !== null) pushTo(admin1ByName, matchKey(name), i);
  });
  const admin1ByAbbreviation = new Map<string, number[]>();
  for (const cc of ABBREVIATED_COUNTRIES) {
    const ci = countryByCode.get(cc.toLowerCase());
    if (ci === undefined) continue;
    const codeToIndex = new Map<string, number>();
    a.admin1.code.forEach((code, i) => {
      if (a.admin1.country[i] === ci) codeToIndex.set(code, i);
    });
    for (const [abbr, code] of admin1Abbreviations(cc, codeToIndex.keys())) {
      const i = codeToIndex.get(code);
      if (i !== undefined) pushTo(admin1ByAbbreviation, abbr.toLowerCase(), i);
    }
  }

  const largestInCountry = new Int32Array(a.countries.code.length).fill(-1);
  const cellCount = new Uint32Array(GRID_ROWS * GRID_COLUMNS + 1);
  for (let r = 0; r < n; r++) {
    const c = rows.country[r]!;
    if (largestInCountry[c] === -1) largestInCountry[c] = r; // rows are sorted by population
    cellCount[gridCell(lat[r]!, lon[r]!) + 1]!++;
  }
  const cellStart = new Uint32Array(GRID_ROWS * GRID_COLUMNS + 1);
  for (let c = 0; c < GRID_ROWS * GRID_COLUMNS; c++) cellStart[c + 1] = cellStart[c]! + cellCount[c + 1]!;
  const fill = cellStart.slice(0, GRID_ROWS * GRID_COLUMNS);
  const cellRows = new Uint32Array(n);
  for (let r = 0; r < n; r++) cellRows[fill[gridCell(lat[r]!, lon[r]!)]!++] = r;

  return {
    manifest,
    size: n,
    ids: Int32Array.from(rows.id),
    names: rows.name,
    countryOf: Uint16Array.from(rows.country),
    admin1Of: Int32Array.from(rows.admin1),
    population: Int32Array.from(rows.population),
    lat,
    lon,
    zoneOf: Uint16Array.from(rows.zone),
    zones: a.zones,
    countryCodes: a.countries.code,
    countryNames: a.countries.name,
    admin1Country: Uint16Array.from(a.admin1.country),
    admin1Codes: a.admin1.code,
    admin1Names: a.admin1.name,
    keys: a.names.keys,
    keyStart,
    postings: Uint32Array.from(a.names.postings),
    trigrams: buildTrigramIndex(a.names.keys),
    countriesByName,
    admin1ByName,
    countryByCode,
    admin1ByAbbreviation,
    largestInCountry,
    cellStart,
    cellRows,
  };
}
