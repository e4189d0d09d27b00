import { AppError } from '../core/errors.js';
import { type Metrics, NO_METRICS, secondsSince } from '../core/metrics.js';
import type { Database } from './db.js';
import type { MeterName } from './keys.js';
import { DeliveryLedger } from './delivery-ledger.js';
import { type Committed, UsageGroupCommit } from './usage-group-commit.js';
import { type JournalEntry, UsageJournal } from './usage-journal.js';
import { type Recovery, UsageSettlement } from './usage-settlement.js';

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
/** A charge still to be confirmed by its answer's delivery (see UsageStore.reserve). */
export interface Reservation {
  /** The counter's total with these units. */
  total: number;
  /** The answer is about to be written: recorded as delivered unless `settle` says otherwise. */
  writing(): void;
  /** The answer's last byte was handed to the socket (`true`), or it never will be (`false`). */
  settle(delivered: boolean): void;
}

/** A charge that is final: nothing to settle. */
const final = (total: number): Reservation => ({ total, writing: () => {}, settle: () => {} });

/** How often journaled units are offered to the database again while any wait. */
export const REPLAY_EVERY_MS = 2000;

/** The database could not be reached (see db.ts): the one failure the journal stands in for. */
const unreachable = (e: unknown): e is AppError => e instanceof AppError && e.code === 'service_unavailable';

/** Records a journaled increment once, however often it is replayed (one statement, so atomic). */
const APPLY_JOURNALED = `WITH fresh AS (
    INSERT INTO usage_journal_applied (id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id)
  INSERT INTO usage (key_id, month, meter, units) SELECT $2, $3, $4, $5 FROM fresh
  ON CONFLICT (key_id, month, meter) DO UPDATE SET units = usage.units + EXCLUDED.units`;

/**
 * Durable metering: one row per key, month and meter, updated by atomic upserts so that concurrent
 * requests never lose or double a count. Concurrent increments of one counter share one upsert
 * (group commit, see UsageGroupCommit); each caller still waits for the commit carrying its units.
 */
export class UsageStore {
  private readonly commits: UsageGroupCommit;
  private readonly settlement: UsageSettlement;
  /** What a start settled of processes that are gone (see UsageSettlement.recover). */
  readonly recovery: Promise<Recovery>;
  /** The recovery is over: /ready waits for it, so usage read after a restart is settled. */
  recovered = false;
  private readonly peeks = new Map<string, Promise<Record<MeterName, number>>>();
  /** The last totals read or committed per key and month, and when: what a pre-check may reuse. */
  private readonly recent = new Map<string, { totals: Record<MeterName, number>; at: number }>();

  private readonly clock: () => number;
  private readonly journal: UsageJournal;
  private readonly metrics: Metrics;
  private replayTimer: NodeJS.Timeout | null = null;
  private replaying: Promise<void> | null = null;

  /**
   * `journalDir`: where units acknowledged during a database outage wait (see add); `ledgerDir`:
   * where deliveries of reserved units are recorded (see reserve). Null keeps them in memory only.
   */
  constructor(
    private readonly db: Database,
    options: {
      journalDir?: string | null;
      ledgerDir?: string | null;
      clock?: () => number;
      metrics?: Metrics;
    } = {},
  ) {
    this.settlement = new UsageSettlement(db, new DeliveryLedger(options.ledgerDir ?? null));
    this.commits = new UsageGroupCommit(db, this.settlement);
    // After the database is reached (a start during an outage waits for it).
    this.recovery = db.ready.then(() => this.settlement.recover());
    this.recovery.then(
      () => (this.recovered = true),
      () => (this.recovered = true), // left charged; the owner reads and logs the failure
    );
    this.clock = options.clock ?? Date.now;
    this.metrics = options.metrics ?? NO_METRICS;
    this.journal = new UsageJournal(options.journalDir ?? null);
    if (this.journal.size > 0) this.scheduleReplay();
  }

  /** Increments acknowledged during an outage that the database has not recorded yet. */
  get journaled(): number {
    return this.journal.size;
  }

  /** Those increments themselves (`store export` carries them). */
  journalEntries(): JournalEntry[] {
    return this.journal.entries();
  }

  /**
   * Adds `units` to the counter unless that would pass `limit`; resolves the new total once it is
   * committed, or null when the allowance would be exceeded (nothing is recorded then). While the
   * database is unreachable, the increment goes to the local journal instead (durable before this
   * resolves) and reaches the database once it is back, so a chart can still be answered without
   * losing its unit; the allowance is then checked against the last total known here plus what
   * the journal holds, and a call with an allowance and no known total fails as before.
   */
  async add(
    keyId: string,
    meter: MeterName,
    units: number,
    limit: number | null,
    at: Date,
  ): Promise<number | null> {
    return (await this.charge(keyId, meter, units, limit, at, false))?.total ?? null;
  }

  /**
   * As add, for an answer whose delivery will be known: the units count against the allowance and
   * in the total at once, held as a reservation until `settle` says whether the answer reached the
   * socket; an answer that did not is given back (see UsageSettlement, which also covers a crash
   * in between). Units journaled during an outage are final, as in add.
   */
  reserve(keyId: string, meter: MeterName, units: number, limit: number | null, at: Date) {
    return this.charge(keyId, meter, units, limit, at, true);
  }

  private async charge(
    keyId: string,
    meter: MeterName,
    units: number,
    limit: number | null,
    at: Date,
    reserved: boolean,
  ): Promise<Reservation | null> {
    if (limit !== null && units > limit) return null;
    const month = usageMonth(at);
    const start = performance.now();
    let committed: Committed | null;
    try {
      committed = await this.commits.add(keyId, month, meter, units, limit, reserved);
    } catch (e) {
      if (!unreachable(e)) {
        this.metrics.meterWrite('failed', secondsSince(start));
        throw e;
      }
      const journaled = this.addToJournal(keyId, month, meter, units, limit, e);
      this.metrics.meterWrite(journaled === null ? 'refused' : 'journaled', secondsSince(start));
      return journaled === null ? null : final(journaled);
    }
    this.metrics.meterWrite(committed === null ? 'refused' : 'committed', secondsSince(start));
    if (committed === null) return null;
    const { total, reservation } = committed;
    const known = this.recent.get(`${keyId}\u0000${month}`);
    if (known) {
      known.totals = { ...known.totals, [meter]: Math.max(known.totals[meter], total) };
      known.at = this.clock();
    }
    if (!reservation) return final(total);
    let written = false;
    let settled = false;
    return {
      total,
      writing: () => {
        if (written || settled) return;
        written = true;
        this.settlement.writing(reservation, units);
      },
      settle: (delivered) => {
        if (settled) return;
        settled = true;
        this.settlement.settle(reservation, units, delivered, written);
      },
    };
  }

  private addToJournal(
    keyId: string,
    month: string,
    meter: MeterName,
    units: number,
    limit: number | null,
    outage: AppError,
  ): number | null {
    const known = this.recent.get(`${keyId}\u0000${month}`);
    if (limit !== null && !known) throw outage;
    const total = (known?.totals[meter] ?? 0) + this.journal.pending(keyId, month, meter) + units;
    if (limit !== null && total > limit) return null;
    this.journal.append({ keyId, month, meter, units });
    this.scheduleReplay();
    return total;
  }

  private scheduleReplay(): void {
    if (this.replayTimer) return;
    this.replayTimer = setTimeout(() => {
      this.replayTimer = null;
      // Whatever stops a replay, the lines stay in the journal and the next attempt comes.
      void this.replayJournal()
        .catch(() => {})
        .finally(() => {
          if (this.journal.size > 0) this.scheduleReplay();
        });
    }, REPLAY_EVERY_MS);
    this.replayTimer.unref();
  }

  /**
   * Writes journaled increments to the database, each exactly once; stops at the first failure (the
   * database is still away) and is tried again later. One replay at a time.
   */
  replayJournal(): Promise<void> {
    this.replaying ??= this.journal
      .replay(async (e: JournalEntry) => {
        await this.db.query(APPLY_JOURNALED, [e.id, e.keyId, e.month, e.meter, e.units]);
      })
      .then(
        () => {},
        (e: unknown) => {
          if (!unreachable(e)) throw e;
        },
      )
      .finally(() => {
        this.replaying = null;
      });
    return this.replaying;
  }

  /**
   * Stops replaying and settles what it can (what is left stays in the journal and the ledger for
   * the next start).
   */
  async close(): Promise<void> {
    if (this.replayTimer) clearTimeout(this.replayTimer);
    this.replayTimer = null;
    this.journal.close();
    await this.settlement.close();
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
        .then(
          (totals) => {
            if (this.recent.size >= MAX_RECENT) this.recent.clear();
            this.recent.set(id, { totals, at: this.clock() });
            return totals;
          },
          (e: unknown) => {
            // During an outage the last known totals (plus the journal, see add) stand in.
            if (!known || !unreachable(e)) throw e;
            return known.totals;
          },
        )
        .finally(() => this.peeks.delete(id));
      this.peeks.set(id, read);
    }
    return read;
  }

  async get(keyId: string, month: string): Promise<Record<MeterName, number>> {
    const { rows } = await this.db.query<{ meter: MeterName; units: string }>(
      'SELECT meter, units FROM usage WHERE key_id = $1 AND month = $2',
      [keyId, month],
      'usage-month',
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
