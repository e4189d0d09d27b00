import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { MIGRATIONS } from './migrations.js';

/**
 * An empty embedded store, created and migrated once and kept twice, so a new store starts from a
 * copy instead of running PostgreSQL's initdb inside WebAssembly every time:
 * - as a data directory shut down cleanly, which a new store on disk copies with the file system
 *   (as fast as opening an existing store);
 * - as a tar of the same directory, which an in-memory store hands to PGlite's `loadDataDir`
 *   (reading and unpacking that tar inside PGlite costs about 1.5 s more than the copy on disk).
 *
 * Both live outside the repository, in the user's cache (`$XDG_CACHE_HOME` or `~/.cache`, then
 * `chart-service/`), named after what they depend on: the PGlite and pgvector plugin versions and the
 * migrations. Anything else gets a new name, so a stale copy is never loaded. The first store opened
 * without them writes them (`npm run build` does, so `npm start` on a fresh clone finds them).
 */

const require = createRequire(import.meta.url);

function packageVersion(name: string): string {
  const main = require.resolve(name);
  let dir = dirname(main);
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

function cacheDir(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'chart-service');
}

/** Where the snapshot for this build's PGlite, extension and migrations is (or would be). */
export function snapshotPath(): string {
  const key = createHash('sha256')
    .update(packageVersion('@electric-sql/pglite'))
    .update(packageVersion('@electric-sql/pglite-pgvector'))
    .update(JSON.stringify(MIGRATIONS))
    .digest('hex')
    .slice(0, 16);
  return join(cacheDir(), `empty-store-${key}.tar`);
}

/** Where the unpacked snapshot (a clean data directory) is or would be. */
export function snapshotDirPath(): string {
  return snapshotPath().replace(/\.tar$/, '');
}

/** True when both forms of this build's snapshot are in the cache. */
export function hasSnapshot(): boolean {
  return existsSync(snapshotPath()) && existsSync(join(snapshotDirPath(), 'PG_VERSION'));
}

/**
 * Copies the unpacked snapshot to `target` (a new store's data directory); false, leaving nothing
 * behind, when there is no snapshot or the copy fails, and the store is then created another way.
 */
export function copySnapshotDir(target: string): boolean {
  const source = snapshotDirPath();
  if (!existsSync(join(source, 'PG_VERSION'))) return false;
  try {
    cpSync(source, target, { recursive: true });
    return true;
  } catch {
    rmSync(target, { recursive: true, force: true });
    return false;
  }
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

/** The snapshot as a Blob for PGlite's `loadDataDir`, or null when there is none yet (or it is unreadable). */
export function readSnapshot(): Blob | null {
  try {
    return new Blob([readFileSync(snapshotPath())]);
  } catch {
    return null;
  }
}

/**
 * Writes both forms of the snapshot. `create(dir)` creates and migrates an empty store in `dir`,
 * returns its tar, and shuts it down cleanly. Everything is made in a folder of its own beside the
 * cache and renamed into place, so concurrent first starts (test workers) never read half a
 * snapshot; a cache that cannot be written only costs later starts their speed.
 */
export async function writeSnapshot(create: (dataDir: string) => Promise<Blob>): Promise<void> {
  let work: string | null = null;
  try {
    mkdirSync(cacheDir(), { recursive: true });
    work = mkdtempSync(join(cacheDir(), 'building-'));
    const tar = Buffer.from(await (await create(join(work, 'pg'))).arrayBuffer());
    writeFileSync(join(work, 'store.tar'), tar);
    // The directory first: hasSnapshot() is true only once the tar is there too.
    const dir = snapshotDirPath();
    if (!existsSync(join(dir, 'PG_VERSION'))) {
      rmSync(dir, { recursive: true, force: true }); // a copy cut short, if any
      renameSync(join(work, 'pg'), dir);
    }
    renameSync(join(work, 'store.tar'), snapshotPath());
  } catch {
    // Another process got there first, or the cache is not writable.
  } finally {
    if (work) rmSync(work, { recursive: true, force: true });
  }
}
