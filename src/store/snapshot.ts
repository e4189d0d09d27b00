import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { copyTreeOffThread } from './copy-tree.js';
import { MIGRATIONS } from './migrations.js';

/**
 * A new embedded store, created and migrated once and kept twice, so a new store starts from a copy
 * instead of running PostgreSQL's initdb inside WebAssembly every time:
 * - as a data directory shut down cleanly, which a new store on disk copies with the file system
 *   (as fast as opening an existing store);
 * - as a tar of the same directory, which an in-memory store hands to PGlite's `loadDataDir`
 *   (reading and unpacking that tar inside PGlite costs about 1.5 s more than the copy on disk).
 * Its database is the only one it holds: the template databases, which only CREATE DATABASE reads
 * and which were 600 of its 1,000 files, are dropped before it is taken.
 *
 * A snapshot may carry a seed: content every new store of the service holds (SAGE's index of the
 * bundled knowledge, see sage/seed.ts), written once here instead of at each first start. Without a
 * seed it is an empty migrated store.
 *
 * Both forms live outside the repository, in the user's cache (`$XDG_CACHE_HOME` or `~/.cache`, then
 * `chart-service/`), named after what they depend on: the PGlite and pgvector plugin versions, the
 * migrations and the seed's kind. Anything else gets a new name, so a stale copy is never loaded. The
 * seed's content (which files it indexed) is not in the name: a new store is opened from the seeded
 * snapshot without reading the knowledge first, and its owner brings an older content in line (see
 * StoreSeed). A manifest written last (`<name>.json`) says what the two forms hold; a snapshot whose
 * manifest is missing or does not match them is refused and made again. The first store opened
 * without one writes it (`npm run build` does, so `npm start` on a fresh clone finds it).
 */

const require = createRequire(import.meta.url);

/** What a snapshot's manifest records, checked before either form is used. */
interface Manifest {
  name: string;
  /** The seed's kind (null for the empty snapshot) and the digest of the content it filled in. */
  seed: string | null;
  content: string | null;
  tarBytes: number;
  tarSha256: string;
  dirFiles: number;
}

function packageVersion(name: string): string {
  const main = require.resolve(name);
  let dir = dirname(main);
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

function cacheDir(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'chart-service');
}

/** The snapshot's name: `empty-store-<16 hex digits>`, or `seeded-store-...` when it carries a seed of that kind. */
function snapshotName(seedKind: string | null): string {
  const hash = createHash('sha256')
    .update('snapshot format 3: without template databases\0')
    .update(packageVersion('@electric-sql/pglite'))
    .update(packageVersion('@electric-sql/pglite-pgvector'))
    .update(JSON.stringify(MIGRATIONS));
  if (seedKind !== null) hash.update(`\0seed\0${seedKind}`);
  return `${seedKind === null ? 'empty' : 'seeded'}-store-${hash.digest('hex').slice(0, 16)}`;
}

/** Where the snapshot (its tar) for this build's PGlite, extension, migrations and seed is or would be. */
export function snapshotPath(seedKind: string | null = null): string {
  return join(cacheDir(), `${snapshotName(seedKind)}.tar`);
}

/** Where the unpacked snapshot (a clean data directory) is or would be. */
export function snapshotDirPath(seedKind: string | null = null): string {
  return snapshotPath(seedKind).replace(/\.tar$/, '');
}

/** Where the manifest is or would be. */
export function snapshotManifestPath(seedKind: string | null = null): string {
  return snapshotPath(seedKind).replace(/\.tar$/, '.json');
}

function readManifest(seedKind: string | null): Manifest | null {
  try {
    const m = JSON.parse(readFileSync(snapshotManifestPath(seedKind), 'utf8')) as Partial<Manifest>;
    const valid =
      m.name === snapshotName(seedKind) &&
      m.seed === seedKind &&
      (m.content === null || typeof m.content === 'string') &&
      typeof m.tarBytes === 'number' &&
      typeof m.tarSha256 === 'string' &&
      typeof m.dirFiles === 'number';
    return valid ? (m as Manifest) : null;
  } catch {
    return null;
  }
}

/** Files under `dir`, however deep (a copy holds as many as its source). */
function countFiles(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * True when both forms of this build's snapshot are in the cache and match their manifest (the tar by
 * its size here, by its digest when it is read; the directory by its version file here, by its file
 * count when it is copied) and, when `content` is given, the seed filled in exactly that content.
 */
export function hasSnapshot(seedKind: string | null = null, content?: string): boolean {
  const manifest = readManifest(seedKind);
  if (!manifest || !existsSync(join(snapshotDirPath(seedKind), 'PG_VERSION'))) return false;
  if (content !== undefined && manifest.content !== content) return false;
  return statSync(snapshotPath(seedKind), { throwIfNoEntry: false })?.size === manifest.tarBytes;
}

/**
 * Copies the unpacked snapshot to `target` (a new store's data directory); false, leaving nothing
 * behind, when there is no valid snapshot or the copy is not whole, and the store is then created
 * another way.
 */
export async function copySnapshotDir(target: string, seedKind: string | null = null): Promise<boolean> {
  const source = snapshotDirPath(seedKind);
  const manifest = readManifest(seedKind);
  if (!manifest || !existsSync(join(source, 'PG_VERSION'))) return false;
  try {
    if ((await copyTreeOffThread(source, target)) === manifest.dirFiles) return used(seedKind);
    refuse(seedKind, manifest);
  } catch {
    // Refused like a copy that is not whole: the source may be what is wrong.
    refuse(seedKind, manifest);
  }
  rmSync(target, { recursive: true, force: true });
  return false;
}

/** Days a snapshot may go without making a store before the next one written removes it. */
export const SNAPSHOT_KEEP_DAYS = 14;

/** Marks a snapshot as used now (its manifest's time), so `pruneUnused` keeps it; true. */
function used(seedKind: string | null): true {
  try {
    const now = new Date();
    utimesSync(snapshotManifestPath(seedKind), now, now);
  } catch {
    // A cache that cannot be written only loses the mark.
  }
  return true;
}

/**
 * Removes the snapshots no store was made from for SNAPSHOT_KEEP_DAYS (their manifest's time, or for
 * one from before manifests, its tar's): every change to the knowledge, the migrations or PGlite
 * names a new pair of 40-46 MB, and the cache is shared by every checkout on the machine, so age of
 * last use is what tells a snapshot some checkout still needs from one nothing will ask for again.
 */
function pruneUnused(): void {
  const cutoff = Date.now() - SNAPSHOT_KEEP_DAYS * 86_400_000;
  try {
    for (const name of readdirSync(cacheDir())) {
      const m = /^((?:empty|seeded)-store-[0-9a-f]{16})\.tar$/.exec(name);
      if (!m) continue;
      const base = join(cacheDir(), m[1]!);
      const mark = statSync(`${base}.json`, { throwIfNoEntry: false }) ?? statSync(`${base}.tar`);
      if (mark.mtimeMs >= cutoff) continue;
      rmSync(`${base}.json`, { force: true }); // first: neither form counts without it
      rmSync(base, { recursive: true, force: true });
      rmSync(`${base}.tar`, { force: true });
    }
  } catch {
    // Another process pruning at the same time, or a cache that cannot be written.
  }
}

/**
 * A snapshot found not to match its manifest loses it, so the next `hasSnapshot` is false and it is
 * made again; only when the manifest is still the one checked: a copy or read that failed because
 * `store snapshot` was replacing the snapshot meanwhile must not take the new one's manifest away.
 */
function refuse(seedKind: string | null, checked: Manifest): void {
  if (readManifest(seedKind)?.tarSha256 === checked.tarSha256)
    rmSync(snapshotManifestPath(seedKind), { force: true });
}

/**
 * A tar for PGlite's `loadDataDir` that lets go of its bytes once PGlite has read them. PGlite keeps
 * the options it was created with for the life of the database, so a plain Blob kept the 40 MB
 * snapshot resident in every process that loaded it (an in-memory store, a restore; measured: about
 * 40 MB of `arrayBuffers` and RSS). PGlite reads it once, with `arrayBuffer()`, and looks at its `type`.
 */
export function readOnce(tar: Blob): Blob {
  let held: Blob | null = tar;
  const once: Pick<Blob, 'type' | 'size' | 'arrayBuffer'> = {
    type: tar.type,
    size: tar.size,
    arrayBuffer: () => {
      const bytes = held;
      held = null;
      if (!bytes) return Promise.reject(new Error('the store tar was already read'));
      return bytes.arrayBuffer();
    },
  };
  return once as Blob;
}

/**
 * The snapshot as a Blob for PGlite's `loadDataDir`, or null when there is none yet, or it is
 * unreadable or does not match its manifest (a tar cut short or changed is never loaded).
 */
export function readSnapshot(seedKind: string | null = null): Blob | null {
  const manifest = readManifest(seedKind);
  if (!manifest) return null;
  try {
    const bytes = readFileSync(snapshotPath(seedKind));
    if (bytes.length === manifest.tarBytes && sha256(bytes) === manifest.tarSha256) {
      used(seedKind);
      return new Blob([bytes]);
    }
  } catch {
    // Refused below.
  }
  refuse(seedKind, manifest);
  return null;
}

/**
 * Writes both forms of the snapshot and its manifest. `create(dir)` creates, migrates (and seeds) a
 * store in `dir`, returns its tar, and shuts it down cleanly. Everything is made in a folder of its
 * own beside the cache and renamed into place, the manifest last, so concurrent first starts (test
 * workers) never take half a snapshot for a whole one; a snapshot that does not match its manifest,
 * or holds another content of its seed, is replaced. A cache that cannot be written only costs later
 * starts their speed: the error is returned (null when all went well), not thrown.
 */
export async function writeSnapshot(
  create: (dataDir: string) => Promise<Blob>,
  seedKind: string | null = null,
  content: string | null = null,
): Promise<unknown> {
  let work: string | null = null;
  try {
    mkdirSync(cacheDir(), { recursive: true });
    work = mkdtempSync(join(cacheDir(), 'building-'));
    const tar = Buffer.from(await (await create(join(work, 'pg'))).arrayBuffer());
    writeFileSync(join(work, 'store.tar'), tar);
    const manifest: Manifest = {
      name: snapshotName(seedKind),
      seed: seedKind,
      content,
      tarBytes: tar.length,
      tarSha256: sha256(tar),
      dirFiles: countFiles(join(work, 'pg')),
    };
    writeFileSync(join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    if (hasSnapshot(seedKind, content ?? undefined)) return null; // another process got there first
    // Neither form is taken without a manifest that matches it, so the old one goes first.
    rmSync(snapshotManifestPath(seedKind), { force: true });
    const dir = snapshotDirPath(seedKind);
    rmSync(dir, { recursive: true, force: true }); // a copy cut short or refused, if any
    renameSync(join(work, 'pg'), dir);
    renameSync(join(work, 'store.tar'), snapshotPath(seedKind));
    renameSync(join(work, 'manifest.json'), snapshotManifestPath(seedKind));
    pruneUnused();
    return null;
  } catch (e) {
    // Another process is replacing it at the same time, or the cache is not writable: the caller
    // goes on without (`store snapshot` reports it).
    return e;
  } finally {
    if (work) rmSync(work, { recursive: true, force: true });
  }
}
