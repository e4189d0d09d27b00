/**
 * Builds the service's time zone rules in data/ from a compiled IANA tz database that includes the
 * backzone history. Debian's `tzdata` package is built that way (PACKRATDATA=backzone with
 * PACKRATLIST=zone.tab: every zone of zone.tab keeps its own history, so Stockholm, Reykjavik and
 * Amsterdam are zones, not links), and the package vendored in vendor/tzdata/ is the default source,
 * so the output does not depend on the tzdata of the machine that runs this. `TZDIR=<dir>` reads a
 * compiled tree instead (for instance the tz source compiled with `make PACKRATDATA=backzone`); it
 * must hold tzdata.zi, zone1970.tab and the TZif files.
 *
 * Zones are the `Z` lines of tzdata.zi, links its `L` lines. A zone is marked `backzone` when the
 * main data has no zone of its own for it: it is a zone here but no row of zone1970.tab names it
 * (the legacy names without a region and Etc/ zones are not places and are never marked).
 *
 * The output is deterministic for a given zoneinfo tree and zlib. Run: npm run data:zones
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  ZONE_ARTIFACT_FILE,
  ZONE_ARTIFACT_FORMAT,
  ZONE_MANIFEST_FILE,
  type ZoneArtifact,
  type ZoneManifest,
  type ZoneRecord,
} from '../src/core/time/zone-artifact.js';
import { readTzif } from './tzif.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, 'data');
const VENDOR_DIR = join(ROOT, 'vendor', 'tzdata');

function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

interface Source {
  tzdir: string;
  description: Record<string, unknown>;
  cleanUp: () => void;
}

/** The vendored Debian package, unpacked to a temporary folder (dpkg-deb is on every Debian system). */
function vendoredSource(): Source {
  const debs = readdirSync(VENDOR_DIR).filter((f) => f.endsWith('.deb'));
  if (debs.length !== 1)
    throw new Error(`${VENDOR_DIR} must hold exactly one tzdata .deb, found ${debs.length}`);
  const deb = join(VENDOR_DIR, debs[0]!);
  const dir = mkdtempSync(join(tmpdir(), 'tzdata-'));
  execFileSync('dpkg-deb', ['-x', deb, dir]);
  return {
    tzdir: join(dir, 'usr/share/zoneinfo'),
    description: {
      package: 'Debian tzdata',
      packageVersion: execFileSync('dpkg-deb', ['-f', deb, 'Version'], { encoding: 'utf8' }).trim(),
      file: `vendor/tzdata/${debs[0]}`,
      fileSha256: sha256(readFileSync(deb)),
    },
    cleanUp: () => rmSync(dir, { recursive: true, force: true }),
  };
}

function isPlace(zone: string): boolean {
  return zone.includes('/') && !zone.startsWith('Etc/');
}

function main(): void {
  const source: Source = process.env.TZDIR
    ? { tzdir: process.env.TZDIR, description: { directory: 'TZDIR' }, cleanUp: () => undefined }
    : vendoredSource();
  try {
    build(source);
  } finally {
    source.cleanUp();
  }
}

function build(source: Source): void {
  const TZDIR = source.tzdir;
  const zi = readFileSync(join(TZDIR, 'tzdata.zi'), 'utf8');
  const version = zi.match(/^# version (\S+)$/m)?.[1];
  if (!version) throw new Error(`${TZDIR}/tzdata.zi has no "# version" line`);
  const zoneNames: string[] = [];
  const links: Record<string, string> = {};
  for (const line of zi.split('\n')) {
    const f = line.split(' ');
    if (f[0] === 'Z') zoneNames.push(f[1]!);
    else if (f[0] === 'L') links[f[2]!] = f[1]!;
  }
  const zone1970 = readFileSync(join(TZDIR, 'zone1970.tab'), 'utf8');
  const mainZones = new Set(
    zone1970
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split('\t')[2]!),
  );
  for (const z of mainZones)
    if (!zoneNames.includes(z)) throw new Error(`zone1970.tab names ${z}, not a zone`);

  zoneNames.sort();
  const zones: Record<string, ZoneRecord> = {};
  let transitions = 0;
  for (const name of zoneNames) {
    const tzif = readTzif(readFileSync(join(TZDIR, name)), name);
    transitions += tzif.times.length;
    zones[name] = {
      types: tzif.types,
      initialType: 0,
      transitionDeltas: tzif.times.map((t, i) => (i === 0 ? t : t - tzif.times[i - 1]!)),
      transitionTypes: tzif.typeIndexes,
      rule: tzif.footer,
      backzone: isPlace(name) && !mainZones.has(name),
    };
  }
  const sortedLinks = Object.fromEntries(Object.entries(links).sort(([a], [b]) => (a < b ? -1 : 1)));
  for (const [link, target] of Object.entries(sortedLinks)) {
    if (!zones[target]) throw new Error(`link ${link} -> ${target}: no such zone`);
  }
  const artifact: ZoneArtifact = { format: ZONE_ARTIFACT_FORMAT, version, zones, links: sortedLinks };
  const gz = gzipSync(JSON.stringify(artifact), { level: 9 });
  writeFileSync(join(OUT_DIR, ZONE_ARTIFACT_FILE), gz);

  const backzone = zoneNames.filter((z) => zones[z]!.backzone);
  const manifest: ZoneManifest = {
    description:
      'Time zone rules of the IANA tz database with its backzone history: every zone and link, its ' +
      'transitions as compiled, and the POSIX rule that follows the last of them.',
    format: ZONE_ARTIFACT_FORMAT,
    version,
    zones: zoneNames.length,
    links: Object.keys(sortedLinks).length,
    files: [{ path: ZONE_ARTIFACT_FILE, sha256: sha256(gz), bytes: gz.length }],
    sources: [
      {
        database: 'IANA tz database (main data and backzone)',
        version,
        compiled: 'zoneinfo (TZif) files, read with their 64-bit data and footer',
        build: 'PACKRATDATA=backzone PACKRATLIST=zone.tab (Debian)',
        ...source.description,
        tzdataZiSha256: sha256(zi),
        zone1970TabSha256: sha256(zone1970),
        licence: 'public domain',
      },
    ],
    notes: [
      `${zoneNames.length} zones with ${transitions} transitions; ${Object.keys(sortedLinks).length} links.`,
      `${backzone.length} zones take their history before 1970 from backzone (the main data links them ` +
        `to another zone): ${backzone.join(' ')}.`,
      'Only zones named in zone.tab take backzone history (PACKRATLIST=zone.tab); other backzone zones stay ' +
        'links, so America/Montreal follows America/Toronto (GeoNames also gives Montréal America/Toronto).',
    ],
    regenerate: 'npm run data:zones',
  };
  writeFileSync(join(OUT_DIR, ZONE_MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  process.stdout.write(
    `zones ${version}: ${zoneNames.length} zones, ${transitions} transitions, ` +
      `${Object.keys(sortedLinks).length} links, ${gz.length} bytes\n`,
  );
}

main();
