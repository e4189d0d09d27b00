/**
 * The property test over every operation of `/openapi.json` (requests from ./openapi-fuzz.ts), run by
 * test/e2e/openapi-properties.test.ts with a small budget and test/sweep with a larger one:
 * schema-valid requests get no 400 the schema allows (only the named refusals of
 * ./openapi-refusals.ts), and schema-invalid ones (one field breaking its schema) never a 2xx.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type GeneratedRequest,
  invalidRequest,
  type OpenApiDoc,
  type Operation,
  operationsOf,
  validRequest,
} from './openapi-fuzz.js';
import { SEMANTIC_REFUSALS } from './openapi-refusals.js';
import { startService, type TestService } from './service.js';

export function describeOpenApiProperties(seed: number, runsPerOperation: number): void {
  let svc: TestService;
  let doc: OpenApiDoc;
  let operations: Operation[];
  beforeAll(async () => {
    svc = await startService({ PUBLIC_RATE_BURST: '100000', PUBLIC_RATE_PER_MINUTE: '1000000' });
    doc = (await (await fetch(`${svc.url}/openapi.json`)).json()) as OpenApiDoc;
    operations = operationsOf(doc);
  });
  afterAll(() => svc?.close());

  const send = async (r: GeneratedRequest) => {
    const res = await fetch(`${svc.url}${r.url}`, {
      method: r.method,
      headers: {
        authorization: `Bearer ${svc.key}`,
        ...(r.body ? { 'content-type': 'application/json' } : {}),
      },
      ...(r.body ? { body: r.body } : {}),
    });
    return { status: res.status, text: await res.text() };
  };
  const tally: Record<string, number> = {};
  const count = (key: string) => (tally[key] = (tally[key] ?? 0) + 1);
  const options = { seed, numRuns: runsPerOperation, endOnFailure: true };

  describe(`every operation of /openapi.json, ${runsPerOperation} requests each (seed ${seed})`, () => {
    it('schema-valid requests: no 400 the schema allows (only the named semantic refusals)', async () => {
      expect(operations.length).toBeGreaterThan(40);
      const unnamed: string[] = [];
      for (const op of operations) {
        await fc.assert(
          fc.asyncProperty(validRequest(doc, op), async (r) => {
            const { status, text } = await send(r);
            count(`valid ${status}`);
            const where = `${r.method} ${r.url} ${r.body ?? ''}\n-> ${status} ${text.slice(0, 400)}`;
            expect(status, where).toBeLessThan(500);
            if (status !== 400) return;
            const named = SEMANTIC_REFUSALS.find((x) => x.message.test(text));
            if (named) count(`refused: ${named.name}`);
            else unnamed.push(where);
          }),
          options,
        );
      }
      // Every 400 the schema allows, listed at once.
      expect(unnamed, '400s for schema-valid requests that no named refusal explains').toEqual([]);
      // Not vacuous: most schema-valid requests are answered.
      expect(tally['valid 200'] ?? 0).toBeGreaterThan(operations.length * runsPerOperation * 0.3);
    }, 1_800_000);

    it('schema-invalid requests: never a 2xx', async () => {
      for (const op of operations) {
        const arb = invalidRequest(doc, op);
        if (!arb) continue;
        await fc.assert(
          fc.asyncProperty(arb, async (r) => {
            const { status, text } = await send(r);
            count(`invalid ${status}`);
            const where = `${r.broken}: ${r.method} ${r.url} ${r.body ?? ''}\n-> ${status} ${text.slice(0, 300)}`;
            expect(status, where).toBeGreaterThanOrEqual(400);
            expect(status, where).toBeLessThan(500);
          }),
          options,
        );
      }
      console.info(`openapi properties: ${JSON.stringify(tally)}`);
    }, 1_800_000);
  });
}
