import { randomUUID } from 'node:crypto';
import type { Database } from './db.js';
import type { MeterName } from './keys.js';
import type { UsageSettlement } from './usage-settlement.js';

/** A committed increment: the counter's new total, and the reservation its units are held under. */
export interface Committed {
  total: number;
  /** Set when the increment was reserved (see UsageSettlement): the answer still has to settle. */
  reservation: string | null;
}

/** One caller's increment, waiting for the commit of its batch. */
interface Increment {
  units: number;
  limit: number | null;
  /** Held as a reservation until the answer is delivered (UsageSettlement). */
  reserved: boolean;
  resolve(committed: Committed | null): void;
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

/** UPSERT, and in the same statement the reservation ($6 id, $7 units, $8 owner) of its batch. */
const UPSERT_RESERVED = `WITH up AS (${UPSERT}),
  held AS (INSERT INTO usage_pending (id, key_id, month, meter, units, owner)
    SELECT $6, $1, $2, $3, $7, $8 FROM up)
  SELECT units FROM up`;

const RESERVE = `INSERT INTO usage_pending (id, key_id, month, meter, units, owner)
  VALUES ($1, $2, $3, $4, $5, $6)`;

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
 * commit rejects exactly the callers whose units it carried. Reserved increments (answers still to
 * be delivered) are recorded as the batch's reservation in the same commit.
 */
export class UsageGroupCommit {
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly db: Database,
    private readonly settlement: UsageSettlement,
  ) {}

  /**
   * Adds `units` unless that would pass `limit`; resolves the new total (and, `reserved`, the
   * reservation to settle), or null when over it.
   */
  add(keyId: string, month: string, meter: MeterName, units: number, limit: number | null, reserved = false) {
    const id = `${keyId}\u0000${month}\u0000${meter}`;
    let counter = this.counters.get(id);
    if (!counter) {
      counter = { keyId, month, meter, waiting: [], busy: false };
      this.counters.set(id, counter);
    }
    const c = counter;
    return new Promise<Committed | null>((resolve, reject) => {
      c.waiting.push({ units, limit, reserved, resolve, reject });
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
    const reservation = batch.some((i) => i.reserved) ? randomUUID() : null;
    let total: number | null = null;
    if (limit === null || sum <= limit) {
      try {
        total = await this.upsert(counter, sum, limit, reservation, batch);
      } catch (e) {
        for (const i of batch) i.reject(e);
        return;
      }
    }
    if (total !== null) {
      this.open(reservation, batch);
      let running = total - sum;
      for (const i of batch) {
        running += i.units;
        i.resolve({ total: running, reservation: i.reserved ? reservation : null });
      }
      return;
    }
    // The whole batch does not fit: admit callers in arrival order against the locked counter.
    try {
      const totals = await this.admitInOrder(counter, batch, reservation);
      this.open(
        reservation,
        batch.filter((_, n) => totals[n] !== null),
      );
      batch.forEach((i, n) => {
        const t = totals[n];
        i.resolve(t == null ? null : { total: t, reservation: i.reserved ? reservation : null });
      });
    } catch (e) {
      for (const i of batch) i.reject(e);
    }
  }

  /** Opens the batch's reservation for its admitted reserved callers (before they are answered). */
  private open(reservation: string | null, admitted: Increment[]): void {
    const answers = admitted.filter((i) => i.reserved).length;
    if (reservation && answers) this.settlement.opened(reservation, answers);
  }

  /** The units of a batch's reserved callers (all of them, or those admitted). */
  private static reservedUnits(batch: Increment[]): number {
    return batch.reduce((s, i) => s + (i.reserved ? i.units : 0), 0);
  }

  /**
   * One transaction: lock the counter row (creating it at 0 if needed), admit each caller whose
   * units still fit its own limit, in arrival order, and write the new total. Nothing is written
   * when no caller fits. Returns each caller's committed total, or null for those not admitted.
   */
  private async admitInOrder(
    counter: Counter,
    batch: Increment[],
    reservation: string | null,
  ): Promise<(number | null)[]> {
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
      const held = UsageGroupCommit.reservedUnits(batch.filter((_, n) => totals[n] !== null));
      if (reservation && held > 0)
        await client.query(RESERVE, [reservation, ...key, held, this.settlement.owner]);
      await client.query('COMMIT');
      return totals;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  private async upsert(
    counter: Counter,
    units: number,
    limit: number | null,
    reservation: string | null,
    batch: Increment[],
  ): Promise<number | null> {
    const params = [counter.keyId, counter.month, counter.meter, units, limit];
    const held = UsageGroupCommit.reservedUnits(batch);
    const { rows } = reservation
      ? await this.db.query<{ units: string }>(
          UPSERT_RESERVED,
          [...params, reservation, held, this.settlement.owner],
          'usage-reserve',
        )
      : await this.db.query<{ units: string }>(UPSERT, params, 'usage-add');
    return rows[0] ? Number(rows[0].units) : null;
  }
}
