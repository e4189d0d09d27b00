import { AppError } from '../core/errors.js';
import { ACCESS_PRODUCTS, type AnyOperation, type Caller } from '../operations/types.js';
import type { ProductName } from '../store/index.js';
import { isTokenCaller } from './auth.js';

/**
 * The scopes a token caller would need for this operation when its key has them but the person did
 * not grant them to the application; null when the token covers it, or when the key itself lacks
 * the product (then it is the plan's 403, which no new consent can fix).
 */
export function missingScopes(op: AnyOperation, caller: Caller): ProductName[] | null {
  if (!isTokenCaller(caller) || op.access === 'public' || op.access === 'free') return null;
  const allowed = ACCESS_PRODUCTS[op.access];
  if (caller.products.some((p) => allowed.includes(p))) return null;
  const grantable = allowed.filter((p) => caller.oauth.keyProducts.includes(p));
  return grantable.length ? grantable : null;
}

/** The step-up challenge (RFC 6750 section 3.1; MCP authorization spec, scope challenge handling). */
export function insufficientScopeChallenge(scopes: readonly ProductName[], resourceMetadata: string): string {
  return (
    `Bearer realm="chart-service", error="insufficient_scope", scope="${scopes.join(' ')}", ` +
    `resource_metadata="${resourceMetadata}", error_description="The access token was not granted ${scopes.join(' or ')}"`
  );
}

/** The 403 for that case: the person approved less than the call needs. */
export const insufficientScope = (op: AnyOperation, scopes: readonly ProductName[]): AppError =>
  new AppError(
    'forbidden',
    `This access token was not granted ${scopes.join(' or ')}, which ${op.name} needs. ` +
      'Connect the application again and tick it on the sign-in page.',
  );
