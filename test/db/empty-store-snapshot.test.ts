/**
 * The new-store snapshots (src/store/snapshot.ts): the first embedded store opened on a machine makes
 * the empty one in both forms (a clean data directory and its tar) with a manifest; a new store on
 * disk then starts as a file-system copy of that directory, an in-memory store from the tar. Each
 * copy is a store of its own: migrated to the current schema, empty, and not changed by what the
 * others hold. A snapshot directory cut short, a tar changed or a manifest naming another snapshot is
 * refused and made again.
 *
 * Every snapshot holds one database, the one PGlite opens: the template databases are dropped.
 *
 * The seeded snapshot (`store snapshot`, which npm run build runs) carries SAGE's index of the bundled
 * knowledge: a new store from it answers a SAGE question without loading a file, and the service's
 * start-up load only checks it (its report: every file unchanged, the folder digest matching). It is
 * named by how the index is built, not by the files: a new store for a folder edited since is made
 * from it all the same, and its load replaces only the edited file; the next `store snapshot` fills
 * the same snapshot again with the edited folder.
 *
 * Expected values: the project's own migrations (src/store/migrations.ts), the keys this file creates,
 * and the bundled knowledge itself: the Projector entry (knowledge/hd/types/projector.md) opens with
 * "Projectors make up roughly a fifth of people", and the folder holds 716 Markdown files.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultKnowledgeDir } from '../../src/core/knowledge/index.js';
import { hashEmbedder } from '../../src/core/sage/index.js';
import { bundledKnowledgeSeed, knowledgeSeed, loadSageIndex, Sage } from '../../src/sage/index.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import {
  hasSnapshot,
  openStore,
  prepareSnapshot,
  PRODUCTS,
  SNAPSHOT_KEEP_DAYS,
  snapshotDirPath,
  snapshotManifestPath,
  snapshotPath,
  type Store,
} from '../../src/store/index.js';
import { authHeaders, startService } from '../helpers/service.js';

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
      // Nothing of the build is left beside the snapshot and its manifest.
      expect(readdirSync(join(work, 'cache', 'chart-service')).sort()).toEqual(
        [snapshotDir(), snapshotPath(), snapshotManifestPath()].map((p) => p.split('/').at(-1)).sort(),
      );
      expect(await schemaVersions(first)).toEqual(MIGRATIONS.map((m) => m.version));
      await first.keys.create({ name: 'only in first', products: PRODUCTS });
      // One database: template0 and template1 are gone from the snapshot, and their 600 files with them.
      const { rows } = await first.db.query<{ datname: string }>('SELECT datname FROM pg_database');
      expect(rows.map((r) => r.datname)).toEqual(['postgres']);
      expect(readdirSync(join(snapshotDir(), 'base'))).toHaveLength(1);
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

describe('the snapshot refuses what does not match its manifest', () => {
  it('makes a changed tar again rather than loading it, and then removes snapshots long unused', async () => {
    // Two snapshots of other builds: one no store was made from for 30 days, one made today.
    const cache = join(work, 'cache', 'chart-service');
    const old = join(cache, 'empty-store-0000000000000000');
    const recent = join(cache, 'seeded-store-1111111111111111');
    for (const base of [old, recent]) {
      mkdirSync(base);
      writeFileSync(join(base, 'PG_VERSION'), '17\n');
      writeFileSync(`${base}.tar`, 'tar');
      writeFileSync(`${base}.json`, '{}');
    }
    const monthAgo = new Date(Date.now() - 30 * 86_400_000);
    utimesSync(`${old}.json`, monthAgo, monthAgo);

    const tar = readFileSync(snapshotPath());
    tar.writeUInt8(tar.readUInt8(tar.length >> 1) ^ 0xff, tar.length >> 1); // same size: only the digest tells
    writeFileSync(snapshotPath(), tar);
    const m = await openStore({ dataDir: 'memory://' });
    try {
      expect(await schemaVersions(m)).toEqual(MIGRATIONS.map((v) => v.version));
      expect(hasSnapshot()).toBe(true);
      expect(readFileSync(snapshotPath()).equals(tar)).toBe(false);
    } finally {
      await m.close();
    }
    // Writing that snapshot again removed the one unused for longer than SNAPSHOT_KEEP_DAYS.
    expect(SNAPSHOT_KEEP_DAYS).toBe(14);
    expect([existsSync(old), existsSync(`${old}.tar`), existsSync(`${old}.json`)]).toEqual([
      false,
      false,
      false,
    ]);
    expect([existsSync(recent), existsSync(`${recent}.tar`), existsSync(`${recent}.json`)]).toEqual([
      true,
      true,
      true,
    ]);
    for (const path of [recent, `${recent}.tar`, `${recent}.json`]) rmSync(path, { recursive: true });
  });

  it('makes a directory missing a file again rather than copying it', async () => {
    const gone = readdirSync(join(snapshotDir(), 'base'), { recursive: true, withFileTypes: true }).find(
      (e) => e.isFile(),
    )!;
    unlinkSync(join(gone.parentPath, gone.name));
    const d = await openStore({ dataDir: join(work, 'd') });
    try {
      expect(await d.keys.count()).toBe(0);
      expect(existsSync(join(gone.parentPath, gone.name))).toBe(true);
    } finally {
      await d.close();
    }
  });

  it('refuses a manifest that names another snapshot', async () => {
    const original = readFileSync(snapshotManifestPath(), 'utf8');
    const manifest = JSON.parse(original) as { seed: string | null };
    writeFileSync(snapshotManifestPath(), JSON.stringify({ ...manifest, seed: 'other knowledge' }));
    expect(hasSnapshot()).toBe(false);
    expect(await openStore({ dataDir: 'memory://' }).then((m) => m.close())).toBeUndefined();
    // Made again by that open, as after the changes above.
    expect(hasSnapshot()).toBe(true);
    expect(readFileSync(snapshotManifestPath(), 'utf8')).not.toBe(original);
  });
});

describe('the snapshot with the bundled knowledge indexed', () => {
  const embedder = hashEmbedder();
  const seed = bundledKnowledgeSeed();
  const kind = seed.kind;
  /** SAGE's answer from a store as it is, with no load before it. */
  const answer = (store: Store, question: string) => new Sage(store.sage, embedder, null).answer(question);
  const FIFTH = 'Projectors make up roughly a fifth of people';

  beforeAll(async () => {
    await prepareSnapshot(seed);
  }, 300_000);

  it('is made by prepareSnapshot under a name of its own, with its manifest', async () => {
    const content = await seed.content();
    expect(hasSnapshot(kind, content)).toBe(true);
    expect(snapshotPath(kind)).not.toBe(snapshotPath());
    expect(existsSync(join(snapshotDirPath(kind), 'PG_VERSION'))).toBe(true);
    const manifest = JSON.parse(readFileSync(snapshotManifestPath(kind), 'utf8')) as {
      seed: string;
      content: string;
    };
    expect(manifest).toMatchObject({ seed: kind, content });
    expect(content).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(kind)).toMatchObject({
      tokenizer: 'sage-tokens-v2',
      embedder: 'hash-ngram-v2-384:384',
    });
  });

  it('gives a new store on disk the index: SAGE answers before any load, and the load only checks', async () => {
    const store = await openStore({ dataDir: join(work, 'seeded'), seed });
    try {
      const reply = await answer(store, 'What is a Projector?');
      expect(reply.domain).toBe('hd');
      expect(reply.answer).toContain(FIFTH);
      const report = await loadSageIndex(store.sage, defaultKnowledgeDir(), embedder);
      expect(report).toMatchObject({ files: 716, added: [], changed: [], removed: [], unchanged: 716 });
      expect(report.asIndexed).toBe(true);
      expect(report.chunks).toBeGreaterThan(716);
    } finally {
      await store.close();
    }
  });

  it('gives the service on a new in-memory store the index: its start-up load loads nothing', async () => {
    const s = await startService({}, { skipKnowledgeLoad: false });
    try {
      const report = await s.service.knowledgeLoad;
      expect(report).toMatchObject({ files: 716, added: [], changed: [], unchanged: 716, asIndexed: true });
      const res = await fetch(`${s.url}/api/sage`, {
        method: 'POST',
        headers: authHeaders(s.key),
        body: JSON.stringify({ query: 'What is a Projector?' }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { answer: string; domain: string } };
      expect(body.data.domain).toBe('hd');
      expect(body.data.answer).toContain(FIFTH);
    } finally {
      await s.close();
    }
  });

  it('loads an edited file over the index; a new store for an edited folder still starts from it', async () => {
    const kb = join(work, 'knowledge');
    cpSync(defaultKnowledgeDir(), kb, { recursive: true });
    const copySeed = knowledgeSeed(embedder, kb);
    // The same content is the same digest, wherever the folder is; the kind never depends on the files.
    expect(await copySeed.content()).toBe(await seed.content());
    expect(copySeed.kind).toBe(kind);
    const store = await openStore({ dataDir: 'memory://', seed: copySeed });
    const projector = join(kb, 'hd', 'types', 'projector.md');
    writeFileSync(projector, readFileSync(projector, 'utf8').replace('a fifth of', 'a seventh of'));
    try {
      expect((await answer(store, 'What is a Projector?')).answer).toContain(FIFTH);
      const report = await loadSageIndex(store.sage, kb, embedder);
      expect(report).toMatchObject({
        added: [],
        changed: ['hd/types/projector.md'],
        removed: [],
        unchanged: 715,
      });
      expect(report.asIndexed).toBe(false);
      expect((await answer(store, 'What is a Projector?')).answer).toContain(
        'Projectors make up roughly a seventh of people',
      );
      // Checked as a whole the next time: the load recorded the folder's digest.
      expect((await loadSageIndex(store.sage, kb, embedder)).asIndexed).toBe(true);
    } finally {
      await store.close();
    }

    // A new store for the edited folder, on disk as the service's: the snapshot still holds the
    // folder as it was, so the store starts with the old index and its first load replaces one file.
    expect(await copySeed.content()).not.toBe(await seed.content());
    expect(hasSnapshot(kind)).toBe(true);
    expect(hasSnapshot(kind, await copySeed.content())).toBe(false);
    const fresh = await openStore({ dataDir: join(work, 'edited'), seed: copySeed });
    try {
      expect((await answer(fresh, 'What is a Projector?')).answer).toContain(FIFTH);
      const report = await loadSageIndex(fresh.sage, kb, embedder);
      expect(report).toMatchObject({ added: [], changed: ['hd/types/projector.md'], unchanged: 715 });
      expect((await answer(fresh, 'What is a Projector?')).answer).toContain('roughly a seventh of people');
    } finally {
      await fresh.close();
    }

    // The next `store snapshot` fills the same snapshot again with the edited folder.
    await prepareSnapshot(copySeed);
    expect(hasSnapshot(kind, await copySeed.content())).toBe(true);
    const rebuilt = await openStore({ dataDir: 'memory://', seed: copySeed });
    try {
      expect((await answer(rebuilt, 'What is a Projector?')).answer).toContain('roughly a seventh of people');
      expect((await loadSageIndex(rebuilt.sage, kb, embedder)).asIndexed).toBe(true);
    } finally {
      await rebuilt.close();
    }
  }, 240_000);

  it('refuses a seeded tar that was changed: the store starts empty, and prepareSnapshot makes it again', async () => {
    const tar = readFileSync(snapshotPath(kind));
    tar.writeUInt8(tar.readUInt8(tar.length >> 1) ^ 0xff, tar.length >> 1);
    writeFileSync(snapshotPath(kind), tar);
    const m = await openStore({ dataDir: 'memory://', seed });
    try {
      expect(await m.sage.countChunks()).toBe(0);
      expect(await schemaVersions(m)).toEqual(MIGRATIONS.map((v) => v.version));
    } finally {
      await m.close();
    }
    expect(hasSnapshot(kind)).toBe(false);
    await prepareSnapshot(seed);
    expect(hasSnapshot(kind, await seed.content())).toBe(true);
    const again = await openStore({ dataDir: 'memory://', seed });
    try {
      expect((await answer(again, 'What is a Projector?')).answer).toContain(FIFTH);
    } finally {
      await again.close();
    }
  }, 300_000);
});
