import type { Logger } from 'pino';
import { parseInput } from '../operations/input.js';
import type { AnyOperation, Caller, Deps } from '../operations/types.js';
import { PRODUCTS } from '../store/index.js';
import type { OperationExample } from './openapi.js';

/** The key an example answer is computed for (usage examples read its empty month). */
const EXAMPLE_CALLER: NonNullable<Caller> = {
  id: 'key_example',
  name: 'Example key',
  prefix: 'csk_example',
  products: [...PRODUCTS],
  limits: { chart: 1000, sage: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  revokedAt: null,
};

/**
 * Each operation's real answer to its own `example` input, for the OpenAPI response examples. Runs
 * the operation directly (no cache, no metering), once, when the document is first asked for: the
 * chart engine, the city table and the knowledge base are in memory, so this costs a few
 * milliseconds. An operation whose example fails is logged and documented without one.
 */
export async function operationExamples(
  ops: readonly AnyOperation[],
  deps: Deps,
  log: Logger,
): Promise<Map<AnyOperation, OperationExample>> {
  const out = new Map<AnyOperation, OperationExample>();
  const timestamp = deps.now().toISOString();
  for (const op of new Set(ops)) {
    // A picture's example is its URL; its bytes have no place in a JSON document.
    if (op.produces) continue;
    try {
      const warnings: string[] = [];
      const input = parseInput(op, op.example);
      const data = await op.run(input, deps, { caller: EXAMPLE_CALLER, warnings });
      out.set(op, { data, warnings, timestamp, input });
    } catch (err) {
      log.warn({ err, operation: op.name }, 'OpenAPI example failed; documented without a response example');
    }
  }
  return out;
}
