/**
 * Wall clock + IANA zone -> UTC instant, swept over every transition of six zones 1900-2030: every
 * wall time that exists exactly once resolves and formats back to itself, and the resolved offset is
 * the zone's offset at that instant. Expected offsets: the IANA tz database with backzone (the bundled
 * data/zones.json.gz, itself checked against zdump and zoneinfo in zone-reference.test.ts). A sweep of about 15,000 wall times per zone, so it lives in the slow tier; the
 * named regressions are in test/core/time/time.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { offsetSecondsAt, resolveWallClock, wallClockAt } from '../../src/core/time/index.js';

describe('round trip over every transition of several zones 1900-2030', () => {
  // For every wall time that exists exactly once, resolving and formatting back must give the input.
  it.each([
    'Europe/London',
    'Europe/Berlin',
    'Europe/Moscow',
    'Pacific/Auckland',
    'America/Santiago',
    'Europe/Lisbon',
  ])('%s', (zone) => {
    let checked = 0;
    for (
      let t = Date.UTC(1900, 0, 1);
      t < Date.UTC(2030, 0, 1);
      t += 3 * 86_400_000 + 3_600_000 * 7 + 60_000 * 13
    ) {
      const w = wallClockAt(zone, t);
      if (w.second !== 0) continue;
      const r = resolveWallClock(w, zone);
      if (r.kind === 'fold') continue;
      expect(r.utcMs - (t - (t % 60_000))).toBe(0);
      expect(offsetSecondsAt(zone, r.utcMs)).toBe(r.offsetSeconds);
      checked++;
    }
    expect(checked).toBeGreaterThan(10_000);
  });
});
