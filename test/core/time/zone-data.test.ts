/**
 * The generated time zone rules (data/zones.json.gz) and their manifest: pinned by sha256, refused
 * when corrupt or missing, and covering every zone the service can name: every zone of the city
 * table (GeoNames' column) and every zone of geo-tz's comprehensive dataset (the zones of free
 * coordinates), plus the nautical Etc/GMT zones of open sea.
 * Expected values: the manifest itself; the zone lists of the two datasets as shipped; tz's own
 * count of zones and links in the vendored release (tzdata.zi of Debian tzdata 2026f: 447 `Z` and
 * 151 `L` lines).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectDataDir } from '../../../src/core/data-dir.js';
import { isKnownZone } from '../../../src/core/time/index.js';
import {
  ZONE_ARTIFACT_FILE,
  ZONE_MANIFEST_FILE,
  type ZoneManifest,
} from '../../../src/core/time/zone-artifact.js';
import { loadZoneTable, zoneTable } from '../../../src/core/time/zone-data.js';
import { sharedCities } from '../../helpers/shared.js';

const dataDir = projectDataDir(import.meta.url, ZONE_MANIFEST_FILE);
const manifest = JSON.parse(readFileSync(join(dataDir, ZONE_MANIFEST_FILE), 'utf8')) as ZoneManifest;
const scratch = mkdtempSync(join(tmpdir(), 'zones-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('zone data manifest', () => {
  it('pins the artifact, names the tz release and its package, and how to regenerate', () => {
    const bytes = readFileSync(join(dataDir, ZONE_ARTIFACT_FILE));
    const entry = manifest.files.find((f) => f.path === ZONE_ARTIFACT_FILE)!;
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(entry.sha256);
    expect(bytes.length).toBe(entry.bytes);
    expect(manifest).toMatchObject({
      version: '2026f',
      zones: 447,
      links: 151,
      regenerate: 'npm run data:zones',
    });
    expect(manifest.sources[0]).toMatchObject({
      packageVersion: '2026f-0+deb12u1',
      build: expect.stringMatching(/PACKRATDATA=backzone/),
    });
    const deb = readFileSync(join(dataDir, '..', String(manifest.sources[0]!.file)));
    expect(createHash('sha256').update(deb).digest('hex')).toBe(manifest.sources[0]!.fileSha256);
    expect(zoneTable().version).toBe('2026f');
  });

  it('refuses a corrupt or missing artifact, naming the regenerate command', () => {
    copyFileSync(join(dataDir, ZONE_MANIFEST_FILE), join(scratch, ZONE_MANIFEST_FILE));
    expect(() => loadZoneTable(scratch)).toThrow(/zones\.json\.gz is missing.*npm run data:zones/);
    const bytes = readFileSync(join(dataDir, ZONE_ARTIFACT_FILE));
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(join(scratch, ZONE_ARTIFACT_FILE), bytes);
    expect(() => loadZoneTable(scratch)).toThrow(/does not match its manifest/);
  });
});

describe('every zone the service can name resolves', () => {
  it('the city table’s zones', async () => {
    const cities = await sharedCities();
    const zones = new Set<string>();
    for (let r = 0; r < cities.size; r++) zones.add(cities.zones[cities.zoneOf[r]!]!);
    expect(zones.size).toBeGreaterThan(350);
    expect([...zones].filter((z) => !isKnownZone(z))).toEqual([]);
  });

  it('geo-tz’s comprehensive dataset and the nautical zones', () => {
    const require = createRequire(import.meta.url);
    const dir = join(dirname(require.resolve('geo-tz/all')), '..', 'data');
    const index = JSON.parse(readFileSync(join(dir, 'timezones.geojson.index.json'), 'utf8')) as {
      timezones: string[];
    };
    expect(index.timezones.length).toBeGreaterThan(400);
    const nautical = Array.from({ length: 25 }, (_, i) => i - 12).map((h) =>
      h === 0 ? 'Etc/GMT' : `Etc/GMT${h > 0 ? '-' : '+'}${Math.abs(h)}`,
    );
    expect([...index.timezones, ...nautical].filter((z) => !isKnownZone(z))).toEqual([]);
  });

  it('an unknown name is not a zone', () => {
    expect(isKnownZone('Europe/Atlantis')).toBe(false);
    expect(isKnownZone('europe/london')).toBe(false);
  });
});
