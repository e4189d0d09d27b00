/**
 * POSIX TZ rules in the forms no zone of the bundled data uses today (the sweep in
 * test/sweep/zone-reference.test.ts covers every form the data has: M rules, hours past 24 and below
 * 0, southern-hemisphere and negative daylight saving): Jn (1-365, February 29 never counted), n
 * (0-365, counted), and year-round daylight time.
 * Expected values: glibc 2.36 evaluating the same strings (`TZ='XXX3YYY,J60/2,J300/2' date -d
 * 2040-03-01T05:00Z +%z%Z`), and RFC 8536 section 3.3.1's example "EST5EDT,0/0,J365/25", which it
 * defines as daylight saving time all year. (glibc reads that string per calendar year in UT and
 * gives EST in the first five hours of each year; the RFC is followed here.)
 */
import { describe, expect, it } from 'vitest';
import { parsePosixRule, posixTypeAt } from '../../../src/core/time/posix-rule.js';

const at = (rule: string, iso: string) => {
  const t = posixTypeAt(parsePosixRule(rule), Date.parse(iso) / 1000);
  return `${t.offset / 3600} ${t.abbreviation}`;
};

describe('POSIX TZ rules', () => {
  it.each([
    // J60 is March 1 even in a leap year; J300 is October 27.
    ['XXX3YYY,J60/2,J300/2', '2040-02-29T05:00Z', '-3 XXX'],
    ['XXX3YYY,J60/2,J300/2', '2040-03-01T04:59Z', '-3 XXX'],
    ['XXX3YYY,J60/2,J300/2', '2040-03-01T05:00Z', '-2 YYY'],
    ['XXX3YYY,J60/2,J300/2', '2040-10-27T03:59Z', '-2 YYY'],
    ['XXX3YYY,J60/2,J300/2', '2040-10-27T04:00Z', '-3 XXX'],
    ['XXX3YYY,J60/2,J300/2', '2041-03-01T05:00Z', '-2 YYY'],
    // Zero-based 59 is February 29 in a leap year, March 1 otherwise.
    ['XXX3YYY,59/2,299/2', '2040-02-29T04:59Z', '-3 XXX'],
    ['XXX3YYY,59/2,299/2', '2040-02-29T05:00Z', '-2 YYY'],
    ['XXX3YYY,59/2,299/2', '2040-10-26T04:00Z', '-3 XXX'],
    ['XXX3YYY,59/2,299/2', '2041-03-01T04:59Z', '-3 XXX'],
    ['XXX3YYY,59/2,299/2', '2041-03-01T05:00Z', '-2 YYY'],
    // Year-round daylight time (RFC 8536's example), across New Year too.
    ['EST5EDT,0/0,J365/25', '2041-01-01T03:00Z', '-4 EDT'],
    ['EST5EDT,0/0,J365/25', '2041-06-01T00:00Z', '-4 EDT'],
    ['EST5EDT,0/0,J365/25', '2041-12-31T23:00Z', '-4 EDT'],
    // Standard time only, quoted and with minutes.
    ['<+0545>-5:45', '2050-07-01T00:00Z', '5.75 +0545'],
  ])('%s at %s is %s', (rule, iso, expected) => {
    expect(at(rule, iso)).toBe(expected);
  });

  it.each(['', 'X1', 'CET-1CEST,M3.5', 'CET-1CEST,M3.5.0,M10.5.0/3junk', '<+03'])(
    'refuses the malformed rule %j',
    (rule) => {
      expect(() => parsePosixRule(rule)).toThrow(/POSIX TZ/);
    },
  );
});
