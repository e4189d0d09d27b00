import { AppError } from '../core/errors.js';
import { type ApiKeyRecord, hashKey, type KeyStore } from '../store/index.js';

/**
 * Bearer authentication shared by REST and MCP: the `Authorization` header -> the key record. Runs on
 * the headers alone, before a body is read or an admission slot is taken. Lookups (hits and misses)
 * are reused for `cacheMs`, so a busy key costs one hash and no database round trip per request; a
 * revoked key stops working within that time.
 */
export interface Authenticator {
  /** The caller for this header value; throws `unauthorized` for a missing, malformed or unknown key. */
  authenticate(authorization: string | undefined): Promise<ApiKeyRecord>;
}

const MAX_CACHED_KEYS = 10_000;
/** How long a key seen before a database outage is still honoured from memory during it. */
export const OUTAGE_KEY_GRACE_MS = 60 * 60_000;
export const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function createAuthenticator(keys: Pick<KeyStore, 'findByHash'>, cacheMs: number): Authenticator {
  const cache = new Map<string, { caller: ApiKeyRecord | null; until: number }>();
  return {
    async authenticate(authorization) {
      const m = BEARER.exec(authorization ?? '');
      if (!m)
        throw new AppError('unauthorized', 'Missing API key: send the header Authorization: Bearer <key>.');
      const hash = hashKey(m[1]!);
      const now = Date.now();
      const hit = cache.get(hash);
      let caller: ApiKeyRecord | null;
      if (hit && hit.until > now) {
        caller = hit.caller;
      } else {
        let stale = false;
        try {
          caller = await keys.findByHash(hash);
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
          cache.set(hash, { caller, until: now + cacheMs });
        }
      }
      if (!caller) throw new AppError('unauthorized', 'Invalid or revoked API key.');
      return caller;
    },
  };
}
