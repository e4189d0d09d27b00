/**
 * What the person is asked on the sign-in page and what the application then gets.
 *
 * A request without `scope`: RFC 6749 section 3.3 lets the server process it with a pre-defined
 * default, and OAuth (and the MCP authorization spec) allow omitting it. The default here is the
 * products the client registered in its `scope` (RFC 7591 section 2), else every product the
 * protected resource metadata lists. Regression (issue 37): the page offered every product, and
 * Approve then sent the application `access_denied`.
 *
 * Each box names the tools (and REST operations) its product unlocks; with some boxes ticked, the
 * token reaches exactly what the ticked boxes name, so unticking a box withholds exactly what it
 * names that no other ticked box names. A withheld call is 403 `insufficient_scope` (RFC 6750
 * section 3.1) before its input is read, an allowed one reaches input validation, so every call
 * is made with empty input. Expected names from the README's tool table (its Product column):
 * BaZi is the one tool of basic_chart, and advanced_chart covers it too. Regression (issue 37):
 * the basic_chart box promised Human Design, astrology and transits.
 */
import { type Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/endpoints/index.js';
import type { AnyOperation } from '../../src/operations/types.js';
import { TOOLS } from '../../src/tools/index.js';
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
  let page = '';
  const { callback } = await signInAsPerson(
    new Browser(),
    authorizationUrl(svc.url, clientId, challenge, { scope }),
    (form) => {
      offered = form.scopes;
      page = form.html;
      return fill(form);
    },
  );
  const code = callback?.searchParams.get('code');
  if (!code) throw new Error(`no code: ${callback?.href}`);
  const token = await exchange(svc.url, { clientId, code, verifier });
  expect(token.status).toBe(200);
  return { offered, page, token: token.body };
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

/** What each box names, read from the page: `<strong>product</strong>: titles; over REST also …`. */
function boxesOnPage(html: string): Map<string, AnyOperation[]> {
  const boxes = new Map<string, AnyOperation[]>();
  for (const [, product, text] of html.matchAll(
    /value="(\w+)"[^>]*> <strong>\w+<\/strong>: ([^<]*)<\/label>/g,
  )) {
    const [tools = '', rest = ''] = text!.split('; over REST also ');
    const titles = (list: string) => list.split(/, (?![^()]*\))/).filter(Boolean);
    const named = titles(tools).map((title) => {
      const tool = TOOLS.find((t) => t.title === title);
      if (!tool) throw new Error(`the ${product} box names "${title}", which is no tool`);
      return tool as AnyOperation;
    });
    for (const family of titles(rest)) {
      const [, base, formats] = /^(.*) \(([^()]+)\)$/.exec(family)!;
      for (const format of formats!.split(', ')) {
        const op = ENDPOINTS.find((e) => e.title === `${base} (${format})`);
        if (!op) throw new Error(`the ${product} box names "${family}", which is no REST operation`);
        named.push(op);
      }
    }
    boxes.set(product!, named);
  }
  return boxes;
}

/** The operations that need a product (free and public ones are every caller's). */
const GATED = [...TOOLS, ...ENDPOINTS].filter((op) => op.access !== 'free' && op.access !== 'public');

/** The status of a call with empty input: 403 when the token withholds it, else validation's. */
async function statusOf(token: string, op: AnyOperation): Promise<number> {
  const headers = { Authorization: `Bearer ${token}` };
  if (TOOLS.includes(op as (typeof TOOLS)[number])) {
    const res = await fetch(`${svc.url}/mcp`, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: op.name, arguments: {} },
      }),
    });
    await res.body?.cancel();
    return res.status;
  }
  const res = await fetch(`${svc.url}${op.http[0]!.path}`, { headers });
  await res.body?.cancel();
  return res.status;
}

describe('each consent box withholds exactly what it names', () => {
  const PRODUCTS = ['basic_chart', 'advanced_chart', 'sage_api'];
  let boxes: Map<string, AnyOperation[]>;
  beforeAll(async () => {
    const { page } = await signIn(await registeredClientId(svc.url), undefined);
    boxes = boxesOnPage(page);
    expect([...boxes.keys()]).toEqual(PRODUCTS);
  });

  /** Approves with these boxes ticked; the gated operations the token is refused. */
  async function withheldWhenTicked(ticked: string[]): Promise<string[]> {
    // A key of its own for each approval: one key may sign in 10 times a minute.
    const key = await svc.createKey(['basic_chart', 'advanced_chart', 'sage_api']);
    const { token } = await signIn(await registeredClientId(svc.url), undefined, approveWith(key, ticked));
    expect(token.scope).toBe(ticked.join(' '));
    const withheld: string[] = [];
    for (const op of GATED) {
      const status = await statusOf(token.access_token!, op);
      expect([403, 400, 200], `${op.name}: ${status}`).toContain(status);
      if (status === 403) withheld.push(op.name);
    }
    return withheld;
  }

  const namedBy = (products: string[]) =>
    new Set(products.flatMap((p) => boxes.get(p)!.map((op) => op.name)));

  it.each(['basic_chart', 'advanced_chart', 'sage_api'])(
    'only %s ticked: the token reaches what it names',
    async (p) => {
      const named = namedBy([p]);
      expect(named.size).toBeGreaterThan(0);
      expect(await withheldWhenTicked([p])).toEqual(GATED.map((op) => op.name).filter((n) => !named.has(n)));
    },
  );

  it.each([
    // BaZi and its pictures stay: advanced_chart names them too.
    ['basic_chart', []],
    [
      'advanced_chart',
      [
        'generate_chart',
        'generate_composite',
        'get_astrology_chart',
        'get_transits',
        'get_moon_transits',
        'get_transit_chart',
        'get_transit_periods',
        'get_eclipses',
        'get_retrogrades',
        'get_planetary_return',
        'multi_chart',
        'render_bodygraph_svg',
        'render_bodygraph_png',
        'render_wheel_svg',
        'render_wheel_png',
      ],
    ],
    ['sage_api', ['query_sage']],
  ])('%s unticked: exactly what it alone names is withheld', async (p, expected) => {
    const others = PRODUCTS.filter((o) => o !== p);
    const alone = [...namedBy([p])].filter((n) => !namedBy(others).has(n));
    expect(alone.sort()).toEqual([...expected].sort());
    expect((await withheldWhenTicked(others)).sort()).toEqual([...expected].sort());
  });
});
