/**
 * Leaving the embedded store, as an operator does it with the CLI (real processes): `store export`
 * of an embedded store with keys, usage in two months and an outage journal left by a process that
 * died; `store import` into a real PostgreSQL and into another embedded store; a second import of the
 * same file refused with nothing changed; `store backup` and `store restore` of the embedded store.
 * After each, every key authenticates with its original secret (a revoked one stays revoked) and
 * the usage totals equal the source's: expected values are the units this file records.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import { startPostgres, type TempPostgres } from '../helpers/postgres.js';

const ROOT = join(import.meta.dirname, '../..');
let pg: TempPostgres;
let work: string;
const source = () => join(work, 'source');

/** Secrets of the keys made below, and the units recorded: what every target must hold. */
const made: { key: string; revoked: boolean }[] = [];
const EXPECTED = { '2026-10 chart': 7, '2026-11 chart': 12, '2026-11 sage': 3 };

function cli(args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts', 'store', ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });
  return { status: r.status, out: r.stdout.trim(), err: r.stderr.trim() };
}

async function totals(store: Store): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const r of await store.usage.list()) {
    const id = `${r.month} ${r.meter}`;
    out[id] = (out[id] ?? 0) + r.units;
  }
  return out;
}

/** Every key made above authenticates (or, revoked, does not) against this store. */
async function keysWork(store: Store): Promise<void> {
  for (const { key, revoked } of made) {
    const found = await store.keys.authenticate(key);
    if (revoked) expect(found).toBeNull();
    else expect(found?.prefix).toBe(key.slice(0, 12));
  }
}

beforeAll(async () => {
  pg = await startPostgres();
  work = mkdtempSync(join(tmpdir(), 'store-transfer-'));
  const store = await openStore({ dataDir: source() });
  try {
    const a = await store.keys.create({ name: 'Partner A', products: ['advanced_chart'], chartLimit: 1000 });
    const b = await store.keys.create({ name: 'Partner B', products: ['sage_api', 'basic_chart'] });
    const c = await store.keys.create({ name: 'Old', products: ['advanced_chart'] });
    await store.keys.revoke(c.record.id);
    made.push({ key: a.key, revoked: false }, { key: b.key, revoked: false }, { key: c.key, revoked: true });
    await store.usage.add(a.record.id, 'chart', 7, 1000, new Date('2026-10-15T00:00:00Z'));
    await store.usage.add(a.record.id, 'chart', 5, 1000, new Date('2026-11-02T00:00:00Z'));
    await store.usage.add(b.record.id, 'sage', 3, null, new Date('2026-11-03T00:00:00Z'));
    // A journal left by a process that died during an outage: 4 chart units for B, not yet written.
    const journal = join(source(), 'usage-journal');
    mkdirSync(journal, { recursive: true });
    const deadPid = spawnSync('true').pid!;
    const line = { id: 'j-1', keyId: b.record.id, month: '2026-11', meter: 'chart', units: 4 };
    writeFileSync(
      join(journal, `${deadPid}.jsonl`),
      `${JSON.stringify(line)}\n${JSON.stringify({ ...line, id: 'j-2', units: 3 })}\n`,
    );
  } finally {
    await store.close();
  }
}, 120_000);
afterAll(() => {
  pg?.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('store export and import', () => {
  it('exports keys as hashes, usage and the journal written into it', () => {
    const r = cli(['export', join(work, 'export.json')], { DATA_DIR: source() });
    expect(r.err).toBe('');
    expect(r.status).toBe(0);
    expect(r.out).toMatch(/^Exported 3 keys, 4 usage counters \(22 units\) and 0 journaled increments/);
    const text = readFileSync(join(work, 'export.json'), 'utf8');
    const data = JSON.parse(text) as {
      format: string;
      version: number;
      keys: { keyHash: string }[];
      journalApplied: string[];
    };
    expect(data.format).toBe('chart-service-store');
    expect(data.version).toBe(1);
    expect(data.keys.every((k) => /^[0-9a-f]{64}$/.test(k.keyHash))).toBe(true);
    // The journal's two increments were written once and their ids travel, so an old copy of the
    // journal replayed against the new store counts nothing twice.
    expect(data.journalApplied.sort()).toEqual(['j-1', 'j-2']);
    for (const { key } of made) expect(text).not.toContain(key);
  }, 60_000);

  it('imports into PostgreSQL: every key authenticates and the usage totals equal', async () => {
    const r = cli(['import', join(work, 'export.json')], {
      DATABASE_URL: pg.url,
      DATA_DIR: join(work, 'pg-journal'),
    });
    expect(r.err).toBe('');
    expect(r.out).toMatch(/^Imported 3 keys and 22 usage units/);
    const store = await openStore({ databaseUrl: pg.url, dataDir: 'memory://' });
    try {
      await keysWork(store);
      expect(await totals(store)).toEqual(EXPECTED);
      expect((await store.keys.list()).map((k) => k.limits.chart)).toEqual([1000, null, null]);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('refuses the same file a second time and changes nothing', async () => {
    const r = cli(['import', join(work, 'export.json')], {
      DATABASE_URL: pg.url,
      DATA_DIR: join(work, 'pg-journal'),
    });
    expect(r.status).toBe(2);
    expect(r.err).toMatch(/already holds 3 of these keys .*nothing was imported/);
    const store = await openStore({ databaseUrl: pg.url, dataDir: 'memory://' });
    try {
      expect(await totals(store)).toEqual(EXPECTED);
      expect(await store.keys.count()).toBe(3);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('imports into another embedded store just as well', async () => {
    const target = join(work, 'embedded-target');
    expect(cli(['import', join(work, 'export.json')], { DATA_DIR: target }).status).toBe(0);
    const store = await openStore({ dataDir: target });
    try {
      await keysWork(store);
      expect(await totals(store)).toEqual(EXPECTED);
    } finally {
      await store.close();
    }
  }, 60_000);

  it('refuses a file that is not an export, naming what it expected', () => {
    writeFileSync(join(work, 'other.json'), '{"keys":[]}');
    const r = cli(['import', join(work, 'other.json')], { DATA_DIR: join(work, 'x') });
    expect(r.status).toBe(2);
    expect(r.err).toBe('Not a store export: expected "format": "chart-service-store".');
  }, 60_000);
});

describe('store backup and restore', () => {
  it('restores a backup into a new data directory with every key and count', async () => {
    const file = join(work, 'backup.tar.gz');
    const b = cli(['backup', file], { DATA_DIR: source() });
    expect(b.err).toBe('');
    expect(b.out).toMatch(/^Backed up .* to .*backup\.tar\.gz/);
    const target = join(work, 'restored');
    const r = cli(['restore', file], { DATA_DIR: target });
    expect(r.err).toBe('');
    expect(r.out).toMatch(/: 3 keys$/);
    const store = await openStore({ dataDir: target });
    try {
      await keysWork(store);
      expect(await totals(store)).toEqual(EXPECTED);
    } finally {
      await store.close();
    }
    const again = cli(['restore', file], { DATA_DIR: target });
    expect(again.status).toBe(2);
    expect(again.err).toMatch(/already holds an embedded store/);
  }, 120_000);
});
