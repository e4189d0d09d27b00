import type { Database } from './db.js';
import type { MeterName } from './keys.js';

/** One caller's increment, waiting for the commit of its batch. */
interface Increment {
  units: number;
  limit: number | null;
  resolve(total: number | null): void;
  reject(error: unknown): void;
}

interface Counter {
  keyId: string;
  month: string;
  meter: MeterName;
  /** Increments that arrived since the last batch was taken. */
  waiting: Increment[];
  /** A flush is scheduled or its statement is running. */
  busy: boolean;
}

const UPSERT = `INSERT INTO usage (key_id, month, meter, units) VALUES ($1, $2, $3, $4)
  ON CONFLICT (key_id, month, meter) DO UPDATE SET units = usage.units + EXCLUDED.units
  WHERE $5::bigint IS NULL OR usage.units + EXCLUDED.units <= $5::bigint
  RETURNING units`;

/**
 * Group commit of meter increments. Concurrent increments of one counter (key, month, meter) are
 * summed into one atomic upsert per event-loop turn, with at most one statement in flight per
 * counter (what arrives meanwhile forms the next batch). Every caller's promise settles only after
 * the statement carrying its units has committed, so an acknowledged unit is a durable one.
 *
 * Allowances stay exact: the batch commits whole only if its sum keeps the counter within the
 * smallest limit among its callers (checked inside the same upsert). Otherwise, near the limit, one
 * transaction locks the counter and admits callers in arrival order while they fit their limit, so
 * exactly the callers that fit are charged and the others get null (nothing recorded). A failed
 * commit rejects exactly the callers whose units it carried.
 */
export class UsageGroupCommit {
  private readonly counters = new Map<string, Counter>();

  constructor(private readonly db: Database) {}

  /** Adds `units` unless that would pass `limit`; resolves the new total, or null when over it. */
  add(keyId: string, month: string, meter: MeterName, units: number, limit: number | null) {
    const id = `${keyId}\u0000${month}\u0000${meter}`;
    let counter = this.counters.get(id);
    if (!counter) {
      counter = { keyId, month, meter, waiting: [], busy: false };
      this.counters.set(id, counter);
    }
    const c = counter;
    return new Promise<number | null>((resolve, reject) => {
      c.waiting.push({ units, limit, resolve, reject });
      if (!c.busy) this.schedule(id, c);
    });
  }

  private schedule(id: string, counter: Counter): void {
    counter.busy = true;
    // setImmediate, not a microtask: lets every request finishing in this turn join the batch.
    setImmediate(() => {
      void this.flush(counter).finally(() => {
        if (counter.waiting.length) this.schedule(id, counter);
        else {
          counter.busy = false;
          this.counters.delete(id);
        }
      });
    });
  }

  private async flush(counter: Counter): Promise<void> {
    const batch = counter.waiting;
    counter.waiting = [];
    const sum = batch.reduce((s, i) => s + i.units, 0);
    const limit = batch.reduce<number | null>(
      (min, i) => (i.limit === null ? min : min === null ? i.limit : Math.min(min, i.limit)),
      null,
    );
    let total: number | null = null;
    if (limit === null || sum <= limit) {
      try {
        total = await this.upsert(counter, sum, limit);
      } catch (e) {
        for (const i of batch) i.reject(e);
        return;
      }
    }
    if (total !== null) {
      let running = total - sum;
      for (const i of batch) {
        running += i.units;
        i.resolve(running);
      }
      return;
    }
    // The whole batch does not fit: admit callers in arrival order against the locked counter.
    try {
      const totals = await this.admitInOrder(counter, batch);
      batch.forEach((i, n) => i.resolve(totals[n] ?? null));
    } catch (e) {
      for (const i of batch) i.reject(e);
    }
  }

  /**
   * One transaction: lock the counter row (creating it at 0 if needed), admit each caller whose
   * units still fit its own limit, in arrival order, and write the new total. Nothing is written
   * when no caller fits. Returns each caller's committed total, or null for those not admitted.
   */
  private async admitInOrder(counter: Counter, batch: Increment[]): Promise<(number | null)[]> {
    const client = await this.db.pool.connect();
    const key = [counter.keyId, counter.month, counter.meter];
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ units: string }>(
        `INSERT INTO usage (key_id, month, meter, units) VALUES ($1, $2, $3, 0)
         ON CONFLICT (key_id, month, meter) DO UPDATE SET units = usage.units
         RETURNING units`,
        key,
      );
      const start = Number(rows[0]?.units ?? 0);
      let total = start;
      const totals = batch.map((i) => {
        if (i.limit !== null && total + i.units > i.limit) return null;
        total += i.units;
        return total;
      });
      if (total === start) {
        await client.query('ROLLBACK');
        return totals;
      }
      await client.query('UPDATE usage SET units = $4 WHERE key_id = $1 AND month = $2 AND meter = $3', [
        ...key,
        total,
      ]);
      await client.query('COMMIT');
      return totals;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  private async upsert(counter: Counter, units: number, limit: number | null): Promise<number | null> {
    const { rows } = await this.db.query<{ units: string }>(
      UPSERT,
      [counter.keyId, counter.month, counter.meter, units, limit],
      'usage-add',
    );
    return rows[0] ? Number(rows[0].units) : null;
  }
}
