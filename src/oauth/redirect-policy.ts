/** Loopback hosts a native client may receive its redirect on over plain http (RFC 8252 section 7.3). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Whether a registered redirect URI is acceptable: https, or http on a loopback address. */
export function isAllowedRedirect(uri: string): boolean {
  const url = URL.parse(uri);
  if (!url || url.hash) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}
