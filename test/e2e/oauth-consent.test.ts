/**
 * What the person is asked on the sign-in page and what the application then gets.
 *
 * A request without `scope`: RFC 6749 section 3.3 lets the server process it with a pre-defined
 * default, and OAuth (and the MCP authorization spec) allow omitting it. The default here is the
 * products the client registered in its `scope` (RFC 7591 section 2), else every product the
 * protected resource metadata lists. Regression (issue 37): the page offered every product, and
 * Approve then sent the application `access_denied`.
 */
import { type Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveWith,
  authorizationUrl,
  Browser,
  exchange,
  pkcePair,
  register,
  registeredClientId,
  signInAsPerson,
  type SignInForm,
} from '../helpers/oauth.js';
import { connectMcp } from '../helpers/mcp.js';
import { startService, type TestService } from '../helpers/service.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startService({ OAUTH_SIGN_IN_PER_MINUTE: '1000', OAUTH_REGISTRATIONS_PER_MINUTE: '1000' });
}, 60_000);
afterAll(async () => svc?.close());

/** Sign-in for this client with this request scope (undefined: none sent); the page's boxes and the token. */
async function signIn(
  clientId: string,
  scope: string | undefined,
  fill: (form: SignInForm) => Record<string, string | string[]> = approveWith(svc.key),
) {
  const { verifier, challenge } = pkcePair();
  let offered: string[] = [];
  const { callback } = await signInAsPerson(
    new Browser(),
    authorizationUrl(svc.url, clientId, challenge, { scope }),
    (form) => {
      offered = form.scopes;
      return fill(form);
    },
  );
  const code = callback?.searchParams.get('code');
  if (!code) throw new Error(`no code: ${callback?.href}`);
  const token = await exchange(svc.url, { clientId, code, verifier });
  expect(token.status).toBe(200);
  return { offered, token: token.body };
}

const BAZI_ARGS = {
  birthDate: '1990-05-15',
  birthTime: '14:30',
  birthLocation: 'London, UK',
  gender: 'female',
};

describe('a request without scope', () => {
  it('offers every product, and Approve gives a code and a token that calls a tool', async () => {
    const { offered, token } = await signIn(await registeredClientId(svc.url), undefined);
    expect(offered).toEqual(['basic_chart', 'advanced_chart', 'sage_api']);
    expect(token.scope).toBe('basic_chart advanced_chart sage_api');
    let client: Client | undefined;
    try {
      client = await connectMcp(svc.url, token.access_token!);
      const result = await client.callTool({ name: 'get_bazi_chart', arguments: BAZI_ARGS });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    } finally {
      await client?.close();
    }
  });

  it('grants what the person ticked', async () => {
    const clientId = await registeredClientId(svc.url);
    const { token } = await signIn(clientId, undefined, approveWith(svc.key, ['basic_chart', 'sage_api']));
    expect(token.scope).toBe('basic_chart sage_api');
  });

  it('a client that registered a scope is asked for that scope', async () => {
    const res = await register(svc.url, { scope: 'sage_api' });
    expect(res.status).toBe(201);
    const { client_id } = (await res.json()) as { client_id: string };
    const { offered, token } = await signIn(client_id, undefined);
    expect(offered).toEqual(['sage_api']);
    expect(token.scope).toBe('sage_api');
  });

  it('a request naming products is taken as sent', async () => {
    const { offered, token } = await signIn(await registeredClientId(svc.url), 'advanced_chart');
    expect(offered).toEqual(['advanced_chart']);
    expect(token.scope).toBe('advanced_chart');
  });
});
