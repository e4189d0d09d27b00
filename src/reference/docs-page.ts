import type * as z from 'zod';
import { ERROR_CODES } from '../core/errors.js';
import type { AnyResource } from '../resources/index.js';
import { ACCESS_LABEL, type AnyTool } from '../operations/types.js';
import { jsonSchema } from './openapi.js';
import type { RouteRow } from '../operations/routes.js';
import { HTTP_STATUS } from '../core/errors.js';

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Schema = {
  type?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  items?: Schema;
  description?: string;
  $ref?: string;
};

function typeLabel(s: Schema): string {
  if (s.$ref) return s.$ref.split('/').pop() ?? 'object';
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.anyOf) return s.anyOf.map(typeLabel).join(' | ');
  if (s.type === 'array' && s.items) return `${typeLabel(s.items)}[]`;
  return typeof s.type === 'string' ? s.type : 'object';
}

function fieldsTable(schema: z.ZodObject, io: 'input' | 'output'): string {
  const js = jsonSchema(schema, io) as { properties?: Record<string, Schema>; required?: string[] };
  const rows = Object.entries(js.properties ?? {}).map(
    ([name, s]) =>
      `<tr><td><code>${esc(name)}</code></td><td>${esc(typeLabel(s))}</td><td>${(js.required ?? []).includes(name) ? 'yes' : ''}</td><td>${esc(s.description ?? '')}</td></tr>`,
  );
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Meaning</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/**
 * Stands for the scheme and host the page is served from; the page is rendered once and the
 * request's own base URL is put in at each request, so pasted examples reach the same server.
 */
const BASE_URL = '\u0000BASE_URL\u0000';

/** The environment variable the examples read the key from (as in the README). */
const KEY_VAR = 'CHART_KEY';

/** A shell word in single quotes: nothing inside is expanded; a quote inside is closed and escaped. */
const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** The Authorization header in double quotes, so that the shell expands the key variable. */
const AUTH_HEADER = `-H "Authorization: Bearer $${KEY_VAR}"`;

function curlExample(row: RouteRow): string {
  const example = (row.op.example ?? {}) as Record<string, unknown>;
  const auth = row.op.access === 'public' ? '' : ` \\\n  ${AUTH_HEADER}`;
  // A picture goes to a file named like the path's last part (bytes do not belong on a terminal).
  const out = row.op.produces ? ` -o ${row.path.slice(row.path.lastIndexOf('/') + 1)}` : '';
  if (row.binding.from === 'query') {
    const params = new URLSearchParams(
      Object.entries(example).map(([k, v]): [string, string] => [k, String(v)]),
    );
    const qs = params.size ? `?${params}` : '';
    return `curl -s${out} ${shellQuote(`${BASE_URL}${row.path}${qs}`)}${auth}`;
  }
  return (
    `curl -s${out} -X POST ${shellQuote(`${BASE_URL}${row.path}`)}${auth} \\\n` +
    `  -H 'Content-Type: application/json' \\\n  -d ${shellQuote(JSON.stringify(example))}`
  );
}

function mcpExample(tool: AnyTool): string {
  const call = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: tool.name, arguments: tool.example },
  };
  return (
    `curl -s ${shellQuote(`${BASE_URL}/mcp`)} ${AUTH_HEADER} \\\n` +
    `  -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \\\n` +
    `  -d ${shellQuote(JSON.stringify(call))}`
  );
}

/** `protocol://host` of a request, or the default address when the Host header is not a plain host. */
export function docsBaseUrl(protocol: string, host: string | undefined): string {
  const plainHost = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
  if (!host || !plainHost.test(host) || (protocol !== 'http' && protocol !== 'https')) {
    return 'http://127.0.0.1:3000';
  }
  return `${protocol}://${host}`;
}

/**
 * The human-readable API reference served at /docs, generated from the registry; no external assets.
 * Returns the page for a base URL (see docsBaseUrl); the rendering itself happens once.
 */
export function renderDocsPage(
  routes: readonly RouteRow[],
  tools: readonly AnyTool[],
  resources: readonly AnyResource[],
): (baseUrl: string) => string {
  const parts = docsHtml(routes, tools, resources).split(BASE_URL);
  return (baseUrl) => parts.join(esc(baseUrl));
}

function docsHtml(
  routes: readonly RouteRow[],
  tools: readonly AnyTool[],
  resources: readonly AnyResource[],
): string {
  const toolNames = new Set(tools.map((t) => t.name));
  // The raw MCP example calls a free tool when there is one, so trying it costs nothing.
  const mcpTool = tools.find((t) => t.access === 'free') ?? tools[0];
  const canonical = routes.filter((r) => !r.aliasOf);
  const aliases = routes.filter((r) => r.aliasOf);
  const sections = canonical.map((row) => {
    const op = row.op;
    const own = aliases.filter((a) => a.op === op && a.aliasOf === row.path);
    return `<section id="${esc(op.name)}">
<h3><span class="m">${row.method}</span> <code>${esc(row.path)}</code> — ${esc(op.title)}</h3>
<p>${esc(op.description)}</p>
<p class="facts">${toolNames.has(op.name) ? `MCP tool <code>${esc(op.name)}</code> · ` : ''}Access: ${esc(ACCESS_LABEL[op.access])} · ${op.meter ? `Meter: ${op.meter}` : 'Not metered'} · Input from the ${row.binding.from === 'body' ? 'JSON body' : 'query string'}</p>
${own.length ? `<p>Legacy aliases: ${own.map((a) => `<code>${a.method} ${esc(a.path)}</code>${Object.keys(a.fixedQuery).length ? ` (implies ${esc(new URLSearchParams({ ...a.fixedQuery }).toString())})` : ''}`).join(', ')}</p>` : ''}
<h4>Input</h4>${fieldsTable(op.input, 'input')}
${'shape' in op.output ? `<h4>Result${row.binding.envelope === 'flat' ? ' (fields beside <code>success</code>)' : ' (<code>data</code>)'}</h4>${fieldsTable(op.output as z.ZodObject, 'output')}` : ''}
<h4>Example</h4><pre>${esc(curlExample(row))}</pre>
</section>`;
  });
  const errorRows = ERROR_CODES.map(
    (c) => `<tr><td><code>${c}</code></td><td>${HTTP_STATUS[c]}</td></tr>`,
  ).join('');
  const resourceList = resources.length
    ? `<ul>${resources.map((r) => `<li><code>${esc(r.uri)}</code> — ${esc(r.description)}</li>`).join('')}</ul>`
    : '<p>None yet.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>API reference — chart calculation and knowledge service</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:1000px;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f4f4f6;padding:.75rem;overflow:auto}
table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
@media (max-width:600px){table,tbody,tr,td{display:block}thead{display:none}tr{border-top:1px solid #ddd;padding:.4rem 0}td{border:0;padding:0}
td:nth-child(2),td:nth-child(3){display:inline;color:#555;margin-right:.6rem}td:nth-child(3):not(:empty)::before{content:"required: "}}
section{border-top:1px solid #ccc;margin-top:1.5rem}.m{background:#0b6;color:#fff;padding:0 .4rem;border-radius:3px;font-size:12px}.facts{color:#555}
</style></head><body>
<h1>API reference</h1>
<p>Every request carries <code>Authorization: Bearer &lt;key&gt;</code>. Bodies are JSON (<code>Content-Type: application/json</code>).
Success: <code>{"success": true, "meta"?: {...}, "data": {...}}</code>; errors: <code>{"success": false, "error": {"code", "message", "details"?}}</code>.
Every response carries <code>X-Queue-Wait-Ms</code>; cached results carry <code>X-Cache: HIT</code> and cost nothing.
The machine-readable description is <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).
To try the tools in this browser, open the <a href="/">playground</a>.</p>
<p>The examples read the key from an environment variable: <code>export ${KEY_VAR}=csk_…</code> (the key the first start printed, or one from <code>npm run keys -- create</code>).</p>
<h2>MCP</h2>
<p>MCP clients connect to <code>POST /mcp</code> (Streamable HTTP, stateless) with the same Bearer header.
Tools: ${tools.map((t) => `<a href="#${esc(t.name)}"><code>${esc(t.name)}</code></a>`).join(', ')}.</p>
${mcpTool ? `<p>A raw <code>tools/call</code> (the answer is one JSON-RPC response in a JSON body):</p><pre>${esc(mcpExample(mcpTool))}</pre>` : ''}
<h3>Resources</h3>${resourceList}
<h2>Endpoints</h2>
${sections.join('\n')}
<h2>Errors</h2><table><thead><tr><th>code</th><th>HTTP status</th></tr></thead><tbody>${errorRows}</tbody></table>
<p>Location data: GeoNames (CC BY 4.0), places with at least 1,000 inhabitants.</p>
</body></html>`;
}
