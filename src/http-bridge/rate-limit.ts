import { AppError } from '../core/errors.js';

export interface RateLimit {
  /** Sustained requests per minute per client address. */
  perMinute: number;
  /** Requests allowed in a burst above the sustained rate. */
  burst: number;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { perMinute: 60, burst: 30 };

interface Bucket {
  tokens: number;
  at: number;
}

/** Token bucket per client address for key-less routes. Buckets idle for ten minutes are dropped. */
export class AddressRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep = 0;

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `address` or throws 429 rate_limited with a Retry-After hint. */
  take(address: string): void {
    const t = this.now();
    this.sweep(t);
    const perMs = this.limit.perMinute / 60_000;
    const b = this.buckets.get(address) ?? { tokens: this.limit.burst, at: t };
    b.tokens = Math.min(this.limit.burst, b.tokens + (t - b.at) * perMs);
    b.at = t;
    this.buckets.set(address, b);
    if (b.tokens < 1) {
      throw new AppError(
        'rate_limited',
        `Too many requests from this address (limit ${this.limit.perMinute}/min).`,
        {
          retryAfter: Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000)),
        },
      );
    }
    b.tokens -= 1;
  }

  private sweep(t: number): void {
    if (t - this.lastSweep < 60_000) return;
    this.lastSweep = t;
    for (const [k, b] of this.buckets) if (t - b.at > 600_000) this.buckets.delete(k);
  }
}
