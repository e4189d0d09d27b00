/**
 * Group commit of meter increments (src/store/usage-group-commit.ts, docs/decisions.md "Access,
 * metering, cache"): concurrent increments of one counter share upserts yet every caller gets its
 * own committed total; 300 concurrent increments leave exactly 300 units; an allowance is never
 * passed under concurrency, and callers that would pass it are not charged; a failed statement
 * fails exactly the callers whose units it carried; concurrent allowance pre-checks share one read.
 * Runs on embedded PGlite and on a real PostgreSQL server (Debian postgresql) started here on
 * loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Database,
  openStore,
  PEEK_FRESH_MS,
  type Store,
  UsageStore,
  usageMonth,
} from '../../src/store/index.js';
import { startPostgres, type TempPostgres } from '../helpers/postgres.js';

let pg: TempPostgres;
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(() => pg?.stop());

const AT = new Date('2026-11-15T12:00:00Z');
const MONTH = usageMonth(AT);

/** The store's database, counting the statements that write usage; `failing` makes them throw. */
function countingDb(db: Database) {
  const spy = { upserts: 0, failing: false, db: db };
  spy.db = {
    ...db,
    query: (async (text: string, params?: unknown[]) => {
      if (text.includes('INSERT INTO usage')) {
        spy.upserts++;
        const fail = spy.failing;
        await new Promise((r) => setTimeout(r, 5)); // a statement that takes a while
        if (fail) throw new Error('commit failed (test)');
      }
      return db.query(text, params);
    }) as Database['query'],
  };
  return spy;
}

const backends: [string, () => Promise<Store>][] = [
  ['embedded PGlite', () => openStore({ dataDir: 'memory://' })],
  ['PostgreSQL', () => openStore({ databaseUrl: pg.url, dataDir: 'memory://' })],
];

describe.each(backends)('%s', (_label, open) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(() => store?.close());

  const newKey = async () =>
    (await store.keys.create({ name: 'group commit', products: ['advanced_chart'] })).record.id;

  it('300 concurrent increments leave exactly 300 units, each caller with its own total, in few statements', async () => {
    const keyId = await newKey();
    const spy = countingDb(store.db);
    const usage = new UsageStore(spy.db);
    const totals = await Promise.all(
      Array.from({ length: 300 }, () => usage.add(keyId, 'chart', 1, null, AT)),
    );
    expect([...totals].sort((a, b) => a! - b!)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect((await store.usage.get(keyId, MONTH)).chart).toBe(300);
    expect(spy.upserts).toBeLessThan(10);
  });

  it('an allowance is exact under concurrency: 250 callers, limit 100, exactly 100 charged', async () => {
    const keyId = await newKey();
    const usage = new UsageStore(store.db);
    const totals = await Promise.all(
      Array.from({ length: 250 }, () => usage.add(keyId, 'chart', 1, 100, AT)),
    );
    expect(totals.filter((t) => t !== null)).toHaveLength(100);
    expect(totals.filter((t) => t === null)).toHaveLength(150);
    expect((await store.usage.get(keyId, MONTH)).chart).toBe(100);
  });

  it('near the limit a batch is admitted caller by caller in arrival order; the rest are not charged', async () => {
    const keyId = await newKey();
    const usage = new UsageStore(store.db);
    expect(await usage.add(keyId, 'chart', 95, 100, AT)).toBe(95);
    // 95 + 3 = 98 fits, + 3 would be 101, + 2 = 100 fits, + 1 would be 101.
    const totals = await Promise.all([3, 3, 2, 1].map((u) => usage.add(keyId, 'chart', u, 100, AT)));
    expect(totals).toEqual([98, null, 100, null]);
    expect((await store.usage.get(keyId, MONTH)).chart).toBe(100);
    // A single increment larger than the allowance is refused before any statement.
    expect(await usage.add(keyId, 'sage', 5, 4, AT)).toBeNull();
    expect((await store.usage.get(keyId, MONTH)).sage).toBe(0);
  });

  it('a failed commit fails exactly the callers of its batch; the next batch commits', async () => {
    const keyId = await newKey();
    const spy = countingDb(store.db);
    const usage = new UsageStore(spy.db);
    const first = await Promise.allSettled(
      Array.from({ length: 10 }, () => usage.add(keyId, 'chart', 1, null, AT)),
    );
    expect(first.every((r) => r.status === 'fulfilled')).toBe(true);

    spy.failing = true;
    const failed = Array.from({ length: 5 }, () => usage.add(keyId, 'chart', 1, null, AT));
    // Let the failing statement start, then queue a batch behind it that will succeed.
    await new Promise((r) => setImmediate(r));
    spy.failing = false;
    const upsertsBefore = spy.upserts;
    const next = Array.from({ length: 7 }, () => usage.add(keyId, 'chart', 1, null, AT));
    const failedResults = await Promise.allSettled(failed);
    const nextResults = await Promise.allSettled(next);
    expect(failedResults.map((r) => r.status)).toEqual(Array(5).fill('rejected'));
    expect(nextResults.map((r) => r.status)).toEqual(Array(7).fill('fulfilled'));
    expect(spy.upserts).toBe(upsertsBefore + 1);
    expect((await store.usage.get(keyId, MONTH)).chart).toBe(17);
  });
});

describe('allowance pre-check read', () => {
  it('concurrent pre-checks share one read; commits here keep it current; a stale one reads again', async () => {
    const store = await openStore({ dataDir: 'memory://' });
    try {
      const keyId = (await store.keys.create({ name: 'peek', products: ['advanced_chart'] })).record.id;
      let selects = 0;
      const db: Database = {
        ...store.db,
        query: ((text: string, params?: unknown[]) => {
          if (text.startsWith('SELECT meter, units FROM usage')) selects++;
          return store.db.query(text, params);
        }) as Database['query'],
      };
      let now = 1_000_000;
      const usage = new UsageStore(db, { clock: () => now });
      await usage.add(keyId, 'chart', 4, null, AT);
      const reads = await Promise.all(Array.from({ length: 50 }, () => usage.peek(keyId, MONTH)));
      expect(reads.every((r) => r.chart === 4)).toBe(true);
      expect(selects).toBe(1);
      // A commit in this process updates the known total: no read needed for it.
      await usage.add(keyId, 'chart', 1, null, AT);
      expect((await usage.peek(keyId, MONTH)).chart).toBe(5);
      expect(selects).toBe(1);
      // Units committed elsewhere (another process, here straight into the table) show once the
      // known totals are older than PEEK_FRESH_MS.
      await store.db.query("UPDATE usage SET units = 9 WHERE key_id = $1 AND meter = 'chart'", [keyId]);
      now += PEEK_FRESH_MS - 1;
      expect((await usage.peek(keyId, MONTH)).chart).toBe(5);
      now += 1;
      expect((await usage.peek(keyId, MONTH)).chart).toBe(9);
      expect(selects).toBe(2);
    } finally {
      await store.close();
    }
  });
});
