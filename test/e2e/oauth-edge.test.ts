/**
 * The edges of the OAuth routes that outside probes found open (issue 37):
 * - every route the OAuth mount registers refuses a Host it does not serve on a loopback bind, as
 *   /mcp does (the MCP transport's DNS-rebinding warning): a rebinding page would otherwise open the
 *   real sign-in page under its own origin. The routes are enumerated by mounting on a recording
 *   router, so a route added later is checked without editing this list.
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
    log: pino({ level: 'silent' }),
    trust: proxyTrust([]),
    publicLimit: () => {},
    checkHost: () => {},
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
