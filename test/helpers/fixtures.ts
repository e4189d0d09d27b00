import * as z from 'zod';
import { type AnyTool, defineTool } from '../../src/operations/types.js';

/**
 * Test-only tools standing in for the metered chart tools until they exist: one metered and
 * cacheable, one that waits on a gate the test opens (for queue and shutdown tests).
 */
export function fixtureTools() {
  const gates: (() => void)[] = [];
  let runs = 0;
  const metered = defineTool({
    name: 'fixture_chart',
    title: 'Fixture chart',
    description: 'Test fixture: echoes its input, needs advanced_chart, costs one chart unit, cacheable.',
    input: z.object({ n: z.number().int().describe('any integer') }),
    output: z.object({ n: z.number().int(), square: z.number().int() }),
    access: 'advanced_chart',
    meter: 'chart',
    cost: () => 1,
    cacheable: true,
    meta: { version: '0.0.1', endpoint: 'fixture' },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    http: [{ method: 'POST', path: '/api/fixture', from: 'body' }],
    example: { n: 7 },
    async run(input) {
      runs++;
      return { n: input.n, square: input.n * input.n };
    },
  });
  const slow = defineTool({
    name: 'fixture_slow',
    title: 'Fixture slow',
    description: 'Test fixture: answers only when the test opens its gate; free with any key, unmetered.',
    input: z.object({ id: z.number().int().describe('request id, echoed') }),
    output: z.object({ id: z.number().int() }),
    access: 'free',
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    http: [{ method: 'POST', path: '/api/fixture-slow', from: 'body' }],
    example: { id: 1 },
    run(input) {
      return new Promise((resolve) => gates.push(() => resolve({ id: input.id })));
    },
  });
  return {
    tools: [metered, slow] as unknown as AnyTool[],
    /** Opens the gates of every slow call waiting now; returns how many. */
    openGates(): number {
      const n = gates.length;
      for (const g of gates.splice(0)) g();
      return n;
    },
    get runs() {
      return runs;
    },
  };
}
