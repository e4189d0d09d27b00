import { AppError } from '../core/errors.js';
import { type ApiKeyRecord, hashKey, type KeyStore, type ProductName } from '../store/index.js';
import type { Req } from './http.js';

/**
 * Bearer authentication shared by REST and MCP: the `Authorization` header -> the key record. Runs on
 * the headers alone, before a body is read or an admission slot is taken. Lookups (hits and misses)
 * are reused for `cacheMs`, so a busy key costs one hash and no database round trip per request; a
 * revoked key stops working within that time.
 */
export interface Authenticator {
  /**
   * The caller for the request's Authorization header; throws `unauthorized` for a missing,
   * malformed or unknown key or token.
   */
  authenticate(req: Req): Promise<ApiKeyRecord>;
}

const MAX_CACHED_KEYS = 10_000;
/** How long a key seen before a database outage is still honoured from memory during it. */
export const OUTAGE_KEY_GRACE_MS = 60 * 60_000;
export const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** What an OAuth access token adds to the key it acts for: the scopes the person granted. */
export interface TokenGrant {
  /** The products the token may use: its scopes (the key's products at most). */
  scopes: ProductName[];
  /** The key's own products, so a call beyond the scopes can be told apart from one beyond the plan. */
  keyProducts: ProductName[];
  clientId: string;
  /** When the token stops working (epoch milliseconds). */
  expiresAt: number;
}

/** A key record as a token presents it: its products narrowed to the token's scopes. */
export type TokenCaller = ApiKeyRecord & { oauth: TokenGrant };

export const isTokenCaller = (caller: unknown): caller is TokenCaller =>
  typeof caller === 'object' && caller !== null && 'oauth' in caller;

/**
 * How an OAuth access token (a bearer value shaped like one, oauth/token-caller.ts) becomes a caller:
 * the key it acts for, narrowed to its scopes, with the time it expires; null when it is not valid.
 */
export interface TokenResolver {
  isToken(bearer: string): boolean;
  resolve(bearer: string, req: Req): Promise<TokenCaller | null>;
}

export function createAuthenticator(
  keys: Pick<KeyStore, 'findByHash'>,
  cacheMs: number,
  tokens?: TokenResolver,
): Authenticator {
  const cache = new Map<string, { caller: ApiKeyRecord | null; until: number }>();
  return {
    async authenticate(req) {
      const m = BEARER.exec(req.headers.authorization ?? '');
      if (!m)
        throw new AppError('unauthorized', 'Missing API key: send the header Authorization: Bearer <key>.');
      const bearer = m[1]!;
      const token = tokens?.isToken(bearer) === true;
      const hash = hashKey(bearer);
      const now = Date.now();
      const hit = cache.get(hash);
      let caller: ApiKeyRecord | null;
      if (hit && hit.until > now) {
        caller = hit.caller;
      } else {
        let stale = false;
        try {
          caller = token ? await tokens!.resolve(bearer, req) : await keys.findByHash(hash);
        } catch (e) {
          // The database is unreachable: a key known shortly before still works (chart tools keep
          // answering, their units journaled); revocations made meanwhile apply once it is back.
          const outage = e instanceof AppError && e.code === 'service_unavailable';
          if (!outage || !hit || now - hit.until > OUTAGE_KEY_GRACE_MS) throw e;
          caller = hit.caller;
          stale = true;
        }
        if (!stale) {
          if (cache.size >= MAX_CACHED_KEYS) cache.clear();
          // A token is never trusted past its own expiry.
          const expires = isTokenCaller(caller) ? caller.oauth.expiresAt : Infinity;
          cache.set(hash, { caller, until: Math.min(now + cacheMs, expires) });
        }
      }
      if (isTokenCaller(caller) && caller.oauth.expiresAt <= now) caller = null;
      if (!caller)
        throw new AppError(
          'unauthorized',
          token ? 'Invalid, expired or revoked access token.' : 'Invalid or revoked API key.',
        );
      return caller;
    },
  };
}
