/**
 * The sign-in limits' window (src/oauth/attempt-limits.ts) on a clock the test moves. "10 a minute"
 * (README, OAUTH_SIGN_IN_PER_MINUTE row) means at most 10 attempts in any 60 seconds. Issue 37: the
 * per-key limit was a token bucket of rate 10 and burst 20, which let 20 attempts through at once
 * (and a bucket of burst 10 still lets 10 through and then one every 6 s, 19 within one minute).
 * Client registrations per address (OAUTH_REGISTRATIONS_PER_MINUTE) are counted the same way.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/core/errors.js';
import {
  KEY_ATTEMPTS_PER_MINUTE,
  MinuteWindow,
  registrationLimit,
  signInLimits,
} from '../../src/oauth/attempt-limits.js';

/** A clock at `now.t` milliseconds. */
const clock = () => {
  const now = { t: 1_000_000 };
  return { now, read: () => now.t };
};

describe('MinuteWindow', () => {
  it('allows 10 at once, refuses the 11th until they are a minute old, saying how long to wait', () => {
    const { now, read } = clock();
    const window = new MinuteWindow(10, read);
    for (let i = 0; i < 10; i++) expect(window.take('k')).toBeNull();
    expect(window.take('k')).toBe(60);
    now.t += 59_001;
    expect(window.take('k')).toBe(1);
    now.t += 999;
    for (let i = 0; i < 10; i++) expect(window.take('k')).toBeNull();
    expect(window.take('k')).toBe(60);
  });

  it('frees one place when the oldest attempt turns a minute old', () => {
    const { now, read } = clock();
    const window = new MinuteWindow(10, read);
    for (let i = 0; i < 10; i++) {
      expect(window.take('k')).toBeNull();
      now.t += 1000;
    }
    // 10 s after the first attempt: it is 50 s from leaving the window.
    expect(window.take('k')).toBe(50);
    now.t += 50_000;
    expect(window.take('k')).toBeNull();
    expect(window.take('k')).toBe(1);
  });

  it('one attempt a second for five minutes: never more than 10 in any 60 s, 10 in each minute', () => {
    const { now, read } = clock();
    const window = new MinuteWindow(10, read);
    const allowed: number[] = [];
    for (let s = 0; s < 300; s++) {
      now.t = 1_000_000 + s * 1000;
      if (window.take('k') === null) allowed.push(s);
    }
    for (let start = 0; start < 300; start++)
      expect(allowed.filter((s) => s >= start && s < start + 60).length).toBeLessThanOrEqual(10);
    const firstTenOfEachMinute = [0, 60, 120, 180, 240].flatMap((m) =>
      [...Array(10).keys()].map((i) => m + i),
    );
    expect(allowed).toEqual(firstTenOfEachMinute);
  });

  it('counts each name apart, and a refused attempt is not counted', () => {
    const { now, read } = clock();
    const window = new MinuteWindow(2, read);
    expect([window.take('a'), window.take('a'), window.take('b')]).toEqual([null, null, null]);
    for (let i = 0; i < 5; i++) expect(window.take('a')).not.toBeNull();
    now.t += 60_000;
    expect([window.take('a'), window.take('a'), window.take('a')]).toEqual([null, null, 60]);
  });

  it('forgets names a minute after their last attempt', () => {
    const { now, read } = clock();
    const window = new MinuteWindow(1, read);
    for (let i = 0; i < 1000; i++) window.take(`key-${i}`);
    now.t += 60_000;
    window.take('later');
    expect((window as unknown as { attempts: Map<string, number[]> }).attempts.size).toBe(1);
  });
});

describe('signInLimits', () => {
  const refusal = (run: () => void): AppError => {
    try {
      run();
    } catch (e) {
      return e as AppError;
    }
    throw new Error('not refused');
  };

  it('names the key limit with its number, as rate_limited with Retry-After', () => {
    const limits = signInLimits(1000, clock().read);
    for (let i = 0; i < KEY_ATTEMPTS_PER_MINUTE; i++) limits.key('hash');
    const e = refusal(() => limits.key('hash'));
    expect(e).toBeInstanceOf(AppError);
    expect(e.code).toBe('rate_limited');
    expect(e.retryAfter).toBe(60);
    expect(e.message).toBe(
      'Too many sign-in attempts with this key (each key is limited to 10 attempts in any minute). Try again in 60 seconds.',
    );
  });

  it('names the address limit with the configured number', () => {
    const limits = signInLimits(3, clock().read);
    for (let i = 0; i < 3; i++) limits.address('203.0.113.7');
    expect(refusal(() => limits.address('203.0.113.7')).message).toBe(
      'Too many sign-in requests from this address (page views and submissions are limited to 3 in any minute). Try again in 60 seconds.',
    );
    expect(() => limits.address('203.0.113.8')).not.toThrow();
  });

  // The registration limit was a token bucket of rate and burst 30: 30 at once, then one every 2 s,
  // so 59 registrations from one address within a minute where the README says 30 per minute.
  it('registrations: the configured number in any minute from one address, not a bucket that refills', () => {
    const { now, read } = clock();
    const allowed = registrationLimit(30, read);
    for (let i = 0; i < 30; i++) allowed('203.0.113.7');
    now.t += 30_000;
    const e = refusal(() => allowed('203.0.113.7'));
    expect(e.code).toBe('rate_limited');
    expect(e.retryAfter).toBe(30);
    expect(e.message).toBe(
      'Too many client registrations from this address (limited to 30 in any minute). Try again in 30 seconds.',
    );
    expect(() => allowed('203.0.113.8')).not.toThrow();
    now.t += 30_000;
    expect(() => allowed('203.0.113.7')).not.toThrow();
  });
});
