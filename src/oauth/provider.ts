import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { PRODUCTS, type Store } from '../store/index.js';
import { storeAdapter } from './adapter.js';
import { clientRedirectPolicy } from './client-policy.js';
import { renderErrorPage } from './error-page.js';
import { PAGE_HEADERS } from './page-shell.js';
import { mcpResource, OAUTH_ROUTES, SIGN_IN_PATH } from './paths.js';
import { scopeDefault } from './scope-default.js';
import { errors } from './library.js';
import { listAnsweredResponseModes, RedirectOnlyProvider } from './response-modes.js';

/** Lifetimes, in seconds: short access tokens, single-use codes, refresh families up to 30 days. */
export const TOKEN_TTL = {
  AccessToken: 60 * 60,
  AuthorizationCode: 60,
  RefreshToken: 30 * 24 * 60 * 60,
  Grant: 30 * 24 * 60 * 60,
  Interaction: 10 * 60,
  Session: 10 * 60,
} as const;

export interface AuthorizationServerOptions {
  /** The public base URL (PUBLIC_URL, else the listener's address): the issuer. */
  issuer: string;
  store: Pick<Store, 'oauth' | 'keys'>;
  /** Loopback-hosted client ID metadata documents allowed (tests only; see cimd-fetch.ts). */
  fetch?: Configuration['fetch'];
  /** Whether the library may fetch this client ID metadata document URL (address and rate checks). */
  allowMetadataFetch?: (clientId: string) => boolean | Promise<boolean>;
}

/** The cookie-signing keys and the token-signing key, shared by every process through the store. */
async function sharedKeys(store: AuthorizationServerOptions['store']) {
  const cookieKey = await store.oauth.secret('cookie-key', () => randomBytes(32).toString('base64url'));
  const jwk = await store.oauth.secret('signing-jwk', () =>
    JSON.stringify({
      ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
      use: 'sig',
      alg: 'RS256',
      kid: randomBytes(8).toString('hex'),
    }),
  );
  return { cookieKeys: [cookieKey], jwks: { keys: [JSON.parse(jwk) as Record<string, string>] } };
}

/**
 * The service's OAuth 2.1 authorization server (oidc-provider, OpenID-certified): authorization
 * code with PKCE S256 for public clients, dynamic registration, client ID metadata documents,
 * resource indicators, rotating refresh tokens, revocation. Everything it stores goes to the
 * service's store; an account is an API key (its id is the subject).
 */
export async function createAuthorizationServer(
  options: AuthorizationServerOptions,
): Promise<{ provider: Provider; cookieKey: string }> {
  const { issuer, store } = options;
  const resource = mcpResource(issuer);
  const { cookieKeys, jwks } = await sharedKeys(store);
  const cookieKey = cookieKeys[0]!;
  const configuration: Configuration = {
    adapter: storeAdapter(store.oauth),
    jwks,
    cookies: { keys: cookieKeys, long: { signed: true }, short: { signed: true } },
    // Listed so registrations may name them; granted per resource (resourceIndicators below).
    scopes: [...PRODUCTS],
    // A request naming no product asks for the default products (RFC 6749 section 3.3).
    extraParams: scopeDefault,
    // One redirect rule for every client, however it arrives (redirect-policy.ts).
    extraClientMetadata: clientRedirectPolicy,
    responseTypes: ['code'],
    pkce: { required: () => true },
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    allowOmittingSingleRegisteredRedirectUri: false,
    acceptQueryParamAccessTokens: false,
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    async findAccount(_ctx, sub) {
      const key = await store.keys.findById(sub);
      return key ? { accountId: key.id, claims: () => ({ sub: key.id }) } : undefined;
    },
    // Every authorization shows the sign-in page: a grant is reused only on the way back from it.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    expiresWithSession: () => false,
    ttl: {
      ...TOKEN_TTL,
      // A rotated refresh token keeps its family's end: rotation never extends the 30 days.
      RefreshToken: (ctx) => ctx?.oidc?.entities?.RotatedRefreshToken?.remainingTTL ?? TOKEN_TTL.RefreshToken,
    },
    routes: OAUTH_ROUTES,
    interactions: { url: (_ctx, interaction) => `${SIGN_IN_PATH}?uid=${interaction.uid}` },
    renderError: (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      ctx.set(PAGE_HEADERS);
      ctx.body = renderErrorPage(out.error, out.error_description ?? '');
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true, initialAccessToken: false },
      // RFC 7009 section 2.1: a client revokes only the tokens issued to it.
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: false },
      introspection: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        allowFetch: async (_ctx, clientId) =>
          options.allowMetadataFetch ? options.allowMetadataFetch(clientId) : true,
        cacheDuration: { min: 60, max: 24 * 60 * 60 },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource)
            throw new errors.InvalidTarget(`resource: this server issues tokens only for ${resource}`);
          return {
            scope: PRODUCTS.join(' '),
            audience: resource,
            accessTokenTTL: TOKEN_TTL.AccessToken,
            accessTokenFormat: 'opaque',
          };
        },
      },
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  const provider = new RedirectOnlyProvider(issuer, configuration);
  listAnsweredResponseModes(provider);
  // Requests reach the library with the issuer's scheme and host set by oauth/mount.ts.
  provider.proxy = true;
  return { provider, cookieKey };
}
