import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import { AppError, HTTP_STATUS } from '../core/errors.js';
import { HTML_TYPE, type Req, type Res, send } from '../http-bridge/http.js';
import { type ApiKeyRecord, hashKey, PRODUCTS, type ProductName } from '../store/index.js';
import { antiForgeryToken, isAntiForgeryToken } from './csrf.js';
import { renderErrorPage, WAIT_AND_RETRY } from './error-page.js';
import { fieldList, fieldValue, readForm } from './form-body.js';
import { PAGE_HEADERS } from './page-shell.js';
import { mcpResource } from './paths.js';
import { renderSignInPage, type SignInView } from './sign-in-page.js';

export interface SignInContext {
  provider: Provider;
  /** The shared secret the anti-forgery value is derived from. */
  secret: string;
  /** The active key for a presented secret, or null (store/keys.ts). */
  findKey: (key: string) => Promise<ApiKeyRecord | null>;
  /** Throws 429 rate_limited when this address or this key has tried too often (attempt-limits.ts). */
  limitAddress: (req: Req) => void;
  limitKey: (keyHash: string) => void;
  /** Logs a refused submission (the reason only: never the key sent). */
  refused: (reason: string) => void;
  /** What each product's box unlocks, in words (consent-text.ts). */
  consent: Readonly<Record<ProductName, string>>;
}

const sendPage = (res: Res, status: number, html: string) => {
  for (const [name, value] of Object.entries(PAGE_HEADERS)) res.setHeader(name, value);
  send(res, status, HTML_TYPE, html);
};

/**
 * The flow's refusals as its own page rather than the API's JSON: the sign-in limits (429 with
 * Retry-After, saying which limit) and a form the page cannot read. 5xx stay with the service's
 * error handling, which logs them.
 */
function answeredAsPage(run: (req: Req, res: Res) => Promise<void>) {
  return async (req: Req, res: Res): Promise<void> => {
    try {
      await run(req, res);
    } catch (e) {
      const status = e instanceof AppError ? HTTP_STATUS[e.code] : 500;
      if (!(e instanceof AppError) || status >= 500 || res.headersSent) throw e;
      if (e.retryAfter !== undefined) res.setHeader('Retry-After', String(e.retryAfter));
      const advice = e.code === 'rate_limited' ? WAIT_AND_RETRY : undefined;
      sendPage(res, status, renderErrorPage(e.code, e.message, advice));
    }
  };
}

const isProduct = (s: string): s is ProductName => (PRODUCTS as readonly string[]).includes(s);

/** The products the application asked for (all of them when it named none). */
function requestedScopes(details: Interaction): ProductName[] {
  const asked = String(details.params.scope ?? '')
    .split(' ')
    .filter(isProduct);
  return asked.length ? [...new Set(asked)] : [...PRODUCTS];
}

/** The interaction this browser is in, or the error page (expired, or the cookie is missing). */
async function interactionOf(ctx: SignInContext, req: Req, res: Res): Promise<Interaction | null> {
  try {
    return await ctx.provider.interactionDetails(req, res);
  } catch {
    sendPage(
      res,
      400,
      renderErrorPage(
        'invalid_request',
        'This sign-in has expired or was opened in another browser. Start connecting again from the application.',
      ),
    );
    return null;
  }
}

async function view(ctx: SignInContext, details: Interaction, checked?: ProductName[]): Promise<SignInView> {
  const clientId = String(details.params.client_id);
  const client = await ctx.provider.Client.find(clientId);
  const scopes = requestedScopes(details);
  return {
    uid: details.uid,
    csrf: antiForgeryToken(ctx.secret, details.uid),
    clientName: client?.clientName ?? clientId,
    clientId,
    redirectUri: String(details.params.redirect_uri ?? ''),
    scopes,
    consent: ctx.consent,
    checked: checked ?? scopes,
  };
}

/** GET: the page for the interaction this browser is in. */
export function signInPage(ctx: SignInContext) {
  return answeredAsPage(async (req, res) => {
    ctx.limitAddress(req);
    const details = await interactionOf(ctx, req, res);
    if (!details) return;
    sendPage(res, 200, renderSignInPage(await view(ctx, details)));
  });
}

/**
 * POST: the form. Anti-forgery first, then Deny (back to the application with `access_denied`), else
 * the key (a wrong or revoked one shows the page again with a message, within the attempt limits),
 * then the grant: the ticked scopes the key's products cover, bound to the MCP resource.
 */
export function signInSubmit(ctx: SignInContext) {
  return answeredAsPage(async (req, res) => {
    ctx.limitAddress(req);
    const form = await readForm(req, res);
    const details = await interactionOf(ctx, req, res);
    if (!details) return;
    if (!isAntiForgeryToken(ctx.secret, details.uid, form.csrf)) {
      ctx.refused('no anti-forgery field');
      sendPage(
        res,
        403,
        renderErrorPage(
          'invalid_request',
          'The form was not sent from this service’s own sign-in page. Reload the page and try again.',
        ),
      );
      return;
    }
    if (fieldValue(form.decision) === 'deny') {
      await ctx.provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The person declined the connection.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const ticked = fieldList(form.scope).filter(isProduct);
    const again = async (status: number, problem: string) =>
      sendPage(res, status, renderSignInPage({ ...(await view(ctx, details, ticked)), problem }));
    const presented = fieldValue(form.api_key).trim();
    if (!presented) return again(400, 'Enter your API key.');
    ctx.limitKey(hashKey(presented));
    const key = await ctx.findKey(presented);
    if (!key) {
      ctx.refused('wrong or revoked key');
      return again(401, 'That API key is wrong or has been revoked. Check it and try again.');
    }
    const requested = requestedScopes(details);
    const granted = ticked.filter((s) => requested.includes(s) && key.products.includes(s));
    if (!granted.length)
      return again(
        403,
        `Tick at least one thing the application may do that your key includes (your key has: ${key.products.join(', ') || 'no products'}).`,
      );
    const grantId = await saveGrant(ctx.provider, details, key, granted, requested);
    const returnTo = await ctx.provider.interactionResult(
      req,
      res,
      { login: { accountId: key.id }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    // After the result is saved: the library refuses a result whose session changed account.
    await moveSessionTo(ctx.provider, req, res, key.id);
    res.writeHead(303, { Location: returnTo, 'Content-Length': '0' }).end();
  });
}

/**
 * A browser that signed in with another key earlier (its session cookie, up to TOKEN_TTL.Session)
 * has its session moved to this key. Else the library would answer the sign-in with its own page
 * ending that session first: an auto-submitting form with inline script and no CSP, posting to a
 * logout endpoint this server does not serve. Sessions grant nothing here (every authorization asks
 * for a key), so nothing of the earlier key is lost.
 */
async function moveSessionTo(provider: Provider, req: Req, res: Res, accountId: string): Promise<void> {
  const session = await provider.Session.get(provider.createContext(req, res));
  if (!session.accountId || session.accountId === accountId) return;
  session.loginAccount({ accountId });
  session.authorizations = {};
  await session.persist();
}

/** The grant: the granted scopes on the MCP resource, the rest of what was asked marked refused. */
async function saveGrant(
  provider: Provider,
  details: Interaction,
  key: ApiKeyRecord,
  granted: readonly ProductName[],
  requested: readonly ProductName[],
): Promise<string> {
  const grant = new provider.Grant({ accountId: key.id, clientId: String(details.params.client_id) });
  const resource = mcpResource(provider.issuer);
  grant.addResourceScope(resource, granted.join(' '));
  const refused = requested.filter((s) => !granted.includes(s));
  if (refused.length) grant.rejectResourceScope(resource, refused.join(' '));
  // The library counts every scope of the request as its own too (the products are listed there so
  // registrations may name them): the same decision again, with the OpenID scopes a client may add
  // (it learns no identity but the key's id).
  const oidc = String(details.params.scope ?? '')
    .split(' ')
    .filter((s) => s === 'openid' || s === 'offline_access');
  grant.addOIDCScope([...granted, ...oidc].join(' '));
  if (refused.length) grant.rejectOIDCScope(refused.join(' '));
  return grant.save();
}
