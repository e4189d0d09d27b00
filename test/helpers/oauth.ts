import { createHash, randomBytes } from 'node:crypto';
import {
  Client,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';

/** The loopback redirect an MCP host on the desktop registers (RFC 8252); nothing listens on it. */
export const REDIRECT_URI = 'http://127.0.0.1:53682/callback';

/**
 * An MCP host's OAuth state kept in memory, as the SDK asks a host to keep it: the registration,
 * the PKCE verifier, the tokens, and the authorization URL it would open in a browser.
 */
export class MemoryOAuthProvider implements OAuthClientProvider {
  client: StoredOAuthClientInformation | undefined;
  saved: StoredOAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  readonly expectedState = `state-${Math.random().toString(36).slice(2)}`;

  constructor(
    private readonly metadata: Partial<OAuthClientMetadata> = {},
    readonly clientMetadataUrl?: string,
  ) {}

  get redirectUrl(): string {
    return REDIRECT_URI;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Test MCP host',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...this.metadata,
    };
  }
  state(): string {
    return this.expectedState;
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: StoredOAuthClientInformation) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: StoredOAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  discovery: OAuthDiscoveryState | undefined;
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** A browser's cookie jar over fetch: cookies kept by name, redirects not followed. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

/** The sign-in page's form fields as the page renders them. */
export interface SignInForm {
  action: string;
  csrf: string;
  scopes: string[];
  html: string;
}

export function readSignInForm(html: string, base: string): SignInForm {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !csrf) throw new Error(`no sign-in form in:\n${html.slice(0, 500)}`);
  const scopes = [...html.matchAll(/name="scope" value="([^"]+)"/g)].map((m) => m[1]!);
  return { action: new URL(action.replace(/&amp;/g, '&'), base).href, csrf, scopes, html };
}

/**
 * What a person does in the browser: open the authorization URL, follow it to the sign-in page,
 * fill in the form and submit it, then follow the redirects until the one to the client's
 * redirect URI (`redirectUri`), whose query is returned (code, state, iss, or error).
 */
export async function signInAsPerson(
  browser: Browser,
  authorizationUrl: URL,
  fill: (form: SignInForm) => Record<string, string | string[]>,
  redirectUri = REDIRECT_URI,
): Promise<{ callback: URL | null; page: Response; pageHtml: string }> {
  let res = await browser.fetch(authorizationUrl);
  let url = authorizationUrl.href;
  while (res.status >= 300 && res.status < 400) {
    url = new URL(res.headers.get('location')!, url).href;
    res = await browser.fetch(url);
  }
  const html = await res.text();
  if (res.status !== 200) return { callback: null, page: res, pageHtml: html };
  const form = readSignInForm(html, url);
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fill(form))) for (const one of [v].flat()) body.append(k, one);
  res = await browser.fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  url = form.action;
  while (res.status >= 300 && res.status < 400) {
    const next = new URL(res.headers.get('location')!, url);
    if (next.href.startsWith(redirectUri)) return { callback: next, page: res, pageHtml: '' };
    url = next.href;
    res = await browser.fetch(url);
  }
  return { callback: null, page: res, pageHtml: await res.text() };
}

/** Approve with this key and every scope offered. */
export const approveWith =
  (key: string, scopes?: string[]) =>
  (form: SignInForm): Record<string, string | string[]> => ({
    csrf: form.csrf,
    api_key: key,
    scope: scopes ?? form.scopes,
    decision: 'approve',
  });

/** A new SDK client on /mcp with this OAuth provider (no header of its own). */
export function oauthClient(baseUrl: string, provider: OAuthClientProvider) {
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { authProvider: provider });
  const client = new Client({ name: 'oauth-test-host', version: '1.0.0' });
  return { client, transport };
}

/** PKCE (RFC 7636 section 4.1-4.2): a verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Dynamic registration (RFC 7591) of a public client; the raw answer. */
export async function register(baseUrl: string, metadata: Record<string, unknown> = {}): Promise<Response> {
  return fetch(`${baseUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Refusal test client',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...metadata,
    }),
  });
}

export async function registeredClientId(baseUrl: string): Promise<string> {
  const res = await register(baseUrl);
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { client_id: string }).client_id;
}

/** An authorization request URL; `params` overrides or removes (undefined) any parameter. */
export function authorizationUrl(
  baseUrl: string,
  clientId: string,
  challenge: string,
  params: Record<string, string | undefined> = {},
): URL {
  const url = new URL(`${baseUrl}/oauth/authorize`);
  const all: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'xyz',
    scope: 'basic_chart advanced_chart sage_api',
    resource: `${baseUrl}/mcp`,
    ...params,
  };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) url.searchParams.set(k, v);
  return url;
}

/** The token endpoint with a form body; status and JSON answer. */
export async function tokenRequest(
  baseUrl: string,
  form: Record<string, string>,
): Promise<{ status: number; body: Record<string, string> }> {
  const res = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

/**
 * A code issued to a newly registered client after the person approved with `key`: everything a
 * refusal test needs to then misuse it.
 */
export async function approvedCode(
  baseUrl: string,
  key: string,
  scopes?: string[],
): Promise<{ clientId: string; code: string; verifier: string }> {
  const clientId = await registeredClientId(baseUrl);
  const { verifier, challenge } = pkcePair();
  const { callback, page, pageHtml } = await signInAsPerson(
    new Browser(),
    authorizationUrl(baseUrl, clientId, challenge),
    approveWith(key, scopes),
  );
  const code = callback?.searchParams.get('code');
  if (!code)
    throw new Error(
      `no code: ${callback?.href ?? `${page.status} ${/class="error"[^<]*/.exec(pageHtml)?.[0]}`}`,
    );
  return { clientId, code, verifier };
}

/** The code exchanged as the client would (PKCE verifier, exact redirect URI). */
export const exchange = (baseUrl: string, c: { clientId: string; code: string; verifier: string }) =>
  tokenRequest(baseUrl, {
    grant_type: 'authorization_code',
    code: c.code,
    code_verifier: c.verifier,
    redirect_uri: REDIRECT_URI,
    client_id: c.clientId,
  });

/** Form fields as a URL-encoded body (a list gives the name once per value, as a browser sends boxes). */
export function formBody(fields: Record<string, string | string[]>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return body;
}

/**
 * A person's sign-in where each step may reach another service process behind one PUBLIC_URL: the
 * authorization request at `at.start`, the sign-in page at `at.page`, its form at `at.submit`, the
 * continuation at `at.resume` (base URLs); the code and its verifier.
 */
export async function codeAcross(
  publicUrl: string,
  at: { start: string; page: string; submit: string; resume: string },
  clientId: string,
  key: string,
): Promise<{ code: string; verifier: string }> {
  const on = (base: string, url: string) => {
    const u = new URL(url, publicUrl);
    return `${base}${u.pathname}${u.search}`;
  };
  const { verifier, challenge } = pkcePair();
  const browser = new Browser();
  const start = await browser.fetch(on(at.start, authorizationUrl(publicUrl, clientId, challenge).href));
  const page = await browser.fetch(on(at.page, start.headers.get('location')!));
  if (page.status !== 200) throw new Error(`sign-in page: ${page.status}`);
  const form = readSignInForm(await page.text(), publicUrl);
  const submitted = await browser.fetch(on(at.submit, form.action), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: formBody(approveWith(key)(form)),
  });
  const resumed = await browser.fetch(on(at.resume, submitted.headers.get('location')!));
  const code = new URL(resumed.headers.get('location') ?? 'x:').searchParams.get('code');
  if (!code) throw new Error(`no code after the sign-in: ${resumed.status}`);
  return { code, verifier };
}
