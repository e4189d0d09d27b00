/**
 * Each way a client or an attacker may misuse the OAuth flow, refused as the RFCs say:
 * - PKCE missing, `plain`, or a wrong verifier: RFC 7636 section 4.4.1 and 4.6, OAuth 2.1 section
 *   4.1.1 (S256 required here; `invalid_request` at the authorization endpoint, `invalid_grant` at
 *   the token endpoint);
 * - a code used twice: OAuth 2.1 section 4.1.2 (refused, and the tokens it gave revoked);
 * - a redirect URI not registered, or an unknown client: RFC 6749 section 4.1.2.1 (shown to the
 *   person, never redirected);
 * - a resource other than the MCP endpoint: RFC 8707 section 2 (`invalid_target`); a token for
 *   another audience or past its expiry presented to /mcp: MCP authorization spec, token handling
 *   (401);
 * - a revoked key: the issue's rule, its tokens end with it;
 * - a call beyond the granted scopes: RFC 6750 section 3.1 (403 `insufficient_scope` with `scope`);
 * - registration with an http redirect off loopback: RFC 8252 section 7.3 and the issue's rule
 *   (`invalid_redirect_uri`, RFC 7591 section 3.2.2);
 * - the sign-in form without its anti-forgery field, a wrong key, a framed page;
 * - the sign-in limits (issue 37): per address and per presented key, at most the stated number in
 *   any minute, each refusal the flow's own page naming the limit, with Retry-After (RFC 6585 4).
 */
import { readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvedCode,
  approveWith,
  authorizationUrl,
  Browser,
  exchange,
  pkcePair,
  readSignInForm,
  REDIRECT_URI,
  register,
  registeredClientId,
  signInAsPerson,
  tokenRequest,
} from '../helpers/oauth.js';
import { loadConfig } from '../../src/app/config.js';
import { KEY_ATTEMPTS_PER_MINUTE } from '../../src/oauth/attempt-limits.js';
import { PAGE_HEADERS } from '../../src/oauth/page-shell.js';
import { startService, type TestService } from '../helpers/service.js';

let svc: TestService;
let key: string;
beforeAll(async () => {
  // Every lookup fresh: a revocation shows at once here (the cache delay is the key's, tested by mcp.test.ts).
  svc = await startService({ KEY_CACHE_MS: '0', OAUTH_SIGN_IN_PER_MINUTE: '1000' });
  key = await svc.createKey(['basic_chart', 'advanced_chart']);
}, 60_000);
afterAll(async () => svc?.close());

const mcpCall = (token: string, name = 'get_bazi_chart') =>
  fetch(`${svc.url}/mcp`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name,
        arguments: {
          birthDate: '1990-05-15',
          birthTime: '14:30',
          birthLocation: 'London, UK',
          gender: 'female',
        },
      },
    }),
  });

/** Follows the authorization URL in a browser to where it first stops. */
async function firstStop(url: URL): Promise<{ status: number; location: URL | null; html: string }> {
  const browser = new Browser();
  let res = await browser.fetch(url);
  let at = url.href;
  while (res.status >= 300 && res.status < 400) {
    const next = new URL(res.headers.get('location')!, at);
    if (next.href.startsWith(REDIRECT_URI)) return { status: res.status, location: next, html: '' };
    at = next.href;
    res = await browser.fetch(at);
  }
  return { status: res.status, location: null, html: await res.text() };
}

describe('PKCE', () => {
  it('an authorization request without a code challenge, or with plain, is sent back with invalid_request', async () => {
    const clientId = await registeredClientId(svc.url);
    const { challenge } = pkcePair();
    for (const params of [
      { code_challenge: undefined, code_challenge_method: undefined },
      { code_challenge_method: 'plain' },
    ]) {
      const stop = await firstStop(authorizationUrl(svc.url, clientId, challenge, params));
      expect(stop.location?.searchParams.get('error')).toBe('invalid_request');
      expect(stop.location?.searchParams.get('state')).toBe('xyz');
    }
  });

  it('a wrong verifier is invalid_grant, and the code is then spent', async () => {
    const c = await approvedCode(svc.url, key);
    const wrong = await exchange(svc.url, { ...c, verifier: pkcePair().verifier });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
  });
});

describe('codes', () => {
  it('a code works once; the second use is refused and the tokens of the first are revoked', async () => {
    const c = await approvedCode(svc.url, key);
    const first = await exchange(svc.url, c);
    expect(first.status).toBe(200);
    expect((await mcpCall(first.body.access_token!)).status).toBe(200);
    const second = await exchange(svc.url, c);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
    expect((await mcpCall(first.body.access_token!)).status).toBe(401);
  });

  it('the token request must name the same redirect URI', async () => {
    const c = await approvedCode(svc.url, key);
    const res = await tokenRequest(svc.url, {
      grant_type: 'authorization_code',
      code: c.code,
      code_verifier: c.verifier,
      redirect_uri: 'http://127.0.0.1:53682/other',
      client_id: c.clientId,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
  });
});

describe('clients and redirect URIs', () => {
  it('an unregistered redirect URI or an unknown client is shown on the page, never redirected', async () => {
    const clientId = await registeredClientId(svc.url);
    const { challenge } = pkcePair();
    for (const url of [
      authorizationUrl(svc.url, clientId, challenge, { redirect_uri: 'https://attacker.example/cb' }),
      authorizationUrl(svc.url, 'no-such-client', challenge),
    ]) {
      const stop = await firstStop(url);
      expect(stop.location).toBeNull();
      expect(stop.status).toBe(400);
      expect(stop.html).toContain('Sign-in cannot continue');
      expect(stop.html).not.toContain('attacker.example/cb?');
    }
  });

  it('registration takes https, or http on loopback only, and names the bad URI', async () => {
    const bad = await register(svc.url, { redirect_uris: ['http://evil.example/cb'] });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: string; error_description: string };
    expect(body.error).toBe('invalid_redirect_uri');
    expect(body.error_description).toContain('http://evil.example/cb');
    const good = await register(svc.url, {
      redirect_uris: ['https://app.example/cb'],
      application_type: 'web',
    });
    expect(good.status).toBe(201);
  });

  it('a client ID metadata document whose host resolves to loopback is never fetched (checked after DNS resolution)', async () => {
    // `localhost` resolves without the network; this service has no test allowance for loopback. A
    // listener counts connection attempts: there must be none.
    let connections = 0;
    const listener = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    try {
      const stop = await firstStop(
        authorizationUrl(svc.url, `https://localhost:${port}/client.json`, pkcePair().challenge),
      );
      expect(stop.location).toBeNull();
      expect(stop.status).toBe(400);
      expect(stop.html).toContain('invalid_client');
      expect(connections).toBe(0);
    } finally {
      listener.close();
    }
  });

  it('a resource other than this MCP endpoint is invalid_target', async () => {
    const clientId = await registeredClientId(svc.url);
    const stop = await firstStop(
      authorizationUrl(svc.url, clientId, pkcePair().challenge, { resource: 'https://other.example/mcp' }),
    );
    expect(stop.location?.searchParams.get('error')).toBe('invalid_target');
  });
});

describe('tokens', () => {
  it('a token for another audience, or expired, is refused on /mcp with 401', async () => {
    const c = await approvedCode(svc.url, key);
    const { body } = await exchange(svc.url, c);
    const records = svc.service.deps.store.oauth;
    const real = (await records.find('AccessToken', body.access_token!))!;
    const forge = async (changes: Record<string, unknown>) => {
      const id = pkcePair().verifier.slice(0, 43);
      await records.upsert('AccessToken', id, { ...real, ...changes, jti: id }, 3600);
      return id;
    };
    expect((await mcpCall(await forge({}))).status).toBe(200);
    const other = await mcpCall(await forge({ aud: 'https://other.example/mcp' }));
    expect(other.status).toBe(401);
    expect(other.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const expired = await mcpCall(await forge({ exp: Math.floor(Date.now() / 1000) - 10 }));
    expect(expired.status).toBe(401);
  });

  it('revoking the key ends its tokens and its refresh tokens', async () => {
    const own = await svc.createKey(['basic_chart']);
    const { body } = await exchange(svc.url, await approvedCode(svc.url, own));
    expect((await mcpCall(body.access_token!)).status).toBe(200);
    const id = (await svc.service.deps.store.keys.authenticate(own))!.id;
    expect(await svc.service.deps.store.keys.revoke(id)).toBe(true);
    expect((await mcpCall(body.access_token!)).status).toBe(401);
    const refresh = await tokenRequest(svc.url, {
      grant_type: 'refresh_token',
      refresh_token: body.refresh_token!,
      client_id: (await svc.service.deps.store.oauth.listClients()).at(-1)!.client_id as string,
    });
    expect(refresh.status).toBe(400);
  });

  it('a call beyond the granted scopes is 403 insufficient_scope naming the scope, on MCP and REST', async () => {
    const { body } = await exchange(svc.url, await approvedCode(svc.url, key, ['basic_chart']));
    expect(body.scope).toBe('basic_chart');
    expect((await mcpCall(body.access_token!)).status).toBe(200);
    const mcp = await mcpCall(body.access_token!, 'generate_chart');
    expect(mcp.status).toBe(403);
    expect(mcp.headers.get('www-authenticate')).toMatch(
      /^Bearer realm="chart-service", error="insufficient_scope", scope="advanced_chart", resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource\/mcp"/,
    );
    const rest = await fetch(`${svc.url}/api/chart`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${body.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ birthDate: '1990-05-15', birthTime: '14:30', birthLocation: 'London, UK' }),
    });
    expect(rest.status).toBe(403);
    expect(rest.headers.get('www-authenticate')).toContain(
      'error="insufficient_scope", scope="advanced_chart"',
    );
  });
});

/** A browser on the sign-in page of a new authorization, and the page's form. */
const open = async () => {
  const clientId = await registeredClientId(svc.url);
  const browser = new Browser();
  let res = await browser.fetch(authorizationUrl(svc.url, clientId, pkcePair().challenge));
  while (res.status >= 300 && res.status < 400)
    res = await browser.fetch(new URL(res.headers.get('location')!, svc.url));
  return { browser, res, form: readSignInForm(await res.clone().text(), svc.url) };
};
const submit = (browser: Browser, action: string, fields: Record<string, string>) =>
  browser.fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });

describe('the sign-in page', () => {
  it('may not be framed, is not cached, and runs no script', async () => {
    const { res, form } = await open();
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(form.html).toContain('type="password"');
    // A self-registered client's name is its own claim: the page says so, and where access goes.
    expect(form.html).toContain('registered itself: its name is not verified');
    expect(form.html).toContain('It will receive access at: http://127.0.0.1:53682');
    expect(form.html).not.toContain('<script');
  });

  it('a form without its anti-forgery field is refused', async () => {
    const { browser, form } = await open();
    const res = await submit(browser, form.action, {
      api_key: key,
      scope: 'basic_chart',
      decision: 'approve',
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('not sent from this service');
  });

  it('a wrong key gets the page again with a clear message; a revoked key too', async () => {
    const { browser, form } = await open();
    const res = await submit(browser, form.action, {
      csrf: form.csrf,
      api_key: 'csk_not-a-real-key',
      scope: 'basic_chart',
      decision: 'approve',
    });
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).toContain('That API key is wrong or has been revoked');
    expect(html).not.toContain('csk_not-a-real-key');
    const revoked = await svc.createKey(['basic_chart']);
    await svc.service.deps.store.keys.revoke((await svc.service.deps.store.keys.authenticate(revoked))!.id);
    const again = await open();
    const res2 = await submit(again.browser, again.form.action, {
      csrf: again.form.csrf,
      api_key: revoked,
      scope: 'basic_chart',
      decision: 'approve',
    });
    expect(res2.status).toBe(401);
    expect(await res2.text()).toContain('That API key is wrong or has been revoked');
  });

  it('Deny sends the person back to the application with access_denied', async () => {
    const clientId = await registeredClientId(svc.url);
    const { callback } = await signInAsPerson(
      new Browser(),
      authorizationUrl(svc.url, clientId, pkcePair().challenge),
      (form) => ({ csrf: form.csrf, decision: 'deny' }),
    );
    expect(callback?.searchParams.get('error')).toBe('access_denied');
    expect(callback?.searchParams.get('state')).toBe('xyz');
  });

  it('approving with nothing the key covers ticked is refused on the page, naming what the key has', async () => {
    const { browser, form } = await open();
    const res = await submit(browser, form.action, {
      csrf: form.csrf,
      api_key: key,
      scope: 'sage_api',
      decision: 'approve',
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('your key has: basic_chart, advanced_chart');
  });

  it('approving with a key narrows to what the key has: a key without sage_api gives no sage_api', async () => {
    const c = await approvedCode(svc.url, key, ['basic_chart', 'sage_api']);
    const { body } = await exchange(svc.url, c);
    expect(body.scope).toBe('basic_chart');
    void approveWith;
  });
});

describe('attempt limits', () => {
  let tight: TestService;
  beforeAll(async () => {
    tight = await startService({ OAUTH_SIGN_IN_PER_MINUTE: '3', OAUTH_REGISTRATIONS_PER_MINUTE: '2' });
  }, 60_000);
  afterAll(async () => tight?.close());

  it('registrations per address are limited (429 with Retry-After)', async () => {
    expect((await register(tight.url)).status).toBe(201);
    expect((await register(tight.url)).status).toBe(201);
    const third = await register(tight.url);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("sign-in page requests per address are limited: the flow's own page says so (issue 37: it was JSON)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${tight.url}/oauth/sign-in?uid=x`)).status);
    expect(statuses).toEqual([400, 400, 400]);
    const refused = [
      await fetch(`${tight.url}/oauth/sign-in?uid=x`),
      await fetch(`${tight.url}/oauth/sign-in?uid=x`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'csrf=x',
      }),
    ];
    for (const res of refused) {
      const html = await expectLimitPage(res);
      expect(html).toContain('Too many sign-in requests from this address');
      expect(html).toContain('limited to 3 in any minute');
      expect(html).not.toContain('this key');
    }
  });

  it(`the ${KEY_ATTEMPTS_PER_MINUTE + 1}th attempt with one key within a minute is refused, the ${KEY_ATTEMPTS_PER_MINUTE}th is not (issue 37: 20 got through)`, async () => {
    const { browser, form } = await open();
    const attempt = (apiKey: string) => submit(browser, form.action, { csrf: form.csrf, api_key: apiKey });
    const guessed = `csk_${pkcePair().verifier}`;
    const statuses: number[] = [];
    for (let i = 0; i < KEY_ATTEMPTS_PER_MINUTE; i++) statuses.push((await attempt(guessed)).status);
    expect(statuses).toEqual(Array(KEY_ATTEMPTS_PER_MINUTE).fill(401));
    const html = await expectLimitPage(await attempt(guessed));
    expect(html).toContain('Too many sign-in attempts with this key');
    expect(html).toContain(`limited to ${KEY_ATTEMPTS_PER_MINUTE} attempts in any minute`);
    expect(html).not.toContain('this address');
    expect(html).not.toContain(guessed);
    // The limit is the key's: another key from the same browser is still looked at.
    expect((await attempt(`csk_${pkcePair().verifier}`)).status).toBe(401);
  });

  it('the README states both limits in the words of the pages', () => {
    const row = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8')
      .split('\n')
      .find((line) => line.startsWith('| `OAUTH_SIGN_IN_PER_MINUTE`'));
    expect(row).toContain('`20`');
    expect(row).toContain('page views and submissions');
    expect(row).toContain(`limited to ${KEY_ATTEMPTS_PER_MINUTE} attempts in any minute`);
    expect(row).toContain('"from this address"');
    expect(row).toContain('"with this key"');
    expect(loadConfig({}).oauth.signInPerMinute).toBe(20);
  });
});

/** A limit's refusal: 429, Retry-After within the minute, the sign-in flow's own page and headers. */
async function expectLimitPage(res: Response): Promise<string> {
  expect(res.status).toBe(429);
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(60);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  for (const [name, value] of Object.entries(PAGE_HEADERS)) expect(res.headers.get(name)).toBe(value);
  const html = await res.text();
  expect(html).toContain('Sign-in cannot continue');
  expect(html).toContain(`Try again in ${wait} second`);
  expect(html).not.toContain('<script');
  return html;
}
