import { pageShell } from './page-shell.js';
import { escapeHtml } from './html.js';

/** What to do after a request the application made that cannot be accepted. */
const TELL_THE_APPLICATION = `The application that sent you here made a request this service cannot accept. Close this page and
try connecting again from the application; if it keeps happening, tell its developer the error above.`;

/** What to do after the sign-in limits refused a request: wait, then go on where the person was. */
export const WAIT_AND_RETRY = `Nothing is wrong with the application. Wait for the time above, then go back and try again;
if the application has stopped waiting, start connecting again from it.`;

/**
 * What the browser shows when the sign-in cannot go on: an authorization request that cannot be
 * sent back to the client safely (unknown client, redirect URI not registered, bad parameters), or
 * a refusal of the sign-in page itself (its limits); the error named, never a redirect.
 */
export function renderErrorPage(error: string, description: string, advice = TELL_THE_APPLICATION): string {
  return pageShell(
    'Sign-in cannot continue',
    `<h1>Sign-in cannot continue</h1>
<p class="error"><strong>${escapeHtml(error)}</strong>: ${escapeHtml(description)}</p>
<p>${escapeHtml(advice)}</p>`,
  );
}
