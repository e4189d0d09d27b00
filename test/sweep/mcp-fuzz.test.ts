/**
 * The `/mcp` fuzz of test/e2e/mcp-fuzz.test.ts with more cases and another seed (test/helpers/mcp-fuzz.ts):
 * mutated JSON-RPC messages through the official SDK path, no 5xx, ids echoed exactly.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCase, fuzzCases, type FuzzTally } from '../helpers/mcp-fuzz.js';
import { startService, type TestService } from '../helpers/service.js';

const SEED = 2_022;
const RUNS = 2_000;

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc?.close());

describe('/mcp fuzz sweep through the SDK path', () => {
  it(`${RUNS} mutated messages (seed ${SEED}): no 5xx, ids echoed exactly`, async () => {
    const tally: FuzzTally = { cases: 0, byStatus: {} };
    await fc.assert(
      fc.asyncProperty(fuzzCases('svc://reference/chart-fields'), (c) =>
        checkCase(svc.url, svc.key, c, tally),
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(tally.cases).toBeGreaterThanOrEqual(RUNS);
    console.info(`mcp fuzz sweep: ${JSON.stringify(tally.byStatus)}`);
  }, 900_000);
});

describe('the fuzz cases themselves', () => {
  // Regression: seed 4242's 578th case had an id with `$$` in it, which the case's text (built with a
  // replacement string) carried as `$`, so the check looked for an id that was never sent.
  it('carry exactly the id they are checked for (seed 4242, 1,000 cases)', () => {
    const cases = fc.sample(fuzzCases('svc://reference/terminology'), { seed: 4242, numRuns: 1_000 });
    const dollars = cases.filter((c) => String(c.id).includes('$$'));
    expect(dollars.length).toBeGreaterThan(0);
    for (const c of cases) expect(c.text).toContain(`"id":${c.id}`);
  });
});
