/**
 * ResultCache (src/operations/cache.ts): a least-recently-used cache bounded both by its entry count
 * and by the bytes its entries hold, the key's length included. Expected values follow from the
 * bounds given to each cache (arithmetic on the sizes set here), so no outside source is needed.
 */
import { describe, expect, it } from 'vitest';
import { ResultCache } from '../../../src/operations/cache.js';

const KB = 1024;

describe('ResultCache', () => {
  it('stays within its byte bound after many distinct entries, keeping the most recent', () => {
    const cache = new ResultCache(5000, 100 * KB);
    for (let i = 0; i < 10_000; i++) cache.set(`k${i}`, i, 10 * KB);
    // Nine entries of 10 KB plus their keys fit in 100 KB; a tenth would pass it.
    expect(cache.size).toBe(9);
    expect(cache.bytes).toBe(9 * 10 * KB + 'k9999'.length * 9);
    expect(cache.get('k9999')).toBe(9999);
    expect(cache.get('k9991')).toBe(9991);
    expect(cache.get('k9990')).toBeUndefined();
  });

  it('stays within its entry bound, and counts the key against the byte bound', () => {
    const cache = new ResultCache(3, 1000);
    for (let i = 0; i < 100; i++) cache.set(`k${i}`, i, 0);
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(9);
    const long = 'x'.repeat(600);
    cache.set(long, 'a', 0);
    cache.set(`${long}y`, 'b', 0);
    expect(cache.get(long)).toBeUndefined();
    expect(cache.bytes).toBeLessThanOrEqual(1000);
  });

  it('refreshes an entry on a hit and replaces one set again without counting it twice', () => {
    const cache = new ResultCache(2, 1000);
    cache.set('a', 1, 100);
    cache.set('b', 2, 100);
    cache.get('a');
    cache.set('c', 3, 100);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    cache.set('a', 4, 200);
    expect(cache.bytes).toBe(201 + 101);
  });

  it('keeps nothing larger than its byte bound, and nothing at all with no entries allowed', () => {
    const cache = new ResultCache(10, 1000);
    cache.set('big', 1, 1000);
    expect(cache.size).toBe(0);
    const none = new ResultCache(0, 1000);
    none.set('a', 1, 1);
    expect(none.size).toBe(0);
    expect(none.bytes).toBe(0);
  });
});
