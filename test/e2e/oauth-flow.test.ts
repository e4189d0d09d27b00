/**
 * An MCP host connects through OAuth with nothing set up in advance, driven by the official
 * TypeScript SDK client's OAuth support (`OAuthClientProvider`, `auth`): the 401 and its challenge,
 * discovery (RFC 9728 protected resource metadata, RFC 8414 authorization server metadata),
 * dynamic registration (RFC 7591), the authorization code with PKCE S256 (RFC 7636) and the
 * resource indicator (RFC 8707), the sign-in form submitted as a browser does, the token, MCP
 * calls charged to the key, refresh with rotation, revocation (RFC 7009).
 *
 * Sources of the expected values: the MCP authorization spec (2025-11-25) for the discovery
 * fields and the challenge; RFC 9728 section 3.1 for the metadata path of /mcp; RFC 8414 section 2
 * for the metadata fields; the units a generate_chart call charges are the service's own
 * (test/e2e/chart-metering.test.ts charges 1 unit per uncached chart with an API key).
 */
import { auth, type Client, UnauthorizedError } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveWith, Browser, MemoryOAuthProvider, oauthClient, signInAsPerson } from '../helpers/oauth.js';
import { startService, type TestService } from '../helpers/service.js';

const CHART_ARGS = {
  birthDate: '1990-05-15',
  birthTime: '14:30',
  birthLocation: 'London, UK',
};

let svc: TestService;
beforeAll(async () => {
  // Every lookup fresh, so a revocation shows at once (the cache delay is tested with keys in mcp.test.ts).
  svc = await startService({ KEY_CACHE_MS: '0' });
}, 60_000);
afterAll(async () => svc?.close());

/** Registration, sign-in as a person with this key, and the code exchanged: a connected provider. */
async function connectThroughOAuth(key: string, scopes?: string[]) {
  const provider = new MemoryOAuthProvider();
  const first = oauthClient(svc.url, provider);
  await expect(first.client.connect(first.transport)).rejects.toThrow(UnauthorizedError);
  expect(provider.authorizationUrl).toBeDefined();
  const { callback, page, pageHtml } = await signInAsPerson(
    new Browser(),
    provider.authorizationUrl!,
    approveWith(key, scopes),
  );
  if (!callback) console.log(page.status, /class="error"[^<]*/.exec(pageHtml)?.[0]);
  expect(callback?.searchParams.get('state')).toBe(provider.expectedState);
  await first.transport.finishAuth(callback!.searchParams);
  const second = oauthClient(svc.url, provider);
  await second.client.connect(second.transport);
  return { provider, client: second.client };
}

interface UsageAnswer {
  key: { id: string; products: string[] };
  usage: { chart: number; sage: number };
}
/** GET /api/usage with a key or a token: the key's own month. */
const usageWith = async (bearer: string): Promise<UsageAnswer> => {
  const res = await fetch(`${svc.url}/api/usage`, { headers: { Authorization: `Bearer ${bearer}` } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as UsageAnswer & { data?: UsageAnswer };
  return body.data ?? body;
};

describe('discovery', () => {
  it('a 401 on /mcp points at the protected resource metadata, which names this service as authorization server', async () => {
    const res = await fetch(`${svc.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    });
    expect(res.status).toBe(401);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(res.headers.get('www-authenticate') ?? '')?.[1];
    expect(metadataUrl).toBe(`${svc.url}/.well-known/oauth-protected-resource/mcp`);
    for (const url of [metadataUrl!, `${svc.url}/.well-known/oauth-protected-resource`]) {
      expect(await (await fetch(url)).json()).toEqual({
        resource: `${svc.url}/mcp`,
        authorization_servers: [svc.url],
        scopes_supported: ['basic_chart', 'advanced_chart', 'sage_api'],
        bearer_methods_supported: ['header'],
        resource_name: 'Chart calculation and knowledge service',
        resource_documentation: `${svc.url}/docs`,
      });
    }
    const rest = await fetch(`${svc.url}/api/usage`);
    expect(rest.status).toBe(401);
    expect(rest.headers.get('www-authenticate')).toContain(`resource_metadata="${metadataUrl}"`);
  });

  it('authorization server metadata at the RFC 8414 and OpenID paths', async () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      const meta = (await (await fetch(`${svc.url}${path}`)).json()) as Record<string, unknown>;
      expect(meta).toMatchObject({
        issuer: svc.url,
        authorization_endpoint: `${svc.url}/oauth/authorize`,
        token_endpoint: `${svc.url}/oauth/token`,
        registration_endpoint: `${svc.url}/oauth/register`,
        revocation_endpoint: `${svc.url}/oauth/revoke`,
        code_challenge_methods_supported: ['S256'],
        client_id_metadata_document_supported: true,
        response_types_supported: ['code'],
      });
      expect(meta.grant_types_supported).toEqual(
        expect.arrayContaining(['authorization_code', 'refresh_token']),
      );
      expect(meta.token_endpoint_auth_methods_supported).toContain('none');
    }
  });
});

describe('the whole flow through the SDK client', () => {
  let client: Client;
  let provider: MemoryOAuthProvider;
  let key: string;

  beforeAll(async () => {
    key = await svc.createKey(['basic_chart', 'advanced_chart']);
    ({ client, provider } = await connectThroughOAuth(key));
  }, 60_000);
  afterAll(async () => client?.close());

  it('registered itself dynamically and got a short-lived bearer token and a refresh token', () => {
    expect(provider.client?.client_id).toMatch(/\S{10,}/);
    expect(provider.saved).toMatchObject({ token_type: expect.stringMatching(/^bearer$/i) });
    expect(provider.saved!.expires_in).toBeGreaterThan(0);
    expect(provider.saved!.expires_in).toBeLessThanOrEqual(3600);
    expect(provider.saved!.refresh_token).toBeTruthy();
    expect(provider.saved!.scope!.split(' ').sort()).toEqual(['advanced_chart', 'basic_chart']);
  });

  it('lists the tools and runs a charged call; the units count against the key that signed in', async () => {
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain('generate_chart');
    expect((await usageWith(key)).usage.chart).toBe(0);
    const result = await client.callTool({
      name: 'generate_chart',
      arguments: { ...CHART_ARGS, birthTime: '09:11' },
    });
    expect(result.isError).toBeFalsy();
    expect((result._meta as { units?: number } | undefined)?.units).toBe(1);
    expect((await usageWith(key)).usage.chart).toBe(1);
  });

  it('the same token works on REST, as the key (narrowed to its scopes)', async () => {
    const viaToken = await usageWith(provider.saved!.access_token);
    const viaKey = await usageWith(key);
    expect(viaToken.key.id).toBe(viaKey.key.id);
    expect(viaToken.usage.chart).toBe(1);
  });

  it('refreshes (the refresh token rotates), and the old refresh token then revokes the family', async () => {
    const old = provider.saved!;
    // Past the second of the sign-in, so a rotation that restarted the lifetime would show.
    await new Promise((r) => setTimeout(r, 1_100));
    const result = await auth(provider, { serverUrl: `${svc.url}/mcp` });
    expect(result).toBe('AUTHORIZED');
    const fresh = provider.saved!;
    expect(fresh.access_token).not.toBe(old.access_token);
    expect(fresh.refresh_token).not.toBe(old.refresh_token);
    // Rotation keeps the family's end (30 days from the sign-in), never extends it.
    const records = svc.service.deps.store.oauth;
    const expOf = async (token: string) => (await records.find('RefreshToken', token))!.exp as number;
    expect(await expOf(fresh.refresh_token!)).toBe(await expOf(old.refresh_token!));
    const mcpWith = (token: string) =>
      fetch(`${svc.url}/api/usage`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await mcpWith(fresh.access_token)).status).toBe(200);
    // The old refresh token again: refused, and every token of the family with it.
    const reuse = await fetch(`${svc.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: old.refresh_token!,
        client_id: provider.client!.client_id,
      }),
    });
    expect(reuse.status).toBe(400);
    expect(((await reuse.json()) as { error: string }).error).toBe('invalid_grant');
    const again = await fetch(`${svc.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: fresh.refresh_token!,
        client_id: provider.client!.client_id,
      }),
    });
    expect(again.status).toBe(400);
    expect((await mcpWith(fresh.access_token)).status).toBe(401);
  });
});

describe('revocation', () => {
  it('a revoked access token is refused, and a revoked refresh token too (RFC 7009)', async () => {
    const key = await svc.createKey(['basic_chart']);
    const { provider, client } = await connectThroughOAuth(key);
    await client.close();
    const token = provider.saved!.access_token;
    const revoke = await fetch(`${svc.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, client_id: provider.client!.client_id }),
    });
    expect(revoke.status).toBe(200);
    const call = await fetch(`${svc.url}/api/usage`, { headers: { Authorization: `Bearer ${token}` } });
    expect(call.status).toBe(401);
    const refresh = await fetch(`${svc.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: provider.saved!.refresh_token!,
        client_id: provider.client!.client_id,
      }),
    });
    expect(refresh.status).toBe(200);
    const reuse = await fetch(`${svc.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: provider.saved!.refresh_token!,
        client_id: provider.client!.client_id,
      }),
    });
    expect(reuse.status).toBe(400);
  });
});
