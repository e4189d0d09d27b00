/** Loopback hosts a native client may receive its redirect on over plain http (RFC 8252 section 7.3). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Schemes that run or read something in the browser rather than deliver to an application. */
const NEVER = new Set(['javascript:', 'vbscript:', 'data:', 'blob:', 'file:', 'about:']);

/**
 * Private-use schemes in reverse-domain form (RFC 8252 section 7.1): `com.example.app`, at least one
 * dot, each label letters, digits or hyphens.
 */
const REVERSE_DOMAIN = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+:$/;

/**
 * Single-word private-use schemes accepted by name: desktop MCP hosts that register them with no
 * reverse-domain alternative. Cursor registers `cursor://anysphere.cursor-mcp/oauth/callback`. RFC
 * 8252 section 8.4 says a scheme without a dot SHOULD be refused; it is, except for these.
 */
const DESKTOP_HOST_SCHEMES: ReadonlySet<string> = new Set(['cursor:']);

/** The accepted forms, as every refusal states them. */
const REDIRECT_FORMS =
  'use an https URL, http on 127.0.0.1, [::1] or localhost (any port), or a private-use scheme in ' +
  'reverse-domain form such as com.example.app:/callback';

export type RedirectKind = 'https' | 'loopback' | 'private-use';

/**
 * What kind of redirect URI this is, or why it is refused: the one rule for every client (registered
 * dynamically, identified by a metadata document, or added by the operator).
 */
export function classifyRedirect(uri: string): { kind: RedirectKind } | { refused: string } {
  const url = URL.parse(uri);
  if (!url) return { refused: 'it is not an absolute URI' };
  if (uri.includes('#')) return { refused: 'it has a fragment (#)' };
  const scheme = url.protocol;
  if (scheme === 'https:') return { kind: 'https' };
  if (scheme === 'http:')
    return LOOPBACK_HOSTS.has(url.hostname)
      ? { kind: 'loopback' }
      : { refused: 'plain http is allowed only on a loopback address' };
  if (NEVER.has(scheme)) return { refused: `a ${scheme} URI never receives a redirect` };
  if (REVERSE_DOMAIN.test(scheme) || DESKTOP_HOST_SCHEMES.has(scheme)) return { kind: 'private-use' };
  return {
    refused: `${scheme} is a private-use scheme without a dot (RFC 8252 sections 7.1 and 8.4 ask for reverse-domain form)`,
  };
}

/** The refusal of a redirect URI in words (`<uri> is not allowed: <why>; <forms>`), or null. */
export function redirectRefusal(uri: string): string | null {
  const verdict = classifyRedirect(uri);
  if ('kind' in verdict) return null;
  return `${uri.slice(0, 200)} is not allowed: ${verdict.refused}; ${REDIRECT_FORMS}`;
}

/** Whether a redirect URI is acceptable (see classifyRedirect). */
export const isAllowedRedirect = (uri: string): boolean => 'kind' in classifyRedirect(uri);

/** Whether a redirect goes to an application on the person's device by a private-use scheme. */
export const isPrivateUseRedirect = (uri: string): boolean => {
  const verdict = classifyRedirect(uri);
  return 'kind' in verdict && verdict.kind === 'private-use';
};
