import type Provider from 'oidc-provider';
import type { TokenCaller } from '../http-bridge/auth.js';
import type { KeyStore, ProductName } from '../store/index.js';
import { PRODUCTS } from '../store/index.js';
import { mcpResource } from './paths.js';

/** Opaque access tokens of the library: 256 random bits, base64url (43 characters). */
export const ACCESS_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const isProduct = (s: string): s is ProductName => (PRODUCTS as readonly string[]).includes(s);

/**
 * The caller an access token acts for, or null: the token must be live (not expired, not revoked),
 * issued for this service's MCP resource (a token for another audience is refused), and its key
 * still active (revoking the key ends its tokens).
 */
export async function tokenCaller(
  provider: Provider,
  keys: Pick<KeyStore, 'findById'>,
  token: string,
): Promise<TokenCaller | null> {
  const found = await provider.AccessToken.find(token);
  if (!found || found.isExpired || !found.accountId) return null;
  const audience = found.aud;
  const resource = mcpResource(provider.issuer);
  if (Array.isArray(audience) ? !audience.includes(resource) : audience !== resource) return null;
  const key = await keys.findById(found.accountId);
  if (!key) return null;
  const scopes = [...found.scopes].filter(isProduct).filter((s) => key.products.includes(s));
  return {
    ...key,
    products: scopes,
    oauth: {
      scopes,
      keyProducts: key.products,
      clientId: found.clientId ?? '',
      expiresAt: (found.exp ?? 0) * 1000,
    },
  };
}
