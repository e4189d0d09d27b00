import type { Database } from './db.js';
import type { DeliveryLedger } from './delivery-ledger.js';

/** How often settlements the database refused (an outage) are offered again. */
const RETRY_MS = 2000;
/**
 * Reservations older than this are taken as delivered and dropped: no live process keeps an answer
 * unsent that long, and one whose ledger is on another host cannot be told apart here.
 */
const ABANDONED_AFTER = '1 day';

/**
 * Removes each reservation (id, refund) once and gives its refund back to its counter, in one
 * statement: a reservation already settled (by another process recovering the same ledger) is
 * not found, so nothing is given back twice.
 */
const SETTLE = `WITH s AS (SELECT * FROM unnest($1::text[], $2::bigint[]) AS s(id, refund)),
  gone AS (DELETE FROM usage_pending p USING s WHERE p.id = s.id
    RETURNING p.key_id, p.month, p.meter, s.refund),
  owed AS (SELECT key_id, month, meter, sum(refund) AS refund FROM gone WHERE refund > 0
    GROUP BY key_id, month, meter)
  UPDATE usage u SET units = u.units - owed.refund FROM owed
  WHERE u.key_id = owed.key_id AND u.month = owed.month AND u.meter = owed.meter`;

/** A batch's reserved units, waiting for each of its answers to be delivered or not. */
interface Held {
  answers: number;
  refund: number;
}

/** What a start found left by processes that are gone. */
export interface Recovery {
  /** Their ledgers settled. */
  ledgers: number;
  /** Units given back: reserved for answers that never reached the socket. */
  refunded: number;
  /**
   * Answers being written at the kill (a line before the write, none after): charged as delivered,
   * though some may not have reached the socket. The bound on what a kill can overcharge.
   */
  unconfirmed: number;
}

/**
 * The second phase of metering for answers whose delivery can be observed (REST). A batch's units
 * are committed to the counter together with a reservation naming this process (so allowances stay
 * exact across processes), before the answers are written. Each answer then settles: delivered (its
 * last byte handed to the socket, recorded in the local DeliveryLedger in the same turn) or not (its
 * units owed back). Once all of a batch's answers have settled, the reservation is removed and what
 * is owed given back, in one statement.
 *
 * A process killed with reservations open leaves them and its ledger behind; the next process on the
 * same data directory reads the ledger and gives back exactly the units of answers that never
 * reached the socket (`recover`). The one window left is between the ledger line and the socket
 * write just after it: a kill there charges an answer perhaps never sent. A second line once the
 * write is done tells those answers apart, so the start reports how many there were. Answers
 * are charged unless shown undelivered: a ledger from before a reboot, or one that cannot be found,
 * leaves its reservations charged.
 */
export class UsageSettlement {
  private readonly held = new Map<string, Held>();
  private owed = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  /** The last settlement statement failed: wait before the next. */
  private failed = false;

  constructor(
    private readonly db: Database,
    private readonly ledger: DeliveryLedger,
  ) {}

  /** The name this process's reservations carry. */
  get owner(): string {
    return this.ledger.owner;
  }

  /** A batch reserved `answers` answers' units under `id` (called once its commit is done). */
  opened(id: string, answers: number): void {
    this.held.set(id, { answers, refund: 0 });
  }

  /**
   * An answer of reservation `id` is about to be written: recorded as delivered first, so the line
   * is on disk before the bytes reach the client. (The other order loses the line whenever the kernel
   * runs the woken reader before this process returns from the socket write and a kill comes then.)
   */
  writing(id: string, units: number): void {
    this.record(id, units);
  }

  /**
   * One answer of reservation `id` reached the socket (`delivered`) or never will; `written`: its
   * write began (see writing), so a failed one is taken back in the ledger too.
   */
  settle(id: string, units: number, delivered: boolean, written: boolean): void {
    const held = this.held.get(id);
    if (!held) return;
    if (!delivered) {
      held.refund += units;
      if (written) this.record(id, -units);
    } else if (written) this.record(id, 'sent');
    if (--held.answers > 0) return;
    this.held.delete(id);
    this.owed.set(id, held.refund);
    this.schedule(0);
  }

  private record(id: string, units: number | 'sent'): void {
    try {
      this.ledger.record(id, units);
    } catch {
      // The disk refused the line. The database settles this answer as the process saw it; only a
      // crash before that settlement would read the ledger without it.
    }
  }

  /** Settles what a process that is gone left behind (see the class comment). */
  async recover(): Promise<Recovery> {
    await this.db.query(`DELETE FROM usage_pending WHERE created_at < now() - interval '${ABANDONED_AFTER}'`);
    let refunded = 0;
    let unconfirmed = 0;
    const orphans = this.ledger.orphans();
    for (const orphan of orphans) {
      if (orphan.complete) unconfirmed += orphan.unconfirmed;
      const { rows } = await this.db.query<{ id: string; units: string }>(
        'SELECT id, units FROM usage_pending WHERE owner = $1',
        [orphan.owner],
      );
      const refunds = rows.map((r) => {
        const units = Number(r.units);
        const delivered = orphan.delivered.get(r.id) ?? 0;
        return orphan.complete ? Math.min(units, Math.max(0, units - delivered)) : 0;
      });
      if (rows.length) await this.db.query(SETTLE, [rows.map((r) => r.id), refunds]);
      refunded += refunds.reduce((a, b) => a + b, 0);
      orphan.remove();
    }
    return { ledgers: orphans.length, refunded, unconfirmed };
  }

  /**
   * Settles what can be settled now and stops; what stays open (answers still being written, or
   * the database away) stays in the ledger for the next process on this directory.
   */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flushing;
    if (this.owed.size) await this.flush().catch(() => {});
    this.ledger.close(this.held.size > 0 || this.owed.size > 0);
  }

  private schedule(delayMs: number): void {
    if (this.timer || this.flushing) return;
    // setImmediate-like batching: every answer settling in this turn joins one statement.
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flushing = this.flush()
        .catch(() => {})
        .finally(() => {
          this.flushing = null;
          if (this.owed.size) this.schedule(this.failed ? RETRY_MS : 0);
        });
    }, delayMs);
    this.timer.unref();
  }

  private async flush(): Promise<void> {
    const owed = this.owed;
    this.owed = new Map();
    try {
      await this.db.query(SETTLE, [[...owed.keys()], [...owed.values()]], 'usage-settle');
      this.failed = false;
      this.ledger.settled(owed.keys());
    } catch (e) {
      // The database is away: settled next time; the ledger still holds the deliveries.
      for (const [id, refund] of owed) this.owed.set(id, refund);
      this.failed = true;
      throw e;
    }
  }
}
