import type * as z from 'zod';
import { ERROR_CODES } from '../core/errors.js';
import type { AnyResource } from '../resources/index.js';
import { ACCESS_LABEL, type AnyTool } from '../operations/types.js';
import { jsonSchema } from './openapi.js';
import type { RouteRow } from './routes.js';
import { HTTP_STATUS } from '../core/errors.js';

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Schema = { type?: unknown; enum?: unknown[]; anyOf?: Schema[]; items?: Schema; description?: string };

function typeLabel(s: Schema): string {
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

function curlExample(row: RouteRow): string {
  const example = row.op.example as Record<string, unknown>;
  const auth = row.op.access === 'public' ? '' : " \\\n  -H 'Authorization: Bearer $KEY'";
  if (row.binding.from === 'query') {
    const qs = example
      ? `?${new URLSearchParams(Object.entries(example).map(([k, v]): [string, string] => [k, String(v)]))}`
      : '';
    return `curl -s 'http://127.0.0.1:3000${row.path}${qs}'${auth}`;
  }
  return `curl -s -X POST http://127.0.0.1:3000${row.path}${auth} \\\n  -H 'Content-Type: application/json' \\\n  -d '${JSON.stringify(example)}'`;
}

/** The human-readable API reference served at /docs, generated from the registry; no external assets. */
export function renderDocsPage(
  routes: readonly RouteRow[],
  tools: readonly AnyTool[],
  resources: readonly AnyResource[],
): string {
  const toolNames = new Set(tools.map((t) => t.name));
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
table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
section{border-top:1px solid #ccc;margin-top:1.5rem}.m{background:#0b6;color:#fff;padding:0 .4rem;border-radius:3px;font-size:12px}.facts{color:#555}
</style></head><body>
<h1>API reference</h1>
<p>Every request carries <code>Authorization: Bearer &lt;key&gt;</code>. Bodies are JSON (<code>Content-Type: application/json</code>).
Success: <code>{"success": true, "meta"?: {...}, "data": {...}}</code>; errors: <code>{"success": false, "error": {"code", "message", "details"?}}</code>.
Every response carries <code>X-Queue-Wait-Ms</code>; cached results carry <code>X-Cache: HIT</code> and cost nothing.
The machine-readable description is <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>
<h2>MCP</h2>
<p>MCP clients connect to <code>POST /mcp</code> (Streamable HTTP, stateless) with the same Bearer header.
Tools: ${tools.map((t) => `<a href="#${esc(t.name)}"><code>${esc(t.name)}</code></a>`).join(', ')}.</p>
<h3>Resources</h3>${resourceList}
<h2>Endpoints</h2>
${sections.join('\n')}
<h2>Errors</h2><table><thead><tr><th>code</th><th>HTTP status</th></tr></thead><tbody>${errorRows}</tbody></table>
<p>Location data: GeoNames (CC BY 4.0), places with at least 1,000 inhabitants.</p>
</body></html>`;
}
