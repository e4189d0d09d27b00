/**
 * The edges of the OAuth routes that outside probes found open (issue 37):
 * - every route the OAuth mount registers refuses a Host it does not serve on a loopback bind, as
 *   /mcp does (the MCP transport's DNS-rebinding warning): a rebinding page would otherwise open the
 *   real sign-in page under its own origin. The routes are enumerated by mounting on a recording
 *   router, so a route added later is checked without editing this list;
 * - `response_mode=form_post` (OAuth 2.0 Form Post Response Mode, optional for a server) is refused:
 *   its answer is the library's auto-submitting page with inline script and no CSP. The refusal is
 *   the library's own for a mode it does not know, `unsupported_response_mode`, sent to the
 *   registered redirect URI as any authorization error is (RFC 6749 section 4.1.2.1);
 * - a browser that signed in with one key and then with another got the library's logout form (the
 *   same page, posting to an endpoint this service does not serve) instead of a code.
 */
import { request } from 'node:http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyTrust } from '../../src/http-bridge/proxy-trust.js';
import { type Handler, Router } from '../../src/http-bridge/router.js';
import { mountOAuth } from '../../src/oauth/mount.js';
import {
  AS_METADATA_PATHS,
  OAUTH_ROUTES,
  RESOURCE_METADATA_PATHS,
  SIGN_IN_PATH,
} from '../../src/oauth/paths.js';
import {
  approveWith,
  authorizationUrl,
  Browser,
  exchange,
  pkcePair,
  REDIRECT_URI,
  register,
  registeredClientId,
  signInAsPerson,
} from '../helpers/oauth.js';
import type { Store } from '../../src/store/index.js';
import { startService, type TestService } from '../helpers/service.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
}, 60_000);
afterAll(async () => svc?.close());

/** One raw request with the Host header as given (fetch sets its own). */
function withHost(
  method: string,
  path: string,
  host: string,
): Promise<{ status: number; type: string; body: string }> {
  const url = new URL(svc.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method, path, headers: { host }, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * What the OAuth mount registers, recorded while it mounts (before any service starts, so each
 * route is a test of its own): method and path, a prefix as one path under it.
 */
function mountedRoutes(): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  class Recorder extends Router {
    override add(method: string, paths: string | readonly string[], handler: Handler): void {
      for (const path of [paths].flat()) routes.push({ method: method === '*' ? 'GET' : method, path });
      super.add(method, paths, handler);
    }
    override addPrefix(prefix: string, handler: Handler): void {
      routes.push({ method: 'GET', path: `${prefix}a-continuation-uid` });
      super.addPrefix(prefix, handler);
    }
  }
  // Only registered, never asked: mounting builds nothing until a first request.
  mountOAuth(new Recorder(), {
    store: {} as Store,
    config: { publicUrl: null, registrationsPerMinute: 30, signInPerMinute: 20, metadataLoopbackCa: null },
    host: '127.0.0.1',
    listenPort: () => 0,
    log: pino({ level: 'silent' }),
    trust: proxyTrust([]),
    publicLimit: () => {},
    checkHost: () => {},
    operations: { tools: [], endpoints: [] },
  });
  return routes;
}

describe('Host on a loopback bind', () => {
  const routes = mountedRoutes();

  it('the enumeration holds every route of the path table, the metadata documents included', () => {
    const paths = routes.map((r) => r.path);
    for (const path of [
      ...RESOURCE_METADATA_PATHS,
      ...AS_METADATA_PATHS,
      ...Object.values(OAUTH_ROUTES),
      SIGN_IN_PATH,
    ])
      expect(paths).toContain(path);
    expect(paths.some((p) => p.startsWith(`${OAUTH_ROUTES.authorization}/`))).toBe(true);
  });

  it.each(routes)('$method $path: a foreign Host is 403, a loopback Host is answered', async (route) => {
    const port = new URL(svc.url).port;
    const foreign = await withHost(route.method, route.path, `rebind.example:${port}`);
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body).error).toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('Host "rebind.example'),
    });
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`])
      expect((await withHost(route.method, route.path, host)).status).not.toBe(403);
  });

  it('the refusal is the one /mcp gives (one rule)', async () => {
    const port = new URL(svc.url).port;
    const mcp = await withHost('POST', '/mcp', `rebind.example:${port}`);
    const signIn = await withHost('GET', SIGN_IN_PATH, `rebind.example:${port}`);
    expect(mcp.status).toBe(403);
    expect(JSON.parse(signIn.body).error.message).toBe(JSON.parse(mcp.body).error.message);
  });
});

describe('response_mode=form_post', () => {
  const noRedirect = (url: URL) => fetch(url, { redirect: 'manual' });

  it('is refused with unsupported_response_mode at the registered redirect URI, by a plain redirect', async () => {
    const clientId = await registeredClientId(svc.url);
    const res = await noRedirect(
      authorizationUrl(svc.url, clientId, pkcePair().challenge, { response_mode: 'form_post' }),
    );
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('unsupported_response_mode');
    expect(back.searchParams.get('state')).toBe('xyz');
    expect(await res.text()).not.toContain('<script');
  });

  it('with a redirect URI not registered: the error page with the pages’ headers, no script', async () => {
    const clientId = await registeredClientId(svc.url);
    const res = await noRedirect(
      authorizationUrl(svc.url, clientId, pkcePair().challenge, {
        response_mode: 'form_post',
        redirect_uri: 'https://attacker.example/cb',
      }),
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    );
    const html = await res.text();
    expect(html).toContain('Sign-in cannot continue');
    expect(html).not.toContain('<script');
  });

  it('the metadata no longer lists it, and a registration asking for it is refused', async () => {
    const meta = (await (await fetch(`${svc.url}/.well-known/oauth-authorization-server`)).json()) as {
      response_modes_supported: string[];
    };
    expect(meta.response_modes_supported).toEqual(['query', 'fragment']);
    const res = await register(svc.url, { response_modes: ['form_post'] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_client_metadata');
  });
});

describe('one browser, two keys', () => {
  const accountOf = async (token: string) =>
    (await svc.service.deps.store.oauth.find('AccessToken', token))?.accountId;
  const idOf = async (key: string) => (await svc.service.deps.store.keys.authenticate(key))!.id;

  it('signing in with another key after the first gives a code acting for the second key', async () => {
    const [first, second] = [await svc.createKey(['basic_chart']), await svc.createKey(['basic_chart'])];
    const browser = new Browser();
    const clientId = await registeredClientId(svc.url);
    const tokens: string[] = [];
    for (const key of [first, second]) {
      const { verifier, challenge } = pkcePair();
      const { callback, pageHtml } = await signInAsPerson(
        browser,
        authorizationUrl(svc.url, clientId, challenge),
        approveWith(key),
      );
      expect(pageHtml).not.toContain('<script');
      expect(callback?.searchParams.get('code'), pageHtml.slice(0, 300)).toBeTruthy();
      const { body } = await exchange(svc.url, {
        clientId,
        code: callback!.searchParams.get('code')!,
        verifier,
      });
      tokens.push(body.access_token!);
    }
    expect(await accountOf(tokens[0]!)).toBe(await idOf(first));
    expect(await accountOf(tokens[1]!)).toBe(await idOf(second));
  });
});
