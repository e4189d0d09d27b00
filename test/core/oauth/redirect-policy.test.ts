/**
 * The one redirect rule every OAuth client meets (registration, client ID metadata documents,
 * operator clients). Expected verdicts from the RFCs:
 * - https anywhere, and plain http only on a loopback address, any port (RFC 8252 section 7.3; the
 *   MCP authorization spec's "localhost or HTTPS");
 * - private-use schemes in reverse-domain form (RFC 8252 section 7.1; its own example
 *   `com.example.app:/oauth2redirect/example-provider`); a scheme without a dot refused (section
 *   8.4's SHOULD), except the named desktop host `cursor:` (Cursor's documented callback);
 * - never a fragment (RFC 6749 section 3.1.2), never a scheme that runs or reads something in the
 *   browser (`javascript:`, `data:`, `file:` ...).
 * Regression (issue 37): `app://callback` and `http://<remote host>/cb` were accepted from metadata
 * documents.
 */
import { describe, expect, it } from 'vitest';
import { classifyRedirect, redirectRefusal } from '../../../src/oauth/redirect-policy.js';

describe('accepted redirect URIs', () => {
  it.each([
    ['https://claude.ai/api/mcp/auth_callback', 'https'],
    ['https://app.example:8443/cb?x=1', 'https'],
    ['http://127.0.0.1:53682/callback', 'loopback'],
    ['http://127.0.0.1/callback', 'loopback'],
    ['http://[::1]:8080/cb', 'loopback'],
    ['http://localhost:8787/callback', 'loopback'],
    ['com.example.app:/oauth2redirect/example-provider', 'private-use'],
    ['com.example.app://callback', 'private-use'],
    ['cursor://anysphere.cursor-mcp/oauth/callback', 'private-use'],
  ])('%s is %s', (uri, kind) => {
    expect(classifyRedirect(uri)).toEqual({ kind });
    expect(redirectRefusal(uri)).toBeNull();
  });
});

describe('refused redirect URIs, each naming the URI and why', () => {
  it.each([
    ['app://callback', 'app: is a private-use scheme without a dot'],
    ['myapp:/cb', 'myapp: is a private-use scheme without a dot'],
    ['vscode://callback', 'vscode: is a private-use scheme without a dot'],
    ['http://evil.example/cb', 'plain http is allowed only on a loopback address'],
    ['http://192.168.1.10:8080/cb', 'plain http is allowed only on a loopback address'],
    ['http://127.0.0.1.evil.example/cb', 'plain http is allowed only on a loopback address'],
    ['javascript:alert(1)', 'a javascript: URI never receives a redirect'],
    ['data:text/html,<script>alert(1)</script>', 'a data: URI never receives a redirect'],
    ['file:///etc/passwd', 'a file: URI never receives a redirect'],
    ['vbscript:msgbox', 'a vbscript: URI never receives a redirect'],
    ['https://app.example/cb#frag', 'it has a fragment (#)'],
    ['https://app.example/cb#', 'it has a fragment (#)'],
    ['com.example.app:/cb#x', 'it has a fragment (#)'],
    ['/relative/callback', 'it is not an absolute URI'],
  ])('%s: %s', (uri, why) => {
    expect(classifyRedirect(uri)).toEqual({ refused: expect.stringContaining(why) });
    const refusal = redirectRefusal(uri)!;
    expect(refusal.startsWith(`${uri} is not allowed: `)).toBe(true);
    expect(refusal).toContain('com.example.app:/callback');
  });
});
