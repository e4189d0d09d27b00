/**
 * `/mcp` fuzzed through the official SDK path (test/helpers/mcp-fuzz.ts): mutated params of every
 * method in both protocol eras, odd ids and ids past 2^53 as raw digits, with a fixed seed and a
 * budget small enough for every run; test/sweep/mcp-fuzz.test.ts runs more cases. No answer may be
 * a 5xx, and an id echoed must be the id sent (JSON-RPC 2.0 section 5). Regression test for "a
 * 10 KB /mcp body with 5,000 nested arrays inside params of tools/list answers a silent 500".
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCase, fuzzCases, type FuzzTally } from '../helpers/mcp-fuzz.js';
import { startService, type TestService } from '../helpers/service.js';

const SEED = 22;
const RUNS = 150;

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc?.close());

describe('/mcp fuzzed through the SDK path', () => {
  it(`${RUNS} mutated messages (seed ${SEED}): no 5xx, ids echoed exactly`, async () => {
    const tally: FuzzTally = { cases: 0, byStatus: {} };
    await fc.assert(
      fc.asyncProperty(fuzzCases('svc://reference/terminology'), (c) =>
        checkCase(svc.url, svc.key, c, tally),
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(tally.cases).toBeGreaterThanOrEqual(RUNS);
    // The mutations reach past the JSON-RPC layer: some answers are results, some refusals.
    expect(tally.byStatus[200]).toBeGreaterThan(0);
    expect(Object.keys(tally.byStatus).some((s) => Number(s) >= 400)).toBe(true);
    console.info(`mcp fuzz: ${JSON.stringify(tally.byStatus)}`);
  }, 300_000);
});
