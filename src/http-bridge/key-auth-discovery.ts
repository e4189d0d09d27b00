/**
 * What an OAuth-minded MCP client finds when it meets a 401 on /mcp. The service authenticates with
 * API keys (`Authorization: Bearer <key>`, issued by the operator), not OAuth, but MCP clients that
 * see a 401 start OAuth discovery (the MCP authorization spec, RFC 9728 then RFC 8414 then dynamic
 * client registration, RFC 7591). So each step of that discovery says the same plain thing: this
 * resource takes a bearer key in the header, and the key sent is missing or wrong.
 *
 * - The 401 challenge names `invalid_token` (a key problem, RFC 6750) and points at the protected
 *   resource metadata (RFC 9728 section 5.1).
 * - That metadata (RFC 9728 section 2) names the resource, says bearer tokens go in the header and
 *   where the documentation is, and lists no authorization server: there is none.
 * - A client that then falls back to the service's own origin as its authorization server (the MCP
 *   SDK does) and tries to register itself at `/register` is told, in an OAuth error body it shows
 *   to its user, that the service takes API keys.
 */

/** Where the metadata of the MCP endpoint is served (RFC 9728 section 3.1: the well-known path plus the resource's path). */
export const RESOURCE_METADATA_PATHS = [
  '/.well-known/oauth-protected-resource/mcp',
  '/.well-known/oauth-protected-resource',
] as const;

/** The dynamic client registration endpoint an OAuth client assumes when no metadata names one. */
export const REGISTRATION_FALLBACK_PATH = '/register';

const KEY_ADVICE =
  'This service does not use OAuth: it takes an API key, sent as the header "Authorization: Bearer <key>" ' +
  '(keys are issued by the operator, `npm run keys -- create`). Configure the client with that header; ' +
  'a 401 means the key is missing, mistyped or revoked.';

/** The protected resource metadata of /mcp (RFC 9728 section 2) for the base URL the client used. */
export function protectedResourceMetadata(baseUrl: string): Record<string, unknown> {
  return {
    resource: `${baseUrl}/mcp`,
    resource_name: 'Chart calculation and knowledge service (API key authentication)',
    resource_documentation: `${baseUrl}/docs`,
    bearer_methods_supported: ['header'],
    // No `authorization_servers`: RFC 9728 makes it optional, and no server issues tokens here.
  };
}

/** The answer to an OAuth client registration (RFC 7591 section 3.2.2 error response). */
export function registrationRefusal(): Record<string, string> {
  return { error: 'invalid_client_metadata', error_description: KEY_ADVICE };
}

/** The resource metadata URL the 401 challenge on /mcp points at. */
export const resourceMetadataUrl = (baseUrl: string): string => `${baseUrl}${RESOURCE_METADATA_PATHS[0]}`;
