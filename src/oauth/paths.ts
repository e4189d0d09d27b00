/**
 * Where the authorization server answers. Its own endpoints live under /oauth/; the discovery
 * documents at the well-known paths the RFCs and the MCP authorization spec name.
 */
export const OAUTH_PREFIX = '/oauth/';

export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
} as const;

/** The sign-in and consent page (GET shows it, POST submits it). */
export const SIGN_IN_PATH = '/oauth/sign-in';

/** Protected resource metadata of /mcp (RFC 9728 section 3.1), and the root form some hosts try. */
export const RESOURCE_METADATA_PATHS = [
  '/.well-known/oauth-protected-resource/mcp',
  '/.well-known/oauth-protected-resource',
] as const;

/** Authorization server metadata (RFC 8414), and the OpenID discovery path hosts also try. */
export const AS_METADATA_PATHS = [
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
] as const;

/** The library's own discovery route, which both metadata paths are answered from. */
export const LIBRARY_DISCOVERY_PATH = '/.well-known/openid-configuration';

/** The protected resource every token is bound to: the MCP endpoint (REST accepts the same tokens). */
export const mcpResource = (issuer: string): string => `${issuer}/mcp`;
