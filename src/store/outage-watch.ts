/** One change in whether the database answers, for the log. */
export type OutageEvent =
  | { state: 'down'; error: string }
  | { state: 'still-down'; error: string; downForMs: number }
  | { state: 'up'; downForMs: number };

/** While the database stays unreachable, a reminder at most this often. */
export const OUTAGE_REMINDER_MS = 60_000;

/**
 * Whether the database answers, read from the queries themselves, reported once per change: `down`
 * at the first query that could not reach it, `still-down` at most once a minute while queries keep
 * failing, `up` at the first success of a query sent after the outage was noticed (one sent before
 * may have been answered before it began, so it proves nothing).
 */
export class OutageWatch {
  private downSince: number | null = null;
  private lastReport = 0;

  constructor(
    private readonly report: (event: OutageEvent) => void,
    readonly clock: () => number = () => performance.now(),
    private readonly reminderMs = OUTAGE_REMINDER_MS,
  ) {}

  get down(): boolean {
    return this.downSince !== null;
  }

  failed(error: string): void {
    const now = this.clock();
    if (this.downSince === null) {
      this.downSince = this.lastReport = now;
      this.report({ state: 'down', error });
    } else if (now - this.lastReport >= this.reminderMs) {
      this.lastReport = now;
      this.report({ state: 'still-down', error, downForMs: Math.round(now - this.downSince) });
    }
  }

  /** A query sent at `sentAt` (this watch's clock) was answered. */
  answered(sentAt: number): void {
    if (this.downSince === null || sentAt < this.downSince) return;
    const downForMs = Math.round(this.clock() - this.downSince);
    this.downSince = null;
    this.report({ state: 'up', downForMs });
  }
}
