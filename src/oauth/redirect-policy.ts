import { errors } from 'oidc-provider';

/** Loopback hosts a native client may receive its redirect on over plain http (RFC 8252 section 7.3). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Whether a registered redirect URI is acceptable: https, or http on a loopback address. */
export function isAllowedRedirect(uri: string): boolean {
  const url = URL.parse(uri);
  if (!url || url.hash) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Refuses a registration whose redirect URIs are not all allowed, naming the first bad one and the
 * accepted forms (RFC 7591 section 3.2.2, `invalid_redirect_uri`).
 */
export function checkRegisteredRedirects(uris: unknown): void {
  const list = Array.isArray(uris) ? (uris as unknown[]) : [];
  const bad = list.find((u) => typeof u !== 'string' || !isAllowedRedirect(u));
  if (bad === undefined) return;
  const refusal = new errors.InvalidRedirectUri();
  refusal.error_description = `redirect_uris: ${String(bad).slice(0, 200)} is not allowed; use an https URL, or http on 127.0.0.1, [::1] or localhost`;
  throw refusal;
}
