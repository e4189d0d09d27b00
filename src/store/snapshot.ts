import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { MIGRATIONS } from './migrations.js';

/**
 * An empty embedded store, created and migrated once and kept as a tar of its data directory, so a
 * new data directory (or an in-memory store) starts from a copy instead of running PostgreSQL's
 * initdb inside WebAssembly every time: loading the copy takes a fraction of creating one.
 *
 * The copy lives outside the repository, in the user's cache (`$XDG_CACHE_HOME` or `~/.cache`, then
 * `chart-service/`), named after what it depends on: the PGlite and pgvector plugin versions and the
 * migrations. Anything else gets a new name, so a stale copy is never loaded. The first store opened
 * without one writes it (`npm run build` does, so `npm start` on a fresh clone finds it).
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

/**
 * A tar for PGlite's `loadDataDir` that lets go of its bytes once PGlite has read them. PGlite keeps
 * the options it was created with for the life of the database, so a plain Blob kept the 40 MB
 * snapshot resident in every process that started a new store (measured: about 40 MB of
 * `arrayBuffers` and RSS). PGlite reads it once, with `arrayBuffer()`, and looks at its `type`.
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
 * Keeps a freshly created and migrated store's data directory as the snapshot. Written beside and
 * renamed into place, so concurrent first starts (test workers) never read half a file; a cache
 * that cannot be written only costs the next start its speed.
 */
export async function writeSnapshot(dump: () => Promise<Blob>): Promise<void> {
  const path = snapshotPath();
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    const bytes = Buffer.from(await (await dump()).arrayBuffer());
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(tmp, bytes);
    renameSync(tmp, path);
  } catch {
    rmSync(tmp, { force: true });
  }
}
