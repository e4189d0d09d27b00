import { createHash } from 'node:crypto';
import type { Res } from './http.js';

/**
 * Security headers of the pages the service serves itself (`/`, `/docs`, `/openapi.json`,
 * `/playground.js`). The playground keeps an API key in the browser's storage, so no other site may
 * frame it (clickjacking) and no script but its own file may run on it; the pages fetch nothing from
 * elsewhere, so the policy allows only this origin.
 */

/** Style blocks are allowed by their hash (CSP Level 2), so no inline script or style attribute runs. */
function styleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
}

/**
 * The Content-Security-Policy of an HTML page: its own scripts (files, never inline), its own style
 * blocks, pictures from this origin or made in the page (blob:), fonts and requests from this origin,
 * never framed.
 */
export function htmlPolicy(html: string): string {
  const styles = styleHashes(html);
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src ${styles.length ? styles.join(' ') : "'none'"}`,
    "img-src 'self' blob: data:",
    // The playground's CJK font (reference/playground.ts).
    "font-src 'self'",
    // blob: lets the page read back a picture it made (the browser tier checks the drawn chart so).
    "connect-src 'self' blob:",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Documents that are not pages (JSON, JavaScript): nothing may load from them, nobody may frame them. */
export const DOCUMENT_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Sets the page headers: the policy, no framing for older browsers, no referrer leaving the page. */
export function setPageSecurityHeaders(res: Res, policy: string): void {
  res.setHeader('Content-Security-Policy', policy);
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
}
