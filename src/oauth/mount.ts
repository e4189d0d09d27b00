import type { Logger } from 'pino';
import type Provider from 'oidc-provider';
import type { OAuthConfig } from './settings.js';
import type { TokenResolver } from '../http-bridge/auth.js';
import { clientAddress, JSON_TYPE, type Req, send } from '../http-bridge/http.js';
import type { ProxyTrust } from '../http-bridge/proxy-trust.js';
import type { Handler, Router } from '../http-bridge/router.js';
import type { Store } from '../store/index.js';
import { registrationLimit, signInLimits } from './attempt-limits.js';
import { logAuthorizationEvents } from './audit-log.js';
import { consentTexts, type ServedOperations } from './consent-text.js';
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
  /** The registry's operations: the sign-in page's boxes say what each product unlocks. */
  operations: ServedOperations;
  /** The Host rule of /mcp (http-bridge/mcp-guard.ts hostGuard): throws 403 for a Host not served. */
  checkHost: (req: Req) => void;
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

/**
 * The router as the mount registers on it: every handler checks the Host first, so no OAuth route
 * (page, endpoint or metadata document) answers under a name a DNS-rebinding page chose.
 */
function hostChecked(router: Router, checkHost: (req: Req) => void): Pick<Router, 'add' | 'addPrefix'> {
  const guarded =
    (handler: Handler): Handler =>
    (req, res, target) => {
      checkHost(req);
      return handler(req, res, target);
    };
  return {
    add: (method, paths, handler) => router.add(method, paths, guarded(handler)),
    addPrefix: (prefix, handler) => router.addPrefix(prefix, guarded(handler)),
  };
}

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
  const registrationAllowed = registrationLimit(config.registrationsPerMinute);
  const routes = hostChecked(router, options.checkHost);

  routes.add('GET', RESOURCE_METADATA_PATHS, (req, res) => {
    options.publicLimit(req);
    res.setHeader('Cache-Control', 'public, max-age=3600');
    send(res, 200, JSON_TYPE, JSON.stringify(protectedResourceMetadata(issuerFor())));
  });
  routes.add('GET', AS_METADATA_PATHS, async (req, res, target) => {
    options.publicLimit(req);
    req.url = LIBRARY_DISCOVERY_PATH;
    await library(req, res, target);
  });
  routes.add('POST', OAUTH_ROUTES.registration, async (req, res, target) => {
    registrationAllowed(clientAddress(req, trust));
    await library(req, res, target);
  });
  for (const path of [
    OAUTH_ROUTES.authorization,
    OAUTH_ROUTES.token,
    OAUTH_ROUTES.revocation,
    OAUTH_ROUTES.jwks,
  ])
    routes.add('*', path, library);
  // The library's own continuation of an authorization after the sign-in page.
  routes.addPrefix(`${OAUTH_ROUTES.authorization}/`, library);

  addSignInRoutes(routes, serverFor, options, consentTexts(options.operations));

  return {
    tokens: {
      isToken: (bearer) => ACCESS_TOKEN_SHAPE.test(bearer),
      resolve: async (bearer) => tokenCaller((await serverFor()).provider, options.store.keys, bearer),
    },
    resourceMetadataUrl: () => `${issuerFor()}${RESOURCE_METADATA_PATHS[0]}`,
  };
}

/** The sign-in page (GET) and its form (POST), limited per address and per presented key. */
function addSignInRoutes(
  routes: Pick<Router, 'add'>,
  serverFor: () => Promise<{ provider: Provider; secret: string }>,
  options: OAuthMountOptions,
  consent: ReturnType<typeof consentTexts>,
): void {
  const { log, trust } = options;
  const signIns = signInLimits(options.config.signInPerMinute);
  const signIn = async (req: Req) => {
    const { provider, secret } = await serverFor();
    return {
      provider,
      secret,
      findKey: (key: string) => options.store.keys.authenticate(key),
      limitAddress: (r: Req) => signIns.address(clientAddress(r, trust)),
      limitKey: (hash: string) => signIns.key(hash),
      refused: (reason: string) =>
        log.info({ reason, address: clientAddress(req, trust) }, 'oauth sign-in refused'),
      consent,
    };
  };
  routes.add('GET', SIGN_IN_PATH, async (req, res) => signInPage(await signIn(req))(req, res));
  routes.add('POST', SIGN_IN_PATH, async (req, res) => signInSubmit(await signIn(req))(req, res));
}
