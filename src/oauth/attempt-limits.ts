import { AppError } from '../core/errors.js';

const MINUTE_MS = 60_000;

/**
 * At most `limit` attempts per name in any 60 seconds: the time of each allowed attempt is kept until
 * it is a minute old. (A token bucket whose burst equals its rate lets a burst through and then one
 * more per refill, nearly twice the limit within one minute.) Refused attempts are not counted.
 */
export class MinuteWindow {
  private readonly attempts = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records an attempt for `name` and returns null, or returns the seconds until one is allowed. */
  take(name: string): number | null {
    const t = this.now();
    this.sweep(t);
    const recent = (this.attempts.get(name) ?? []).filter((at) => t - at < MINUTE_MS);
    if (recent.length >= this.limit) {
      this.attempts.set(name, recent);
      return Math.max(1, Math.ceil((recent[0]! + MINUTE_MS - t) / 1000));
    }
    recent.push(t);
    this.attempts.set(name, recent);
    return null;
  }

  /** Names with no attempt in the last minute are forgotten (once a minute). */
  private sweep(t: number): void {
    if (t - this.lastSweep < MINUTE_MS) return;
    this.lastSweep = t;
    for (const [name, times] of this.attempts) if (t - times.at(-1)! >= MINUTE_MS) this.attempts.delete(name);
  }
}

/** Sign-in attempts allowed per presented key (by its hash) in any minute, beside the address limit. */
export const KEY_ATTEMPTS_PER_MINUTE = 10;

/** The sign-in page's two limits; each refusal (429, Retry-After) names the limit that was reached. */
export interface SignInLimits {
  address: (address: string) => void;
  key: (keyHash: string) => void;
}

function refuseIfWaiting(wait: number | null, reason: string): void {
  if (wait === null) return;
  throw new AppError('rate_limited', `${reason} Try again in ${wait} second${wait === 1 ? '' : 's'}.`, {
    retryAfter: wait,
  });
}

/** Page views and submissions per client address (OAUTH_SIGN_IN_PER_MINUTE), attempts per key. */
export function signInLimits(perAddress: number, now: () => number = Date.now): SignInLimits {
  const addresses = new MinuteWindow(perAddress, now);
  const keys = new MinuteWindow(KEY_ATTEMPTS_PER_MINUTE, now);
  return {
    address: (address) =>
      refuseIfWaiting(
        addresses.take(address),
        `Too many sign-in requests from this address (page views and submissions are limited to ${perAddress} in any minute).`,
      ),
    key: (keyHash) =>
      refuseIfWaiting(
        keys.take(keyHash),
        `Too many sign-in attempts with this key (each key is limited to ${KEY_ATTEMPTS_PER_MINUTE} attempts in any minute).`,
      ),
  };
}

/**
 * Dynamic client registrations per client address (OAUTH_REGISTRATIONS_PER_MINUTE): at most that
 * many in any minute, counted as the sign-in limits are.
 */
export function registrationLimit(
  perMinute: number,
  now: () => number = Date.now,
): (address: string) => void {
  const addresses = new MinuteWindow(perMinute, now);
  return (address) =>
    refuseIfWaiting(
      addresses.take(address),
      `Too many client registrations from this address (limited to ${perMinute} in any minute).`,
    );
}
