/**
 * The on-disk time zone rules: one gzip-compressed JSON document generated from the IANA tz
 * database *with* its backzone history (Debian's compiled zoneinfo), plus a manifest that pins its
 * sha256 and the database version. Written by scripts/build-zones.ts, read by zone-data.ts.
 *
 * Why not the runtime's ICU data: ICU ships the tz main data, in which zones that agree since 1970
 * are links to one another (Stockholm -> Berlin, Reykjavik -> Abidjan, Amsterdam -> Brussels), so
 * every earlier birth in such a zone got another country's clock.
 */

export const ZONE_ARTIFACT_FORMAT = 1;
export const ZONE_ARTIFACT_FILE = 'zones.json.gz';
export const ZONE_MANIFEST_FILE = 'zones.manifest.json';

/** One local time type of a zone, as in a TZif file. */
export interface ZoneTypeRecord {
  /** UT offset in seconds, east positive (LMT offsets are not whole minutes). */
  offset: number;
  isDst: boolean;
  /** Abbreviation as the database writes it: "CET", "LMT" (local mean time), "-00" (no local time). */
  abbreviation: string;
}

export interface ZoneRecord {
  types: ZoneTypeRecord[];
  /** Type in force before the first transition (RFC 8536: time type 0). */
  initialType: number;
  /** Transition instants in Unix seconds: the first as is, every later one as the delta to the one before. */
  transitionDeltas: number[];
  /** Type index in force from each transition on. */
  transitionTypes: number[];
  /** POSIX TZ string for instants after the last transition ("" when the last type holds forever). */
  rule: string;
  /**
   * True when the zone's history before 1970 comes from the database's backzone file: the main data
   * makes such a zone a link to another that agrees since 1970, and its maintainers keep the earlier
   * history apart as less reliable.
   */
  backzone: boolean;
}

export interface ZoneArtifact {
  format: number;
  /** tz database release, e.g. "2025b". */
  version: string;
  zones: Record<string, ZoneRecord>;
  /** Other accepted names -> the zone whose rules they share. */
  links: Record<string, string>;
}

export interface ZoneManifest {
  description: string;
  format: number;
  version: string;
  zones: number;
  links: number;
  files: { path: string; sha256: string; bytes: number }[];
  sources: Record<string, unknown>[];
  notes: string[];
  regenerate: string;
}
