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

/** How long totals read or committed here serve the allowance pre-check without a new read. */
export const PEEK_FRESH_MS = 1000;
const MAX_RECENT = 10_000;

/**
 * Durable metering: one row per key, month and meter, updated by atomic upserts so that concurrent
 * requests never lose or double a count. Concurrent increments of one counter share one upsert
 * (group commit, see UsageGroupCommit); each caller still waits for the commit carrying its units.
 */
export class UsageStore {
  private readonly commits: UsageGroupCommit;
  private readonly peeks = new Map<string, Promise<Record<MeterName, number>>>();
  /** The last totals read or committed per key and month, and when: what a pre-check may reuse. */
  private readonly recent = new Map<string, { totals: Record<MeterName, number>; at: number }>();

  constructor(
    private readonly db: Database,
    private readonly clock: () => number = Date.now,
  ) {
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
    const month = usageMonth(at);
    const total = await this.commits.add(keyId, month, meter, units, limit);
    const known = this.recent.get(`${keyId}\u0000${month}`);
    if (total !== null && known) {
      known.totals = { ...known.totals, [meter]: Math.max(known.totals[meter], total) };
      known.at = this.clock();
    }
    return total;
  }

  /**
   * The month's usage for an allowance pre-check: totals read or committed in this process within
   * the last PEEK_FRESH_MS, else one read shared by concurrent callers for the key and month. The
   * answer may miss units committed meanwhile (by another process too), which is fine for a
   * pre-check: the commit itself enforces the allowance exactly (see add). A busy key so costs no
   * read per request.
   */
  peek(keyId: string, month: string): Promise<Record<MeterName, number>> {
    const id = `${keyId}\u0000${month}`;
    const known = this.recent.get(id);
    if (known && this.clock() - known.at < PEEK_FRESH_MS) return Promise.resolve(known.totals);
    let read = this.peeks.get(id);
    if (!read) {
      read = this.get(keyId, month)
        .then((totals) => {
          if (this.recent.size >= MAX_RECENT) this.recent.clear();
          this.recent.set(id, { totals, at: this.clock() });
          return totals;
        })
        .finally(() => this.peeks.delete(id));
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
