import { AppError } from '../core/errors.js';
import { ACCESS_LABEL, ACCESS_PRODUCTS, type AnyOperation, type Caller } from './types.js';

declare const granted: unique symbol;

/**
 * Proof that a caller may run an operation: made only by `authorize`, required by `invokeOperation`.
 * Each surface authorizes once, where it decides best (REST from the headers, before the body is
 * read; MCP before the arguments are parsed), and the execution path never checks again.
 */
export interface Grant {
  readonly op: AnyOperation;
  readonly caller: Caller;
  readonly [granted]: true;
}

/**
 * Whether the caller's products cover the operation: a grant, or 401 without a key on a keyed
 * operation, or 403 `forbidden` naming the product the plan lacks.
 */
export function authorize(op: AnyOperation, caller: Caller): Grant {
  if (op.access !== 'public') {
    if (!caller)
      throw new AppError('unauthorized', 'A valid API key is required: send Authorization: Bearer <key>.');
    if (op.access !== 'free') {
      const allowed = ACCESS_PRODUCTS[op.access];
      if (!caller.products.some((p) => allowed.includes(p))) {
        throw new AppError(
          'forbidden',
          `Your plan does not include ${ACCESS_LABEL[op.access]}, which ${op.name} needs. ` +
            `This key has: ${caller.products.join(', ') || 'no products'}.`,
        );
      }
    }
  }
  return { op, caller } as Grant;
}
