import { pid } from 'node:process';
import * as z from 'zod';
import { invalidInput } from '../../src/core/errors.js';
import { type AnyTool, defineTool } from '../../src/operations/types.js';

/**
 * A test-only heavy tool and the registry module worker processes load for it (its `OPERATIONS`
 * export): it burns CPU for `ms` milliseconds in whichever process runs it and says which one, and can
 * fail the three ways a worker task can (a client fault, an unexpected error, the process dying).
 */
export const heavyFixtureTool = defineTool({
  name: 'fixture_heavy',
  title: 'Fixture heavy',
  description: 'Test fixture: spins the CPU for ms milliseconds in the worker pool; costs two chart units.',
  input: z.object({
    ms: z.number().int().min(0).max(5_000).describe('milliseconds of CPU work'),
    fail: z.enum(['input', 'internal', 'crash']).optional().describe('how to fail, if at all'),
    note: z.string().optional().describe('a warning to attach'),
  }),
  output: z.object({ pid: z.number().int(), ms: z.number().int() }),
  access: 'advanced_chart',
  meter: 'chart',
  cost: () => 2,
  heavy: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  http: [{ method: 'POST', path: '/api/fixture-heavy', from: 'body' }],
  example: { ms: 1 },
  async run(input, _deps, ctx) {
    if (input.fail === 'input') throw invalidInput('fail', 'asked to fail; send no "fail" field');
    if (input.fail === 'internal') throw new Error('fixture internal failure');
    if (input.fail === 'crash') process.exit(3);
    const until = performance.now() + input.ms;
    while (performance.now() < until);
    if (input.note) ctx.warnings.push(input.note);
    return { pid, ms: input.ms };
  },
});

export const OPERATIONS: readonly AnyTool[] = [heavyFixtureTool as unknown as AnyTool];
export const HEAVY_REGISTRY = new URL(import.meta.url).href;
