import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import { lookup as lookupCallback } from 'node:dns';
import type { AuthorizationServerOptions } from './provider.js';
import { isLoopbackAddress, isPublicAddress } from './public-address.js';
import { isAllowedRedirect } from './redirect-policy.js';

/** A failed document (unreachable, not 200, too slow) is not fetched again for this long. */
const FAILURE_CACHE_MS = 60_000;
const MAX_REMEMBERED_FAILURES = 1_000;
/** The library's own limit on a document's size (fetchResponseBodyLimits). */
const MAX_CHECKED_BYTES = 5 * 1024;

/**
 * How client ID metadata documents are fetched (the library fetches, validates and caches them with
 * their HTTP lifetime; its fetch is https only, 2.5 s, 5 KB, and refuses a connection whose socket
 * reached a special-use address). Around it, this service:
 * - resolves the host first and refuses any special-use address (public-address.ts), so a refusal
 *   is immediate and named rather than a failed connection;
 * - remembers failures (unreachable, not 200, a client_id not its own URL, a redirect URI the
 *   redirect rule refuses) for a minute, so a bad client_id cannot make the server fetch it again
 *   and again (the refusal itself is the library's client validation, client-policy.ts).
 *
 * Test only: with OAUTH_TEST_METADATA_LOOPBACK_CA (a CA in PEM), loopback addresses are allowed and
 * that CA trusted, every other special-use address still refused at connection time.
 */
export function metadataFetch(
  loopbackCa: string | null,
): Pick<AuthorizationServerOptions, 'fetch' | 'allowMetadataFetch'> {
  const failures = new Map<string, number>();
  const allowLoopback = loopbackCa !== null;
  const allowedAddress = (a: string) => isPublicAddress(a) || (allowLoopback && isLoopbackAddress(a));
  const dispatcher = loopbackCa ? loopbackDispatcher(loopbackCa, allowedAddress) : undefined;

  const allowMetadataFetch = async (clientId: string): Promise<boolean> => {
    const failedUntil = failures.get(clientId);
    if (failedUntil !== undefined && failedUntil > Date.now()) return false;
    const host = URL.parse(clientId)?.hostname.replace(/^\[|\]$/g, '');
    if (!host) return false;
    if (isIP(host)) return allowedAddress(host);
    try {
      const addresses = await lookup(host, { all: true, verbatim: true });
      return addresses.length > 0 && addresses.every((a) => allowedAddress(a.address));
    } catch {
      remember(failures, clientId);
      return false;
    }
  };

  const fetchDocument: NonNullable<AuthorizationServerOptions['fetch']> = async (url, options) => {
    try {
      const init = dispatcher ? ({ ...options, dispatcher } as RequestInit) : options;
      const res = await globalThis.fetch(url, init);
      if (res.status !== 200 || !(await isAcceptable(res, String(url)))) remember(failures, String(url));
      return res;
    } catch (e) {
      remember(failures, String(url));
      throw e;
    }
  };
  return { fetch: fetchDocument, allowMetadataFetch };
}

/**
 * Whether a small document names itself as client_id and lists only allowed redirect URIs (the
 * library refuses it otherwise).
 */
async function isAcceptable(res: Response, url: string): Promise<boolean> {
  const length = Number(res.headers.get('content-length'));
  if (!Number.isInteger(length) || length > MAX_CHECKED_BYTES) return true; // the library's size limit decides
  try {
    const doc = JSON.parse(await res.clone().text()) as { client_id?: unknown; redirect_uris?: unknown };
    const redirects = Array.isArray(doc.redirect_uris) ? (doc.redirect_uris as unknown[]) : [];
    return doc.client_id === url && redirects.every((u) => typeof u === 'string' && isAllowedRedirect(u));
  } catch {
    return false;
  }
}

function remember(failures: Map<string, number>, url: string): void {
  if (failures.size >= MAX_REMEMBERED_FAILURES) failures.clear();
  failures.set(url, Date.now() + FAILURE_CACHE_MS);
}

/**
 * The fetch dispatcher of the tests: trusts the given CA and resolves names only to allowed
 * addresses (checked on the resolved address, so after DNS). Node's fetch has no public dispatcher
 * class; its global one is an instance of it (the same route the OAuth library takes).
 */
function loopbackDispatcher(ca: string, allowed: (address: string) => boolean): unknown {
  void Response;
  const globals = globalThis as Record<symbol, { constructor: new (o: unknown) => unknown } | undefined>;
  const global = globals[Symbol.for('undici.globalDispatcher.1')];
  if (!global) throw new Error('fetch has no dispatcher to extend');
  const checked: LookupFunction = (hostname, options, callback) =>
    lookupCallback(hostname, { ...options, all: false }, (err, address, family) => {
      if (err) return callback(err, '', 0);
      if (!allowed(String(address)))
        return callback(new Error(`${hostname} resolves to a special-use address`), '', 0);
      callback(null, String(address), family);
    });
  return new global.constructor({ connect: { ca, lookup: checked } });
}
