import type { Database } from './db.js';
import type { MeterName } from './keys.js';
import { UsageGroupCommit } from './usage-group-commit.js';

/** `YYYY-MM` of an instant, in UTC: the metering period. */
export const usageMonth = (at: Date): string => at.toISOString().slice(0, 7);

export interface UsageRow {
  keyId: string;
  month: string;
  meter: MeterName;
  units: number;
}

/**
 * Durable metering: one row per key, month and meter, updated by atomic upserts so that concurrent
 * requests never lose or double a count. Concurrent increments of one counter share one upsert
 * (group commit, see UsageGroupCommit); each caller still waits for the commit carrying its units.
 */
export class UsageStore {
  private readonly commits: UsageGroupCommit;
  private readonly peeks = new Map<string, Promise<Record<MeterName, number>>>();

  constructor(private readonly db: Database) {
    this.commits = new UsageGroupCommit(db);
  }

  /**
   * Adds `units` to the counter unless that would pass `limit`; resolves the new total once it is
   * committed, or null when the allowance would be exceeded (nothing is recorded then).
   */
  async add(
    keyId: string,
    meter: MeterName,
    units: number,
    limit: number | null,
    at: Date,
  ): Promise<number | null> {
    if (limit !== null && units > limit) return null;
    return this.commits.add(keyId, usageMonth(at), meter, units, limit);
  }

  /**
   * The month's usage for an allowance pre-check: concurrent callers for one key and month share one
   * read. The answer may miss units committed while it was in flight, which is fine for a pre-check:
   * the commit itself enforces the allowance exactly (see add).
   */
  peek(keyId: string, month: string): Promise<Record<MeterName, number>> {
    const id = `${keyId}\u0000${month}`;
    let read = this.peeks.get(id);
    if (!read) {
      read = this.get(keyId, month).finally(() => this.peeks.delete(id));
      this.peeks.set(id, read);
    }
    return read;
  }

  async get(keyId: string, month: string): Promise<Record<MeterName, number>> {
    const { rows } = await this.db.query<{ meter: MeterName; units: string }>(
      'SELECT meter, units FROM usage WHERE key_id = $1 AND month = $2',
      [keyId, month],
    );
    const out: Record<MeterName, number> = { chart: 0, sage: 0 };
    for (const r of rows) out[r.meter] = Number(r.units);
    return out;
  }

  async list(month?: string): Promise<UsageRow[]> {
    const { rows } = await this.db.query<{ key_id: string; month: string; meter: MeterName; units: string }>(
      `SELECT key_id, month, meter, units FROM usage ${month ? 'WHERE month = $1' : ''} ORDER BY month, key_id, meter`,
      month ? [month] : [],
    );
    return rows.map((r) => ({ keyId: r.key_id, month: r.month, meter: r.meter, units: Number(r.units) }));
  }
}
