import type { Configuration } from 'oidc-provider';
import { PRODUCTS, type ProductName } from '../store/index.js';

const isProduct = (s: string): s is ProductName => (PRODUCTS as readonly string[]).includes(s);

/**
 * The scope an authorization request is processed with (RFC 6749 section 3.3: a request that omits
 * `scope` is processed with a pre-defined default). A request naming no product (no `scope`, or only
 * values such as `openid`) asks for the products the client registered in its `scope`, else every
 * product the protected resource metadata lists; a request naming any product is taken as sent.
 */
export function scopeWithDefault(requested: string | undefined, registered: string | undefined): string {
  const values = (requested ?? '').split(' ').filter(Boolean);
  if (values.some(isProduct)) return values.join(' ');
  const fromClient = (registered ?? '').split(' ').filter(isProduct);
  return [...values, ...(fromClient.length ? fromClient : PRODUCTS)].join(' ');
}

/**
 * The default applied where the library lets a deployment assign defaults to request parameters
 * (its `extraParams` validators run on every authorization request, after its own checks): the
 * sign-in page then offers what the request will be granted, and the grant covers the request.
 */
export const scopeDefault: NonNullable<Configuration['extraParams']> = {
  scope: (ctx, value, client) => {
    ctx.oidc.params!.scope = scopeWithDefault(value, client.scope);
  },
};
