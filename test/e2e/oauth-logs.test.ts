/**
 * No key, code or token reaches a log line: the whole OAuth flow (registration, a wrong key on the
 * sign-in page, approval, code exchange, MCP calls, a refresh, a reused refresh token, revocation)
 * runs against a service logging at trace level, and every line it writes, and anything printed on
 * the console meanwhile, is searched for each secret that passed (the MCP authorization spec's
 * security considerations: tokens must not be logged).
 */
import { UnauthorizedError } from '@modelcontextprotocol/client';
import pino from 'pino';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/app/config.js';
import { createService, type Service } from '../../src/app/service.js';
import {
  approveWith,
  Browser,
  MemoryOAuthProvider,
  oauthClient,
  signInAsPerson,
  tokenRequest,
} from '../helpers/oauth.js';
import { sharedCities, sharedEphemeris, sharedKnowledge } from '../helpers/service.js';

let service: Service;
let url: string;
const lines: string[] = [];
const consoleLines: string[] = [];

beforeAll(async () => {
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const)
    vi.spyOn(console, method).mockImplementation(
      (...args: unknown[]) => void consoleLines.push(args.join(' ')),
    );
  const log = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
  service = await createService(loadConfig({ DATA_DIR: 'memory://', PORT: '0', KEY_CACHE_MS: '0' }), log, {
    cities: await sharedCities(),
    ephemeris: sharedEphemeris(),
    knowledge: await sharedKnowledge(),
    skipKnowledgeLoad: true,
  });
  url = `http://127.0.0.1:${(await service.listen()).port}`;
}, 60_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await service?.close();
});

it('the secrets of a whole OAuth flow appear in no log line', async () => {
  const { key } = await service.deps.store.keys.create({ name: 'logs', products: ['basic_chart'] });
  const secrets: string[] = [key];
  const provider = new MemoryOAuthProvider();
  const first = oauthClient(url, provider);
  await expect(first.client.connect(first.transport)).rejects.toThrow(UnauthorizedError);

  // A wrong key first, then the right one.
  const browser = new Browser();
  const wrongKey = 'csk_this-is-a-wrong-key-typed-by-hand';
  secrets.push(wrongKey);
  const { callback } = await signInAsPerson(browser, provider.authorizationUrl!, approveWith(wrongKey));
  expect(callback).toBeNull();
  const retry = await signInAsPerson(new Browser(), provider.authorizationUrl!, (form) => {
    secrets.push(form.csrf);
    return approveWith(key)(form);
  });
  const code = retry.callback!.searchParams.get('code')!;
  secrets.push(code, provider.codeVerifier());
  await first.transport.finishAuth(retry.callback!.searchParams);
  const second = oauthClient(url, provider);
  await second.client.connect(second.transport);
  await second.client.callTool({
    name: 'get_bazi_chart',
    arguments: { birthDate: '1990-05-15', birthTime: '14:30', birthLocation: 'London, UK', gender: 'male' },
  });
  await second.client.close();
  const issued = provider.saved!;
  secrets.push(issued.access_token, issued.refresh_token!);

  const clientId = provider.client!.client_id;
  const refreshed = await tokenRequest(url, {
    grant_type: 'refresh_token',
    refresh_token: issued.refresh_token!,
    client_id: clientId,
  });
  expect(refreshed.status).toBe(200);
  secrets.push(refreshed.body.access_token!, refreshed.body.refresh_token!);
  // The old refresh token again (the family is revoked), and the code again.
  expect(
    (
      await tokenRequest(url, {
        grant_type: 'refresh_token',
        refresh_token: issued.refresh_token!,
        client_id: clientId,
      })
    ).status,
  ).toBe(400);
  expect(
    (
      await tokenRequest(url, {
        grant_type: 'authorization_code',
        code,
        code_verifier: provider.codeVerifier(),
        redirect_uri: provider.redirectUrl,
        client_id: clientId,
      })
    ).status,
  ).toBe(400);
  const revoke = await fetch(`${url}/oauth/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: refreshed.body.access_token!, client_id: clientId }),
  });
  expect(revoke.status).toBe(200);
  for (const bearer of [issued.access_token, 'not-a-token-at-all', wrongKey])
    await fetch(`${url}/mcp`, { method: 'POST', headers: { Authorization: `Bearer ${bearer}` }, body: '{}' });

  // The flow was logged (ids and outcomes), so the search below has lines to search.
  const messages = lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
  for (const msg of [
    'oauth client registered',
    'oauth sign-in refused',
    'oauth token issued',
    'oauth token refused',
    'oauth grant revoked with its tokens',
  ])
    expect(messages).toContain(msg);
  const everything = [...lines, ...consoleLines];
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThan(15);
    const leaks = everything.filter((l) => l.includes(secret));
    expect(leaks, `a secret (${secret.slice(0, 4)}…) in a log line`).toEqual([]);
  }
}, 60_000);
