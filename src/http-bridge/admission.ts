import { AppError } from '../core/errors.js';
import { type Metrics, NO_METRICS } from '../core/metrics.js';
import { ClientGone, type Res } from './http.js';

export interface AdmissionLimits {
  /** Requests running at once. */
  maxConcurrent: number;
  /** Requests waiting in the FIFO queue. */
  maxQueue: number;
  /** Longest wait in the queue before 503 queue_timeout, in milliseconds. */
  maxWaitMs: number;
}

export const DEFAULT_ADMISSION: AdmissionLimits = {
  maxConcurrent: 100,
  maxQueue: 12_000,
  maxWaitMs: 120_000,
};

interface Waiter {
  enqueuedAt: number;
  grant: () => void;
  timer: NodeJS.Timeout;
  settled: boolean;
}

export interface Ticket {
  /** Milliseconds spent in the queue. */
  waitMs: number;
  /** Frees the slot; safe to call more than once. */
  release: () => void;
}

/** A configured wait as set: 120 s, 1.5 s, 250 ms (never rounded to a value it is not). */
export function waitText(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(3))} s`;
}

/**
 * Admission control: at most `maxConcurrent` requests run, the rest wait first-in first-out. A full
 * queue and an over-long wait are refused with 503 and a Retry-After hint.
 */
export class Admission {
  private running = 0;
  private readonly queue: Waiter[] = [];
  private head = 0;

  constructor(readonly limits: AdmissionLimits) {}

  get active(): number {
    return this.running;
  }

  get waiting(): number {
    return this.queue.length - this.head;
  }

  /** A ticket at once when a slot is free and nobody waits (the common case), else null. */
  tryAcquire(): Ticket | null {
    if (this.running >= this.limits.maxConcurrent || this.waiting > 0) return null;
    this.running++;
    return this.ticket(0);
  }

  /** Resolves with a ticket once a slot is free; `signal` aborts the wait (client went away). */
  acquire(signal?: AbortSignal): Promise<Ticket> {
    const start = performance.now();
    const now = this.tryAcquire();
    if (now) return Promise.resolve(now);
    if (this.waiting >= this.limits.maxQueue) {
      return Promise.reject(
        new AppError('queue_full', 'The service is at capacity and its queue is full; retry shortly.', {
          retryAfter: this.retryAfterSeconds(),
        }),
      );
    }
    return new Promise<Ticket>((resolve, reject) => {
      const waiter: Waiter = {
        enqueuedAt: start,
        settled: false,
        grant: () => {
          waiter.settled = true;
          clearTimeout(waiter.timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(this.ticket(performance.now() - start));
        },
        timer: setTimeout(() => {
          waiter.settled = true;
          signal?.removeEventListener('abort', onAbort);
          reject(
            new AppError(
              'queue_timeout',
              `The request waited ${waitText(this.limits.maxWaitMs)} in the queue (the limit) without a free slot; retry later.`,
              { retryAfter: this.retryAfterSeconds() },
            ),
          );
        }, this.limits.maxWaitMs),
      };
      const onAbort = () => {
        if (waiter.settled) return;
        waiter.settled = true;
        clearTimeout(waiter.timer);
        reject(new AppError('service_unavailable', 'The client closed the request while it was queued.'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  private ticket(waitMs: number): Ticket {
    let released = false;
    return {
      waitMs: Math.round(waitMs),
      release: () => {
        if (released) return;
        released = true;
        this.running--;
        this.grantNext();
      },
    };
  }

  private grantNext(): void {
    while (this.running < this.limits.maxConcurrent && this.head < this.queue.length) {
      const next = this.queue[this.head]!;
      this.queue[this.head++] = undefined as unknown as Waiter;
      if (this.head > 1024 && this.head * 2 > this.queue.length) {
        this.queue.splice(0, this.head);
        this.head = 0;
      }
      if (next.settled) continue;
      this.running++;
      next.grant();
    }
  }

  private retryAfterSeconds(): number {
    return Math.max(1, Math.min(120, Math.ceil(this.limits.maxWaitMs / 4000)));
  }
}

/**
 * Takes a slot for this response, after authentication and after the body has arrived (so a slow or
 * unauthenticated client never holds one), reports the wait in `X-Queue-Wait-Ms`, and frees the slot
 * when the response closes. Rejects with the refusal (503, Retry-After), ClientGone, or the reason of
 * `signal` (the shutdown's grace period ended while it waited).
 */
export async function admit(
  admission: Admission,
  res: Res,
  signal?: AbortSignal,
  metrics: Metrics = NO_METRICS,
): Promise<void> {
  if (signal?.aborted) throw signal.reason as Error;
  let ticket = admission.tryAcquire();
  if (!ticket) {
    const abort = new AbortController();
    const onClose = () => abort.abort();
    res.once('close', onClose);
    try {
      ticket = await admission.acquire(signal ? AbortSignal.any([abort.signal, signal]) : abort.signal);
    } catch (e) {
      if (res.destroyed) throw new ClientGone();
      if (signal?.aborted) throw signal.reason as Error;
      res.setHeader('X-Queue-Wait-Ms', String(admission.limits.maxWaitMs));
      throw e;
    } finally {
      res.off('close', onClose);
    }
  }
  res.setHeader('X-Queue-Wait-Ms', String(ticket.waitMs));
  metrics.queueWait(ticket.waitMs / 1000);
  res.once('close', ticket.release);
  if (res.writableEnded || res.destroyed) {
    ticket.release();
    throw new ClientGone();
  }
}
