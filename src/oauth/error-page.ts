import { pageShell } from './page-shell.js';
import { escapeHtml } from './html.js';

/**
 * What the browser shows when an authorization request cannot be sent back to the client safely
 * (unknown client, redirect URI not registered, bad parameters): the error named, never a redirect.
 */
export function renderErrorPage(error: string, description: string): string {
  return pageShell(
    'Sign-in cannot continue',
    `<h1>Sign-in cannot continue</h1>
<p class="error"><strong>${escapeHtml(error)}</strong>: ${escapeHtml(description)}</p>
<p>The application that sent you here made a request this service cannot accept. Close this page and
try connecting again from the application; if it keeps happening, tell its developer the error above.</p>`,
  );
}
