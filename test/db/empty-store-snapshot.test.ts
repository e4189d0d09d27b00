/**
 * The empty-store snapshot (src/store/snapshot.ts): the first embedded store opened on a machine
 * makes it in both forms (a clean data directory and its tar); a new store on disk then starts as a
 * file-system copy of that directory, an in-memory store from the tar. Each copy is a store of its
 * own: migrated to the current schema, empty, and not changed by what the others hold. A snapshot
 * directory cut short is made again rather than copied. Expected values: the project's own
 * migrations (src/store/migrations.ts) and the keys this file creates.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { hasSnapshot, openStore, PRODUCTS, snapshotPath, type Store } from '../../src/store/index.js';

let work: string;
const saved = process.env.XDG_CACHE_HOME;
const snapshotDir = () => snapshotPath().replace(/\.tar$/, '');

async function schemaVersions(store: Store): Promise<number[]> {
  const { rows } = await store.db.query<{ version: number }>(
    'SELECT version FROM schema_migrations ORDER BY version',
  );
  return rows.map((r) => r.version);
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'empty-store-'));
  process.env.XDG_CACHE_HOME = join(work, 'cache');
});

afterAll(() => {
  if (saved === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = saved;
  rmSync(work, { recursive: true, force: true });
});

describe('the empty-store snapshot', () => {
  it('is made in both forms by the first store opened without one', async () => {
    expect(hasSnapshot()).toBe(false);
    const first = await openStore({ dataDir: join(work, 'first') });
    try {
      expect(hasSnapshot()).toBe(true);
      expect(existsSync(join(snapshotDir(), 'PG_VERSION'))).toBe(true);
      expect(existsSync(snapshotPath())).toBe(true);
      // Nothing of the build is left beside the snapshot.
      expect(readdirSync(join(work, 'cache', 'chart-service')).sort()).toEqual(
        [snapshotDir(), snapshotPath()].map((p) => p.split('/').at(-1)).sort(),
      );
      expect(await schemaVersions(first)).toEqual(MIGRATIONS.map((m) => m.version));
      await first.keys.create({ name: 'only in first', products: PRODUCTS });
    } finally {
      await first.close();
    }
  });

  it('starts each new store on disk as an independent copy', async () => {
    const a = await openStore({ dataDir: join(work, 'a') });
    expect(await a.keys.count()).toBe(0);
    expect(await schemaVersions(a)).toEqual(MIGRATIONS.map((m) => m.version));
    const { key } = await a.keys.create({ name: 'only in a', products: PRODUCTS });
    await a.close();

    const b = await openStore({ dataDir: join(work, 'b') });
    expect(await b.keys.count()).toBe(0);
    await b.close();

    const again = await openStore({ dataDir: join(work, 'a') });
    try {
      expect(await again.keys.count()).toBe(1);
      expect((await again.keys.authenticate(key))?.name).toBe('only in a');
    } finally {
      await again.close();
    }
  });

  it('starts an in-memory store from the tar', async () => {
    const m = await openStore({ dataDir: 'memory://' });
    try {
      expect(await m.keys.count()).toBe(0);
      expect(await schemaVersions(m)).toEqual(MIGRATIONS.map((v) => v.version));
    } finally {
      await m.close();
    }
  });

  it('makes a snapshot directory cut short again instead of copying it', async () => {
    unlinkSync(join(snapshotDir(), 'PG_VERSION'));
    expect(hasSnapshot()).toBe(false);
    const c = await openStore({ dataDir: join(work, 'c') });
    try {
      expect(hasSnapshot()).toBe(true);
      expect(await c.keys.count()).toBe(0);
    } finally {
      await c.close();
    }
  });
});
