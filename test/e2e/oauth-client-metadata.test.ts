/**
 * Client ID metadata documents: a `client_id` that is an https URL is fetched as the client's
 * registration (draft-ietf-oauth-client-id-metadata-document, as the MCP authorization spec
 * 2025-11-25 adopts it; Claude Code and VS Code identify themselves this way). The test serves the
 * documents over https on loopback with its own certificate (test/fixtures/oauth), which the service
 * trusts only through the test setting OAUTH_TEST_METADATA_LOOPBACK_CA.
 *
 * Expected behaviour, from the draft (section 4: the document's client_id must equal its URL; its
 * redirect_uris are the only ones allowed) and the MCP spec's security considerations (SSRF: no
 * private, link-local or metadata-service addresses; bounded size and time): the whole flow works
 * through the SDK client with no registration, and each bad document is refused on the page.
 *
 * A document's redirect URIs meet the same rule as a registration's (src/oauth/redirect-policy.ts:
 * https, http on loopback, private-use schemes in reverse-domain form; RFC 8252 sections 7.1, 7.3
 * and 8.4). Regression (issue 37): a document listing `app://callback` or `http://<remote host>/cb`
 * was accepted and Approve sent the code there.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { UnauthorizedError } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveWith,
  authorizationUrl,
  Browser,
  MemoryOAuthProvider,
  oauthClient,
  pkcePair,
  REDIRECT_URI,
  signInAsPerson,
} from '../helpers/oauth.js';
import { startService, type TestService } from '../helpers/service.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/oauth/${name}`, import.meta.url), 'utf8');
const CERT = fixture('loopback-cert.pem');

let svc: TestService;
let docs: Server;
let docsUrl: string;
const hits = new Map<string, number>();

/** Redirect URIs the rule refuses, each served in a document of its own (`/redirect-<i>.json`). */
const REFUSED_REDIRECTS = [
  'app://callback',
  'myapp:/oauth/callback',
  'http://evil.example/cb',
  'http://192.168.1.10:8080/cb',
  'javascript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  'file:///etc/passwd',
  'https://app.example/cb#token',
];
/** A private-use redirect in reverse-domain form (RFC 8252 section 7.1's own example). */
const NATIVE_REDIRECT = 'com.example.app:/oauth2redirect/example-provider';

/**
 * The documents the test serves, by path: a good one, a lying one, a huge one, a slow one, one per
 * refused redirect URI (as a native app, so the library's own web-client check plays no part), and
 * a native app's.
 */
function document(path: string): { body: string; delayMs?: number } | null {
  const url = `${docsUrl}${path}`;
  const good = {
    client_id: url,
    client_name: 'Metadata document client',
    redirect_uris: [REDIRECT_URI],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  if (path === '/good.json' || path === '/cached.json') return { body: JSON.stringify(good) };
  if (path === '/mismatch.json')
    return { body: JSON.stringify({ ...good, client_id: `${docsUrl}/other.json` }) };
  if (path === '/huge.json') return { body: JSON.stringify({ ...good, client_name: 'x'.repeat(6_000) }) };
  if (path === '/slow.json') return { body: JSON.stringify(good), delayMs: 4_000 };
  const refused = /^\/redirect-(\d+)\.json$/.exec(path);
  if (refused && REFUSED_REDIRECTS[Number(refused[1])]) {
    const redirect = REFUSED_REDIRECTS[Number(refused[1])]!;
    return { body: JSON.stringify({ ...good, application_type: 'native', redirect_uris: [redirect] }) };
  }
  if (path === '/native.json')
    return {
      body: JSON.stringify({ ...good, application_type: 'native', redirect_uris: [NATIVE_REDIRECT] }),
    };
  return null;
}

beforeAll(async () => {
  docs = createServer({ cert: CERT, key: fixture('loopback-key.pem') }, (req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const doc = document(path);
    if (!doc) {
      res.writeHead(404).end();
      return;
    }
    const send = () =>
      res
        .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=300' })
        .end(doc.body);
    if (doc.delayMs) setTimeout(send, doc.delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve) => docs.listen(0, '127.0.0.1', resolve));
  docsUrl = `https://127.0.0.1:${(docs.address() as AddressInfo).port}`;
  svc = await startService({ OAUTH_TEST_METADATA_LOOPBACK_CA: CERT, OAUTH_SIGN_IN_PER_MINUTE: '1000' });
}, 60_000);
afterAll(async () => {
  docs?.closeAllConnections();
  docs?.close();
  await svc?.close();
});

describe('a client identified by its metadata document', () => {
  it('connects through the SDK client without registering: sign-in names it, token, tools/call', async () => {
    const provider = new MemoryOAuthProvider({}, `${docsUrl}/good.json`);
    const first = oauthClient(svc.url, provider);
    await expect(first.client.connect(first.transport)).rejects.toThrow(UnauthorizedError);
    expect(provider.authorizationUrl!.searchParams.get('client_id')).toBe(`${docsUrl}/good.json`);
    const key = await svc.createKey(['basic_chart']);
    let page = '';
    const { callback } = await signInAsPerson(new Browser(), provider.authorizationUrl!, (form) => {
      page = form.html;
      return approveWith(key)(form);
    });
    expect(page).toContain('Metadata document client');
    expect(page).toContain(`(identified by ${new URL(docsUrl).host})`);
    expect(page).toContain(`${docsUrl}/good.json`);
    await first.transport.finishAuth(callback!.searchParams);
    const second = oauthClient(svc.url, provider);
    await second.client.connect(second.transport);
    const result = await second.client.callTool({
      name: 'get_bazi_chart',
      arguments: {
        birthDate: '1990-05-15',
        birthTime: '14:30',
        birthLocation: 'London, UK',
        gender: 'female',
      },
    });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    await second.client.close();
    expect(hits.get('/good.json')).toBe(1);
  });

  it('is cached with its HTTP lifetime: a second authorization does not fetch it again', async () => {
    const url = `${docsUrl}/cached.json`;
    for (let i = 0; i < 2; i++) {
      const res = await new Browser().fetch(authorizationUrl(svc.url, url, pkcePair().challenge));
      expect(res.status).toBe(303);
    }
    expect(hits.get('/cached.json')).toBe(1);
  });

  it('a native app with a private-use redirect in reverse-domain form: Approve sends the code there', async () => {
    const clientId = `${docsUrl}/native.json`;
    const { callback } = await signInAsPerson(
      new Browser(),
      authorizationUrl(svc.url, clientId, pkcePair().challenge, { redirect_uri: NATIVE_REDIRECT }),
      approveWith(await svc.createKey(['basic_chart'])),
      NATIVE_REDIRECT,
    );
    expect(callback?.searchParams.get('code')).toMatch(/\S{20,}/);
  });

  it('only its own redirect URIs are allowed', async () => {
    const res = await new Browser().fetch(
      authorizationUrl(svc.url, `${docsUrl}/good.json`, pkcePair().challenge, {
        redirect_uri: 'http://127.0.0.1:9/elsewhere',
      }),
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });
});

describe('refused documents, shown on the page and never redirected', () => {
  const refusedAt = async (clientId: string) => {
    const res = await new Browser().fetch(authorizationUrl(svc.url, clientId, pkcePair().challenge));
    expect(res.headers.get('location')).toBeNull();
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Sign-in cannot continue');
  };

  it('a document whose client_id is not its own URL; the failure is remembered, not fetched again', async () => {
    await refusedAt(`${docsUrl}/mismatch.json`);
    await refusedAt(`${docsUrl}/mismatch.json`);
    expect(hits.get('/mismatch.json')).toBe(1);
  });

  it('at a private, link-local or metadata-service address: never fetched', async () => {
    for (const url of [
      'https://10.0.0.1/client.json',
      'https://192.168.1.1/client.json',
      'https://169.254.169.254/latest/meta-data/client.json',
      'https://[fd00::1]/client.json',
    ])
      await refusedAt(url);
  });

  it('larger than 5 KB', async () => {
    await refusedAt(`${docsUrl}/huge.json`);
  });

  it('slower than the fetch time limit', async () => {
    const started = Date.now();
    await refusedAt(`${docsUrl}/slow.json`);
    expect(Date.now() - started).toBeLessThan(4_000);
  }, 15_000);

  it.each(REFUSED_REDIRECTS.map((uri, i) => [uri, i]))(
    'a document listing %s: the page names it, no code is sent, and it is not fetched again',
    async (uri, i) => {
      const clientId = `${docsUrl}/redirect-${i}.json`;
      for (let attempt = 0; attempt < 2; attempt++) {
        const res = await new Browser().fetch(
          authorizationUrl(svc.url, clientId, pkcePair().challenge, { redirect_uri: uri }),
        );
        expect(res.headers.get('location')).toBeNull();
        expect(res.status).toBe(400);
        const page = await res.text();
        expect(page).toContain('Sign-in cannot continue');
        // First the reason; then the remembered failure (the document is not fetched again).
        if (attempt === 0)
          expect(page).toMatch(/invalid_redirect_uri<\/strong>: redirect_uris: \S+ is not allowed/);
      }
      expect(hits.get(`/redirect-${i}.json`)).toBe(1);
    },
  );

  it('plain http is not a metadata document URL', async () => {
    await refusedAt(`http://127.0.0.1:9/client.json`);
  });
});
