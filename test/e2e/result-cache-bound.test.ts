/**
 * The result cache stays within its memory bound whatever the answers' size (CACHE_MB): answer text
 * counts against it, not only pictures. Before, only picture bytes were counted, so 5,000 entries of
 * text could hold gigabytes of transit series: under long mixed soaks the service's resident memory
 * kept rising for as long as larger answers replaced smaller ones. The bound here is the setting
 * itself (1 MiB = 1,048,576 bytes); the sizes are the answers as received; `/metrics` reports what
 * the cache holds (`chart_cache_entries`, `chart_cache_bytes`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, startService, type TestService } from '../helpers/service.js';

const TOKEN = 'cache-bound-test-token-0123456789';
const BOUND = 1024 * 1024;
/** Distinct births: each answer (an astrology chart with its tooltips, about 40 KB) is a new entry. */
const CHARTS = 60;
let s: TestService;

beforeAll(async () => {
  s = await startService({ METRICS_TOKEN: TOKEN, CACHE_MB: '1', CACHE_ENTRIES: '5000' });
});
afterAll(async () => {
  await s?.close();
});

const birth = (i: number) => ({
  birthDate: `1970-01-${String(1 + (i % 28)).padStart(2, '0')}`,
  birthTime: `${String(Math.floor(i / 28) + 8).padStart(2, '0')}:15`,
  birthLocation: 'Lisbon, Portugal',
});

const chart = (i: number) =>
  fetch(`${s.url}/api/astrology?include=tooltips`, {
    method: 'POST',
    headers: authHeaders(s.key),
    body: JSON.stringify(birth(i)),
  });

async function gauge(name: string): Promise<number> {
  const text = await (
    await fetch(`${s.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })
  ).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`${name} missing from /metrics`);
  return Number(line.split(' ')[1]);
}

describe('result cache memory bound', () => {
  it('holds at most CACHE_MB of answer text, dropping the least recently used', async () => {
    let received = 0;
    for (let i = 0; i < CHARTS; i++) {
      const res = await chart(i);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-cache')).toBe('MISS');
      received += (await res.arrayBuffer()).byteLength;
    }
    // The answers together are well over the bound, so an entry count alone would keep them all.
    expect(received).toBeGreaterThan(2 * BOUND);

    const entries = await gauge('chart_cache_entries');
    const bytes = await gauge('chart_cache_bytes');
    expect(bytes).toBeLessThanOrEqual(BOUND);
    // Full to within one answer of the bound, not emptied.
    expect(bytes).toBeGreaterThan(BOUND - (2 * received) / CHARTS);
    expect(entries).toBeLessThan(CHARTS);
    expect(entries).toBeGreaterThan(10);

    // The newest is still answered from the cache (free); the oldest went first and runs again.
    expect((await chart(CHARTS - 1)).headers.get('x-cache')).toBe('HIT');
    expect((await chart(0)).headers.get('x-cache')).toBe('MISS');
    expect(await gauge('chart_cache_bytes')).toBeLessThanOrEqual(BOUND);
  });
});
