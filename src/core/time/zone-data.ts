import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { projectDataDir } from '../data-dir.js';
import {
  ZONE_ARTIFACT_FILE,
  ZONE_ARTIFACT_FORMAT,
  ZONE_MANIFEST_FILE,
  type ZoneArtifact,
  type ZoneManifest,
} from './zone-artifact.js';
import { ZoneRules } from './zone-rules.js';

class ZoneDataError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(`${message} (regenerate with \`npm run data:zones\`)`, options);
    this.name = 'ZoneDataError';
  }
}

/** The generated zone rules (data/zones.json.gz), each zone's rules built on first use. */
export class ZoneTable {
  private readonly built = new Map<string, ZoneRules>();

  constructor(private readonly artifact: ZoneArtifact) {}

  get version(): string {
    return this.artifact.version;
  }

  /** Every accepted name: zones and links. */
  names(): string[] {
    return [...Object.keys(this.artifact.zones), ...Object.keys(this.artifact.links)];
  }

  /** The rules of a zone or link name, or undefined for a name the database does not have. */
  rules(name: string): ZoneRules | undefined {
    const cached = this.built.get(name);
    if (cached) return cached;
    const target = Object.hasOwn(this.artifact.links, name) ? this.artifact.links[name]! : name;
    if (!Object.hasOwn(this.artifact.zones, target)) return undefined;
    const rules = this.built.get(target) ?? new ZoneRules(target, this.artifact.zones[target]!);
    this.built.set(target, rules);
    this.built.set(name, rules);
    return rules;
  }
}

/** Reads and checks the generated zone data against its manifest; throws a clear error otherwise. */
export function loadZoneTable(
  dataDir: string = projectDataDir(import.meta.url, ZONE_MANIFEST_FILE),
): ZoneTable {
  const manifestPath = join(dataDir, ZONE_MANIFEST_FILE);
  let manifest: ZoneManifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ZoneManifest;
  } catch (cause) {
    throw new ZoneDataError(`time zone manifest ${manifestPath} is missing or not JSON`, { cause });
  }
  const entry = manifest.files?.find((f) => f.path === ZONE_ARTIFACT_FILE);
  if (!entry) throw new ZoneDataError(`manifest ${manifestPath} does not list ${ZONE_ARTIFACT_FILE}`);
  const path = join(dataDir, ZONE_ARTIFACT_FILE);
  let gz: Buffer;
  try {
    gz = readFileSync(path);
  } catch (cause) {
    throw new ZoneDataError(`time zone data ${path} is missing`, { cause });
  }
  const digest = createHash('sha256').update(gz).digest('hex');
  if (gz.length !== entry.bytes || digest !== entry.sha256) {
    throw new ZoneDataError(`time zone data ${path} does not match its manifest (sha256 ${digest})`);
  }
  let artifact: ZoneArtifact;
  try {
    artifact = JSON.parse(gunzipSync(gz).toString('utf8')) as ZoneArtifact;
  } catch (cause) {
    throw new ZoneDataError(`time zone data ${path} cannot be decompressed or parsed`, { cause });
  }
  if (artifact.format !== ZONE_ARTIFACT_FORMAT) {
    throw new ZoneDataError(
      `time zone data ${path} has format ${artifact.format}, expected ${ZONE_ARTIFACT_FORMAT}`,
    );
  }
  return new ZoneTable(artifact);
}

let table: ZoneTable | undefined; // immutable data, read once per process on first use

/** The process's zone table (the bundled data, read on first use). */
export function zoneTable(): ZoneTable {
  table ??= loadZoneTable();
  return table;
}
