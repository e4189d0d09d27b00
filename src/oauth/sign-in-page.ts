import type { ProductName } from '../store/index.js';
import { escapeHtml } from './html.js';
import { pageShell } from './page-shell.js';
import { SIGN_IN_PATH } from './paths.js';
import { isPrivateUseRedirect } from './redirect-policy.js';
import { OPERATOR_CLIENT_PREFIX } from '../store/index.js';

/**
 * Who vouches for the application's name: the operator registered it, or a web site publishes its
 * metadata document (the site is its id), or it registered itself and only its redirect is known.
 */
export function clientOrigin(clientId: string): string {
  if (clientId.startsWith(OPERATOR_CLIENT_PREFIX)) return 'registered by the operator of this service';
  const site = clientId.startsWith('https://') ? URL.parse(clientId)?.host : undefined;
  if (site) return `identified by ${site}`;
  return 'registered itself: its name is not verified, check where it receives access';
}

export interface SignInView {
  uid: string;
  /** The anti-forgery value the form must send back (csrf.ts). */
  csrf: string;
  clientName: string;
  clientId: string;
  /** Where the browser goes after Approve or Deny. */
  redirectUri: string;
  /** The scopes the application asked for, each offered as a box the person may untick. */
  scopes: readonly ProductName[];
  /** What each box unlocks, in words (consent-text.ts). */
  consent: Readonly<Record<ProductName, string>>;
  /** The boxes ticked (all of them at first; what was sent after a failed attempt). */
  checked: readonly ProductName[];
  /** A message about the previous attempt (a wrong key), shown above the form. */
  problem?: string;
}

/**
 * Where the access goes, said plainly: the origin of a web redirect, or the scheme (and host) of an
 * application on the person's device.
 */
function destinationOf(uri: string): string {
  const url = URL.parse(uri);
  if (!url) return uri;
  const place = url.host ? `${url.protocol}//${url.host}` : url.protocol;
  return isPrivateUseRedirect(uri) ? `${place} (an application on this device)` : place;
}

/**
 * The sign-in and consent page: one server-rendered form, no script. The person proves who they
 * are with the API key the operator gave them, sees which application asks and where it sends the
 * answer, may narrow what it gets, and approves or denies.
 */
export function renderSignInPage(view: SignInView): string {
  const destination = destinationOf(view.redirectUri);
  const boxes = view.scopes
    .map(
      (s) =>
        `<label><input type="checkbox" name="scope" value="${s}"${view.checked.includes(s) ? ' checked' : ''}> <strong>${s}</strong>: ${escapeHtml(view.consent[s])}</label>`,
    )
    .join('\n');
  const problem = view.problem ? `<p class="error" role="alert">${escapeHtml(view.problem)}</p>` : '';
  return pageShell(
    `Connect ${view.clientName}`,
    `<h1>Connect “${escapeHtml(view.clientName)}” to the chart service</h1>
<p class="muted">Application: ${escapeHtml(view.clientId)} (${escapeHtml(clientOrigin(view.clientId))})<br>It will receive access at: ${escapeHtml(destination)}</p>
${problem}
<form method="post" action="${SIGN_IN_PATH}?uid=${encodeURIComponent(view.uid)}">
<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">
<label for="api_key">Your API key</label>
<input type="password" id="api_key" name="api_key" autocomplete="current-password" required>
<p class="muted">The key the operator of this service gave you. It is not shared with the application:
the application gets its own access, which you can end by revoking the key.</p>
<fieldset><legend>It will be able to</legend>
${boxes}
</fieldset>
<p class="muted">Usage by the application counts against this key's allowance.</p>
<div class="buttons">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</div>
</form>`,
  );
}
