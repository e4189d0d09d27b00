import type { Database } from './db.js';
import type { MeterName } from './keys.js';

/** `YYYY-MM` of an instant, in UTC: the metering period. */
export const usageMonth = (at: Date): string => at.toISOString().slice(0, 7);

export interface UsageRow {
  keyId: string;
  month: string;
  meter: MeterName;
  units: number;
}

/**
 * Durable metering: one row per key, month and meter, updated with a single atomic upsert so that
 * concurrent requests never lose or double a count.
 */
export class UsageStore {
  constructor(private readonly db: Database) {}

  /**
   * Adds `units` to the counter unless that would pass `limit`; returns the new total, or null when
   * the allowance would be exceeded (nothing is recorded then).
   */
  async add(
    keyId: string,
    meter: MeterName,
    units: number,
    limit: number | null,
    at: Date,
  ): Promise<number | null> {
    if (limit !== null && units > limit) return null;
    const { rows } = await this.db.query<{ units: string }>(
      `INSERT INTO usage (key_id, month, meter, units) VALUES ($1, $2, $3, $4)
       ON CONFLICT (key_id, month, meter) DO UPDATE SET units = usage.units + EXCLUDED.units
       WHERE $5::bigint IS NULL OR usage.units + EXCLUDED.units <= $5::bigint
       RETURNING units`,
      [keyId, usageMonth(at), meter, units, limit],
    );
    return rows[0] ? Number(rows[0].units) : null;
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
