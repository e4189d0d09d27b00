/**
 * The redirect rule at dynamic registration (RFC 7591), each refused kind a test, and the
 * private-use redirects a desktop host registers carried through to the code.
 *
 * Expected values: a refused redirect is 400 `invalid_redirect_uri` naming the URI (RFC 7591
 * section 3.2.2); https, http on loopback (RFC 8252 section 7.3) and private-use schemes in
 * reverse-domain form (section 7.1) are accepted, and Cursor's scheme `cursor:` by name (see
 * src/oauth/redirect-policy.ts). Cursor's registration body is the one it sends (three redirect
 * URIs, `application_type: web`): a client with a private-use redirect is a native app (RFC 8252
 * section 7.1), so it is registered as one. After Approve the code goes to the private-use URI with
 * the state (RFC 6749 section 4.1.2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveWith,
  authorizationUrl,
  Browser,
  pkcePair,
  register,
  signInAsPerson,
} from '../helpers/oauth.js';
import { startService, type TestService } from '../helpers/service.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startService({ OAUTH_REGISTRATIONS_PER_MINUTE: '1000', OAUTH_SIGN_IN_PER_MINUTE: '1000' });
}, 60_000);
afterAll(async () => svc?.close());

const CURSOR_REDIRECTS = [
  'cursor://anysphere.cursor-mcp/oauth/callback',
  'https://www.cursor.com/agents/mcp/oauth/callback',
  'http://localhost:8787/callback',
];

describe('refused at registration, naming the URI', () => {
  it.each([
    ['a single-word private-use scheme', 'app://callback'],
    ['another single-word scheme', 'myapp:/oauth/callback'],
    ['plain http to another host', 'http://evil.example/cb'],
    ['plain http to a private address', 'http://192.168.1.10:8080/cb'],
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['file:', 'file:///etc/passwd'],
    ['a fragment', 'https://app.example/cb#token'],
  ])('%s (%s)', async (_kind, uri) => {
    for (const application_type of ['web', 'native']) {
      const res = await register(svc.url, { redirect_uris: [uri], application_type });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: string; error_description: string };
      expect(body.error).toBe('invalid_redirect_uri');
      expect(body.error_description).toContain(`redirect_uris: ${uri} is not allowed`);
    }
  });

  it('one refused URI among good ones refuses the registration', async () => {
    const res = await register(svc.url, { redirect_uris: ['https://app.example/cb', 'app://callback'] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error_description: string }).error_description).toContain(
      'app://callback',
    );
  });
});

describe('private-use redirects of desktop hosts', () => {
  it("Cursor's registration as it sends it is accepted, as a native app", async () => {
    const res = await register(svc.url, {
      client_name: 'Cursor',
      application_type: 'web',
      redirect_uris: CURSOR_REDIRECTS,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { application_type: string; redirect_uris: string[] };
    expect(body.application_type).toBe('native');
    expect(body.redirect_uris).toEqual(CURSOR_REDIRECTS);
  });

  it.each([
    ['cursor://anysphere.cursor-mcp/oauth/callback', 'cursor://anysphere.cursor-mcp'],
    ['com.example.app:/oauth2redirect/example-provider', 'com.example.app:'],
  ])('Approve sends the code to %s; the page says where', async (redirect, shown) => {
    const res = await register(svc.url, { redirect_uris: [redirect] });
    expect(res.status).toBe(201);
    const { client_id } = (await res.json()) as { client_id: string };
    let page = '';
    const { callback } = await signInAsPerson(
      new Browser(),
      authorizationUrl(svc.url, client_id, pkcePair().challenge, { redirect_uri: redirect }),
      (form) => {
        page = form.html;
        return approveWith(svc.key)(form);
      },
      redirect,
    );
    expect(page).toContain(`It will receive access at: ${shown} (an application on this device)`);
    expect(callback?.searchParams.get('code')).toMatch(/\S{20,}/);
    expect(callback?.searchParams.get('state')).toBe('xyz');
  });
});
