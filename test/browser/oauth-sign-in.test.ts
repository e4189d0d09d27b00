/**
 * The OAuth sign-in page in Chromium, as a person meets it: approved, denied and with a wrong key,
 * on a phone (390 px) and a desktop (1280 px) width, with screenshots in test-results/. The page
 * must fit the width without scrolling sideways, work without JavaScript (it has none), send the
 * browser back to the application's redirect URI with a code or `access_denied`, and refuse to be
 * framed (CSP frame-ancestors 'none', RFC 6749 section 10.13 clickjacking). A request without
 * `scope` (RFC 6749 section 3.3: the server's default, here every product) is approved like any
 * other: regression of issue 37, where it came back `access_denied`. Past the per-key
 * attempt limit the person reads the flow's own page naming that limit (issue 37: it was JSON).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_ATTEMPTS_PER_MINUTE } from '../../src/oauth/attempt-limits.js';
import { launchChromium } from '../helpers/browser.js';
import { authorizationUrl, exchange, pkcePair, REDIRECT_URI, registeredClientId } from '../helpers/oauth.js';
import { connectMcp } from '../helpers/mcp.js';
import { startService, type TestService } from '../helpers/service.js';

const OUT = join(import.meta.dirname, '..', '..', 'test-results');
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

let svc: TestService;
let browser: Browser;
let key: string;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  svc = await startService({ OAUTH_SIGN_IN_PER_MINUTE: '1000' });
  key = await svc.createKey(['basic_chart', 'advanced_chart']);
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await svc?.close();
});

/**
 * A page at this size, JavaScript off (the sign-in page needs none), whose navigations to the
 * application's redirect URI are answered here and recorded instead of leaving the machine;
 * `params` change the authorization request (undefined removes one).
 */
async function openSignIn(
  size: (typeof SIZES)[number],
  params: Record<string, string | undefined> = {},
): Promise<{ page: Page; callbacks: URL[]; clientId: string; verifier: string }> {
  const page = await browser.newPage();
  await page.setViewport({ width: size.width, height: size.height });
  await page.setJavaScriptEnabled(false);
  const callbacks: URL[] = [];
  await page.setRequestInterception(true);
  page.on('request', (req) => {
    if (req.url().startsWith(REDIRECT_URI)) {
      callbacks.push(new URL(req.url()));
      void req.respond({ status: 200, contentType: 'text/plain', body: 'back at the application' });
    } else void req.continue();
  });
  const clientId = await registeredClientId(svc.url);
  const { verifier, challenge } = pkcePair();
  await page.goto(authorizationUrl(svc.url, clientId, challenge, params).href);
  await page.waitForSelector('#api_key');
  return { page, callbacks, clientId, verifier };
}

const fitsWidth = (page: Page) =>
  page.evaluate('document.documentElement.scrollWidth <= window.innerWidth') as Promise<boolean>;

describe.each(SIZES)('the sign-in page at $width px', (size) => {
  it('approved with the key: back at the application with a code', async () => {
    const { page, callbacks } = await openSignIn(size);
    try {
      expect(await fitsWidth(page)).toBe(true);
      expect(await page.$eval('h1', (h) => h.textContent)).toContain('Refusal test client');
      await page.screenshot({ path: join(OUT, `oauth-sign-in-${size.name}.png`), fullPage: true });
      await page.type('#api_key', key);
      await Promise.all([page.waitForNavigation(), page.click('button[value=approve]')]);
      expect(callbacks).toHaveLength(1);
      expect(callbacks[0]!.searchParams.get('code')).toMatch(/\S{20,}/);
      expect(callbacks[0]!.searchParams.get('state')).toBe('xyz');
    } finally {
      await page.close();
    }
  });

  it('denied: back at the application with access_denied', async () => {
    const { page, callbacks } = await openSignIn(size);
    try {
      await Promise.all([page.waitForNavigation(), page.click('button[value=deny]')]);
      expect(callbacks).toHaveLength(1);
      expect(callbacks[0]!.searchParams.get('error')).toBe('access_denied');
    } finally {
      await page.close();
    }
  });

  it('a wrong key: the page again, saying so, the field empty', async () => {
    const { page, callbacks } = await openSignIn(size);
    try {
      await page.type('#api_key', 'csk_a-key-typed-wrong');
      await Promise.all([page.waitForNavigation(), page.click('button[value=approve]')]);
      expect(callbacks).toHaveLength(0);
      expect(await page.$eval('.error', (e) => e.textContent)).toContain(
        'That API key is wrong or has been revoked',
      );
      expect(await page.$eval('#api_key', (e) => (e as unknown as { value: string }).value)).toBe('');
      expect(await fitsWidth(page)).toBe(true);
      await page.screenshot({ path: join(OUT, `oauth-sign-in-wrong-key-${size.name}.png`), fullPage: true });
    } finally {
      await page.close();
    }
  });
});

it('a request without scope: every box offered, and Approve gives a code whose token calls a tool', async () => {
  const { page, callbacks, clientId, verifier } = await openSignIn(SIZES[0], { scope: undefined });
  try {
    const boxes = await page.$$eval('input[name=scope]', (inputs) =>
      inputs.map((i) => [
        (i as unknown as { value: string }).value,
        (i as unknown as { checked: boolean }).checked,
      ]),
    );
    expect(boxes).toEqual([
      ['basic_chart', true],
      ['advanced_chart', true],
      ['sage_api', true],
    ]);
    await page.type('#api_key', key);
    await Promise.all([page.waitForNavigation(), page.click('button[value=approve]')]);
    expect(callbacks).toHaveLength(1);
    const code = callbacks[0]!.searchParams.get('code');
    expect(code, callbacks[0]!.href).toMatch(/\S{20,}/);
    const token = await exchange(svc.url, { clientId, code: code!, verifier });
    expect(token.status).toBe(200);
    // The key has basic_chart and advanced_chart: the grant is what was ticked and the key covers.
    expect(token.body.scope).toBe('basic_chart advanced_chart');
    const client = await connectMcp(svc.url, token.body.access_token!);
    try {
      const result = await client.callTool({
        name: 'get_bazi_chart',
        arguments: {
          birthDate: '1990-05-15',
          birthTime: '14:30',
          birthLocation: 'London, UK',
          gender: 'male',
        },
      });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    } finally {
      await client.close();
    }
  } finally {
    await page.close();
  }
});

it(`the ${KEY_ATTEMPTS_PER_MINUTE + 1}th attempt with one key in a minute: a page saying which limit, not JSON (issue 37)`, async () => {
  const { page, callbacks } = await openSignIn(SIZES[0]);
  try {
    const guessed = 'csk_the-same-guess-each-time';
    for (let i = 0; i < KEY_ATTEMPTS_PER_MINUTE; i++) {
      await page.type('#api_key', guessed);
      await Promise.all([page.waitForNavigation(), page.click('button[value=approve]')]);
    }
    await page.type('#api_key', guessed);
    const [answer] = await Promise.all([page.waitForNavigation(), page.click('button[value=approve]')]);
    expect(answer?.status()).toBe(429);
    expect(answer?.headers()['retry-after']).toMatch(/^\d+$/);
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Sign-in cannot continue');
    expect(await page.$eval('.error', (e) => e.textContent)).toContain(
      `Too many sign-in attempts with this key (each key is limited to ${KEY_ATTEMPTS_PER_MINUTE} attempts in any minute)`,
    );
    expect(await fitsWidth(page)).toBe(true);
    expect(callbacks).toHaveLength(0);
    await page.screenshot({ path: join(OUT, 'oauth-sign-in-key-limit-phone.png'), fullPage: true });
  } finally {
    await page.close();
  }
});

it('refuses to be framed by another page', async () => {
  const { page: signIn } = await openSignIn(SIZES[1]);
  const url = signIn.url();
  await signIn.close();
  const page = await browser.newPage();
  try {
    await page.setContent(`<iframe id="f" src="${url}" width="600" height="600"></iframe>`);
    await new Promise((r) => setTimeout(r, 1_000));
    const frame = page.frames().find((f) => f !== page.mainFrame());
    // Chromium blocks the document (frame-ancestors 'none'): the frame holds none of the service's
    // pages (neither the form nor, without the sign-in cookie, the page saying it expired).
    const served = frame ? await frame.$('main').catch(() => null) : null;
    expect(served).toBeNull();
  } finally {
    await page.close();
  }
});
