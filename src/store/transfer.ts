import type { Database } from './db.js';
import { METERS, PRODUCTS } from './keys.js';
import type { JournalEntry } from './usage-journal.js';

/**
 * The portable content of a store: API keys (hashes only: a secret is never stored, so never
 * exported), usage counters, the outage journal's waiting increments and the ids of those already
 * written. `store export` writes it as JSON, `store import` loads it into another store (PostgreSQL
 * or embedded). `format` and `version` let a later release read an older file, or refuse a newer one.
 */
export interface StoreExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  source: Database['kind'];
  keys: ExportedKey[];
  usage: { keyId: string; month: string; meter: string; units: number }[];
  /** Increments acknowledged during a database outage and not yet written to it. */
  journal: JournalEntry[];
  /** Ids of journaled increments already written (a replay of an old journal counts them once). */
  journalApplied: string[];
}

export interface ExportedKey {
  id: string;
  name: string;
  prefix: string;
  keyHash: string;
  products: string[];
  chartLimit: number | null;
  sageLimit: number | null;
  createdAt: string;
  revokedAt: string | null;
}

export const EXPORT_FORMAT = 'chart-service-store';
export const EXPORT_VERSION = 1;

export class ImportError extends Error {
  override name = 'ImportError';
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** Reads every key, counter and applied journal id; `journal` is what the outage journal still holds. */
export async function exportStore(db: Database, journal: readonly JournalEntry[]): Promise<StoreExport> {
  const keys = await db.query<{
    id: string;
    name: string;
    prefix: string;
    key_hash: string;
    products: string[];
    chart_limit: string | null;
    sage_limit: string | null;
    created_at: Date;
    revoked_at: Date | null;
  }>('SELECT * FROM api_keys ORDER BY created_at, id');
  const usage = await db.query<{ key_id: string; month: string; meter: string; units: string }>(
    'SELECT key_id, month, meter, units FROM usage ORDER BY key_id, month, meter',
  );
  const applied = await db.query<{ id: string }>('SELECT id FROM usage_journal_applied ORDER BY id');
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    source: db.kind,
    keys: keys.rows.map((r) => ({
      id: r.id,
      name: r.name,
      prefix: r.prefix,
      keyHash: r.key_hash,
      products: r.products,
      chartLimit: num(r.chart_limit),
      sageLimit: num(r.sage_limit),
      createdAt: iso(r.created_at)!,
      revokedAt: iso(r.revoked_at),
    })),
    usage: usage.rows.map((r) => ({
      keyId: r.key_id,
      month: r.month,
      meter: r.meter,
      units: Number(r.units),
    })),
    journal: [...journal],
    journalApplied: applied.rows.map((r) => r.id),
  };
}

/** Checks a parsed file is an export this release reads; throws ImportError naming what is wrong. */
export function checkExport(value: unknown): StoreExport {
  const v = value as Partial<StoreExport> | null;
  if (!v || typeof v !== 'object' || v.format !== EXPORT_FORMAT)
    throw new ImportError(`Not a store export: expected "format": "${EXPORT_FORMAT}".`);
  if (v.version !== EXPORT_VERSION)
    throw new ImportError(
      `Export version ${String(v.version)} is not readable by this release (it reads version ${EXPORT_VERSION}).`,
    );
  if (
    !Array.isArray(v.keys) ||
    !Array.isArray(v.usage) ||
    !Array.isArray(v.journal) ||
    !Array.isArray(v.journalApplied)
  )
    throw new ImportError('The export lacks one of keys, usage, journal, journalApplied.');
  const keyIds = new Set(v.keys.map((k) => k.id));
  for (const k of v.keys) {
    if (!/^[0-9a-f]{64}$/.test(k.keyHash))
      throw new ImportError(`Key ${k.id}: keyHash must be a SHA-256 hex digest.`);
    const unknown = k.products.filter((p) => !(PRODUCTS as readonly string[]).includes(p));
    if (unknown.length) throw new ImportError(`Key ${k.id}: unknown products ${unknown.join(', ')}.`);
  }
  for (const u of [...v.usage, ...v.journal]) {
    if (!keyIds.has(u.keyId))
      throw new ImportError(`Usage for key ${u.keyId}, which the export does not hold.`);
    if (!(METERS as readonly string[]).includes(u.meter) || !/^\d{4}-\d{2}$/.test(u.month))
      throw new ImportError(`Usage row ${u.keyId} ${u.month} ${u.meter}: unknown meter or month.`);
    if (!Number.isInteger(u.units) || u.units < 0)
      throw new ImportError(`Usage row ${u.keyId}: units must be a whole number.`);
  }
  return v as StoreExport;
}

/**
 * Loads an export into a store in one transaction: all of it or nothing. A key whose id or hash the
 * target already holds refuses the whole import (loading a file twice must not double its usage).
 * Journaled increments are added to the counters and their ids recorded, as a replay would.
 */
export async function importStore(db: Database, data: StoreExport): Promise<{ keys: number; units: number }> {
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    const clash = await client.query<{ id: string }>(
      'SELECT id FROM api_keys WHERE id = ANY($1) OR key_hash = ANY($2) ORDER BY id',
      [data.keys.map((k) => k.id), data.keys.map((k) => k.keyHash)],
    );
    if (clash.rowCount) {
      throw new ImportError(
        `The target store already holds ${clash.rowCount} of these keys (${clash.rows
          .slice(0, 5)
          .map((r) => r.id)
          .join(', ')}${clash.rowCount > 5 ? ', ...' : ''}); nothing was imported.`,
      );
    }
    for (const k of data.keys) {
      await client.query(
        `INSERT INTO api_keys (id, name, prefix, key_hash, products, chart_limit, sage_limit, created_at, revoked_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [k.id, k.name, k.prefix, k.keyHash, k.products, k.chartLimit, k.sageLimit, k.createdAt, k.revokedAt],
      );
    }
    let units = 0;
    const add = `INSERT INTO usage (key_id, month, meter, units) VALUES ($1, $2, $3, $4)
      ON CONFLICT (key_id, month, meter) DO UPDATE SET units = usage.units + EXCLUDED.units`;
    for (const u of data.usage) {
      await client.query(add, [u.keyId, u.month, u.meter, u.units]);
      units += u.units;
    }
    const applied = [...data.journalApplied, ...data.journal.map((e) => e.id)];
    if (applied.length)
      await client.query(
        'INSERT INTO usage_journal_applied (id) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING',
        [applied],
      );
    for (const e of data.journal) {
      await client.query(add, [e.keyId, e.month, e.meter, e.units]);
      units += e.units;
    }
    await client.query('COMMIT');
    return { keys: data.keys.length, units };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}
