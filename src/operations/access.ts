import { AppError } from '../core/errors.js';
import { PRODUCTS } from '../store/keys.js';
import { ACCESS_LABEL, ACCESS_PRODUCTS, type AnyOperation, type Caller, type LocalOwner } from './types.js';

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

/**
 * The caller of a process its user started for themselves (`chart-service stdio`): holds every
 * product, so `authorize` grants everything, and is no key, so nothing is metered or limited.
 */
export const LOCAL_OWNER: LocalOwner = Object.freeze({
  id: 'local-owner',
  name: 'the person who started this process',
  prefix: '',
  products: [...PRODUCTS],
  limits: { chart: null, sage: null },
  createdAt: new Date(0).toISOString(),
  revokedAt: null,
  owner: true,
});

/** The key whose allowance and usage an operation counts against: none for the local owner. */
export function meteredKey(caller: Caller): Exclude<Caller, LocalOwner> {
  return caller && 'owner' in caller ? null : caller;
}
