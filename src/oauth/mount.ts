import type { Logger } from 'pino';
import type Provider from 'oidc-provider';
import type { OAuthConfig } from './settings.js';
import type { TokenResolver } from '../http-bridge/auth.js';
import { clientAddress, JSON_TYPE, type Req, send } from '../http-bridge/http.js';
import type { ProxyTrust } from '../http-bridge/proxy-trust.js';
import { AddressRateLimiter } from '../http-bridge/rate-limit.js';
import type { Handler, Router } from '../http-bridge/router.js';
import type { Store } from '../store/index.js';
import { logAuthorizationEvents } from './audit-log.js';
import { metadataFetch } from './metadata-fetch.js';
import {
  AS_METADATA_PATHS,
  LIBRARY_DISCOVERY_PATH,
  OAUTH_ROUTES,
  RESOURCE_METADATA_PATHS,
  SIGN_IN_PATH,
} from './paths.js';
import { protectedResourceMetadata } from './resource-metadata.js';
import { signInPage, signInSubmit } from './sign-in-route.js';
import { ACCESS_TOKEN_SHAPE, tokenCaller } from './token-caller.js';

export interface OAuthMountOptions {
  store: Store;
  config: OAuthConfig;
  /** The listener's HOST: the issuer's host name when PUBLIC_URL is not set. */
  host: string;
  /** The listener's bound port: the issuer's port when PUBLIC_URL is not set. */
  listenPort: () => number;
  log: Logger;
  trust: ProxyTrust;
  /** The address rate limit of key-less routes (metadata documents). */
  publicLimit: (req: Req) => void;
}

export interface OAuthMount {
  /** How bearer values shaped like access tokens become callers (http-bridge/auth.ts). */
  tokens: TokenResolver;
  /** Where the protected resource metadata is: what every 401 challenge points at. */
  resourceMetadataUrl: () => string;
}

/** The host part of a URL for a listener address (any-address binds are reached as localhost). */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/** Keys limiting sign-in attempts per presented key (by its hash), beside the per-address limit. */
const KEY_ATTEMPTS = { perMinute: 10, burst: 20 };

/**
 * The authorization server on the service's router: discovery documents, the library's endpoints
 * (authorize, token, register, revoke, jwks) and the sign-in page. The library is built on first
 * use, because its issuer is the listener's address when PUBLIC_URL is not set; every process
 * builds the same one from the shared store.
 */
export function mountOAuth(router: Router, options: OAuthMountOptions): OAuthMount {
  const { config, log, trust } = options;
  // From the listener, never from a request's socket: an error answer is built after its client
  // may have gone, when the request no longer has one (a sign-in form over its size limit).
  const issuerFor = () => config.publicUrl ?? `http://${urlHost(options.host)}:${options.listenPort()}`;
  let built: Promise<{ provider: Provider; handle: Handler; secret: string }> | null = null;
  const serverFor = () =>
    (built ??= (async () => {
      // Loaded on first use: a process that never meets OAuth (the CLI, a key-only deployment's
      // start) does not load the library.
      const { createAuthorizationServer } = await import('./provider.js');
      const { provider, cookieKey } = await createAuthorizationServer({
        issuer: issuerFor(),
        store: options.store,
        ...metadataFetch(config.metadataLoopbackCa),
      });
      logAuthorizationEvents(provider, log);
      const callback = provider.callback();
      const issuer = new URL(provider.issuer);
      const handle: Handler = async (req, res) => {
        // The library sees the issuer's scheme and host, and the client address this service trusts.
        req.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
        req.headers['x-forwarded-host'] = issuer.host;
        req.headers['x-forwarded-for'] = clientAddress(req, trust);
        await callback(req, res);
      };
      // The sign-in form's anti-forgery value is derived from the shared cookie key (csrf.ts).
      return { provider, handle, secret: cookieKey };
    })().catch((e: unknown) => {
      built = null;
      throw e;
    }));

  const library: Handler = async (req, res, target) => (await serverFor()).handle(req, res, target);
  const registrations = new AddressRateLimiter({
    perMinute: config.registrationsPerMinute,
    burst: config.registrationsPerMinute,
  });
  const signIns = new AddressRateLimiter({
    perMinute: config.signInPerMinute,
    burst: config.signInPerMinute,
  });
  const keyAttempts = new AddressRateLimiter(KEY_ATTEMPTS);

  router.add('GET', RESOURCE_METADATA_PATHS, (req, res) => {
    options.publicLimit(req);
    res.setHeader('Cache-Control', 'public, max-age=3600');
    send(res, 200, JSON_TYPE, JSON.stringify(protectedResourceMetadata(issuerFor())));
  });
  router.add('GET', AS_METADATA_PATHS, async (req, res, target) => {
    options.publicLimit(req);
    req.url = LIBRARY_DISCOVERY_PATH;
    await library(req, res, target);
  });
  router.add('POST', OAUTH_ROUTES.registration, async (req, res, target) => {
    registrations.take(clientAddress(req, trust));
    await library(req, res, target);
  });
  for (const path of [
    OAUTH_ROUTES.authorization,
    OAUTH_ROUTES.token,
    OAUTH_ROUTES.revocation,
    OAUTH_ROUTES.jwks,
  ])
    router.add('*', path, library);
  // The library's own continuation of an authorization after the sign-in page.
  router.addPrefix(`${OAUTH_ROUTES.authorization}/`, library);

  const signIn = async (req: Req) => {
    const { provider, secret } = await serverFor();
    return {
      provider,
      secret,
      findKey: (key: string) => options.store.keys.authenticate(key),
      limitAddress: (r: Req) => signIns.take(clientAddress(r, trust)),
      limitKey: (hash: string) => keyAttempts.take(hash),
      refused: (reason: string) =>
        log.info({ reason, address: clientAddress(req, trust) }, 'oauth sign-in refused'),
    };
  };
  router.add('GET', SIGN_IN_PATH, async (req, res) => signInPage(await signIn(req))(req, res));
  router.add('POST', SIGN_IN_PATH, async (req, res) => signInSubmit(await signIn(req))(req, res));

  return {
    tokens: {
      isToken: (bearer) => ACCESS_TOKEN_SHAPE.test(bearer),
      resolve: async (bearer) => tokenCaller((await serverFor()).provider, options.store.keys, bearer),
    },
    resourceMetadataUrl: () => `${issuerFor()}${RESOURCE_METADATA_PATHS[0]}`,
  };
}
