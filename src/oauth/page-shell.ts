import { escapeHtml } from './html.js';

/** One inline style block; the pages' CSP allows inline styles only (no script at all). */
const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1b1d21}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
h1{font-size:1.35rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input[type=password]{width:100%;box-sizing:border-box;padding:.6rem;font:inherit;border:1px solid #888;border-radius:6px}
fieldset{border:1px solid #ccd;border-radius:6px;margin:1rem 0;padding:.5rem 1rem}
fieldset label{font-weight:400;margin:.25rem 0}
.error{background:#fde8e8;border:1px solid #c53030;border-radius:6px;padding:.6rem;color:#8b1c1c}
.muted{color:#555;font-size:.9rem;overflow-wrap:anywhere}
.buttons{display:flex;gap:.75rem;margin-top:1.25rem}
button{flex:1;padding:.7rem;font:inherit;font-weight:600;border-radius:6px;border:1px solid #1b4fd8;cursor:pointer}
button[value=approve]{background:#1b4fd8;color:#fff}
button[value=deny]{background:#fff;color:#1b4fd8}
@media (max-width:480px){main{margin:0;border-radius:0;min-height:100vh}}
`;

/** A complete page of the sign-in flow around its body. */
export function pageShell(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

/** The headers of every page of the flow: never framed, never cached, nothing but its own styles. */
export const PAGE_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
};
