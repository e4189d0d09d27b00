import { readFile } from 'node:fs/promises';
import type { AnyTool } from '../operations/types.js';
import { jsonSchema } from './openapi.js';
import type { RouteRow } from '../operations/routes.js';

/**
 * The playground at `GET /`: one self-contained page and its script (no build step, nothing fetched from elsewhere)
 * to try every tool in a browser. The visitor pastes a key (kept in this browser's localStorage
 * only), picks a tool, fills a form generated from the tool's input schema (places through a
 * type-ahead backed by GET /api/locations), and sees a readable summary, the picture where the tool
 * has one, the raw JSON and the same call as a curl command. Errors are shown as the API words them.
 */

/** Where the page loads its script from (playground-client.js, served as a file). */
export const PLAYGROUND_SCRIPT_PATH = '/playground.js';

/**
 * The Chart Han subset (data/fonts), for the Chinese characters the page writes as text (the BaZi
 * summary): the reader's system may have no CJK font. Its `unicode-range` keeps Latin text in the
 * system's face and the font unloaded until a Chinese character is shown.
 */
export const CJK_FONT_PATH = '/fonts/chart-han.otf';

/** The browser script, read from beside this module (src/reference or its build in dist/src/reference). */
export const playgroundScript = (): Promise<string> =>
  readFile(new URL('./playground-client.js', import.meta.url), 'utf8');

/** How the page sums an answer up: what a person looks for first in it. */
export type SummaryKind = 'hd' | 'astrology' | 'bazi' | 'series' | 'events' | 'sage' | 'generic';

/** What the page needs of one tool: its canonical REST route and input schema. */
export interface PlaygroundTool {
  name: string;
  title: string;
  description: string;
  method: 'GET' | 'POST';
  path: string;
  from: 'body' | 'query';
  schema: Record<string, unknown>;
  example: unknown;
  summary: SummaryKind;
  /** What a Run costs, in words. */
  cost: string;
  /** A route that draws this tool's answer as SVG from the same input, when there is one. */
  picture?: string;
}

/** Tools whose answers have a picture, and the route that draws it (present once rendering exists). */
const PICTURE_ROUTES: Record<string, string> = {
  generate_chart: '/api/chart/bodygraph.svg',
  get_astrology_chart: '/api/astrology/wheel.svg',
  get_bazi_chart: '/api/bazi/chart.svg',
};

const SUMMARIES: Record<string, SummaryKind> = {
  generate_chart: 'hd',
  get_astrology_chart: 'astrology',
  get_bazi_chart: 'bazi',
  get_moon_transits: 'series',
  get_transits: 'series',
  get_transit_chart: 'series',
  get_transit_periods: 'events',
  get_eclipses: 'events',
  get_retrogrades: 'events',
  get_planetary_return: 'events',
  query_sage: 'sage',
};

const METER_WORDS = {
  chart: ['chart request', 'chart requests'],
  sage: ['SAGE response', 'SAGE responses'],
} as const;

/** A Run's cost in words, from the tool's meter and cost function (a cost without inputs is a constant). */
function costOf(tool: AnyTool, picture: boolean): string {
  if (!tool.meter || !tool.cost)
    return tool.access === 'public' ? 'Free, no key needed.' : 'Free with any key.';
  const [one, many] = METER_WORDS[tool.meter];
  const fixed = tool.cost.length === 0 ? tool.cost({} as never, undefined as never) : null;
  const price =
    fixed === null
      ? `${many} by what it asks for (see the description)`
      : `${fixed} ${fixed === 1 ? one : many}`;
  return (
    `A Run costs ${price}; the same call again is free while it is cached.` +
    (picture ? ' The picture after it is free: it draws the chart the Run paid for.' : '')
  );
}

/** Presentational fields (MCP's `image`) do nothing on REST, where the page calls the tool: no form field. */
function withoutFields(schema: ReturnType<typeof jsonSchema>, fields: readonly string[]) {
  if (!fields.length) return schema;
  const properties = { ...(schema.properties as Record<string, unknown>) };
  for (const f of fields) delete properties[f];
  return { ...schema, properties };
}

export function playgroundTools(routes: readonly RouteRow[], tools: readonly AnyTool[]): PlaygroundTool[] {
  const paths = new Set(routes.map((r) => `${r.method} ${r.path}`));
  return tools.flatMap((tool) => {
    const row = routes.find((r) => r.op === tool && !r.aliasOf);
    if (!row) return [];
    const route = PICTURE_ROUTES[tool.name];
    const picture = route && (paths.has(`POST ${route}`) || paths.has(`GET ${route}`)) ? route : undefined;
    return [
      {
        name: tool.name,
        title: tool.title,
        description: tool.description,
        method: row.method,
        path: row.path,
        from: row.binding.from,
        schema: withoutFields(jsonSchema(tool.input, 'input'), tool.presentational ?? []),
        example: tool.example,
        summary: SUMMARIES[tool.name] ?? 'generic',
        cost: costOf(tool, picture !== undefined),
        ...(picture ? { picture } : {}),
      },
    ];
  });
}

/** `</script>` and friends cannot end the inline data block. */
const inlineJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

export function renderPlayground(tools: readonly PlaygroundTool[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Chart service playground</title>
<style>${STYLE}</style>
</head>
<body>
<header>
  <h1>Chart service playground</h1>
  <p>Try every tool with your API key. The key stays in this browser. <a href="/docs">API reference</a></p>
</header>
<main>
  <section class="panel" aria-labelledby="key-label">
    <label id="key-label" for="api-key">API key</label>
    <div class="row">
      <input id="api-key" type="password" autocomplete="off" spellcheck="false" placeholder="csk_…">
      <button type="button" id="forget-key" class="secondary">Forget</button>
    </div>
    <label for="tool">Tool</label>
    <select id="tool"></select>
    <p id="tool-description" class="hint"></p>
    <p id="tool-cost" class="hint cost"></p>
  </section>
  <form id="form" class="panel" novalidate>
    <div id="fields"></div>
    <fieldset id="picture-options" hidden>
      <legend>Picture</legend>
      <div id="picture-fields"></div>
    </fieldset>
    <div class="row">
      <button type="submit" id="submit">Run</button>
      <button type="button" id="fill-example" class="secondary">Fill with the example</button>
    </div>
  </form>
  <section id="result" class="panel" aria-live="polite" hidden>
    <h2 id="result-title" tabindex="-1">Result</h2>
    <div id="error" class="error" role="alert" hidden></div>
    <div id="summary"></div>
    <div id="picture" hidden></div>
    <details id="raw-box"><summary>Raw JSON</summary><pre id="raw"></pre></details>
    <h3>The same call with curl</h3>
    <pre id="curl"></pre>
  </section>
</main>
<script id="tools" type="application/json">${inlineJson(tools)}</script>
<script type="module" src="${PLAYGROUND_SCRIPT_PATH}"></script>
</body>
</html>`;
}

const STYLE = `
@font-face { font-family: 'Chart Han'; src: url(${CJK_FONT_PATH}) format('opentype');
  unicode-range: U+2E80-9FFF; font-display: swap; }
:root { color-scheme: light dark; --fg: #1d2330; --bg: #f6f7fb; --panel: #fff; --line: #d6dae4;
  --accent: #3a5bd9; --muted: #5b6475; --bad: #b42318; }
@media (prefers-color-scheme: dark) { :root { --fg: #e7e9ef; --bg: #12151c; --panel: #1b202b;
  --line: #2f3646; --accent: #8aa2ff; --muted: #a3abbd; --bad: #ff8a80; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.45 'Chart Han', system-ui, sans-serif; color: var(--fg); background: var(--bg); }
header, main { max-width: 960px; margin: 0 auto; padding: 0 16px; }
header p { color: var(--muted); margin-top: 0; }
a { color: var(--accent); }
.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 16px;
  margin: 0 0 16px; }
label { display: block; font-weight: 600; margin: 10px 0 4px; }
input, select, textarea { width: 100%; font: inherit; padding: 8px 10px; border: 1px solid var(--line);
  border-radius: 8px; background: var(--bg); color: var(--fg); }
textarea { min-height: 8em; font-family: 'Chart Han', ui-monospace, monospace; font-size: 14px; }
.row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin-top: 12px; }
.row input { flex: 1 1 220px; width: auto; }
button { font: inherit; padding: 8px 16px; border-radius: 8px; border: 1px solid var(--accent);
  background: var(--accent); color: #fff; cursor: pointer; }
button.secondary { background: transparent; color: var(--accent); }
button:disabled { opacity: .6; cursor: progress; }
.hint { color: var(--muted); font-size: 14px; margin: 4px 0 0; }
.field { position: relative; }
.check { display: flex; gap: 8px; align-items: center; font-weight: 600; margin: 12px 0 4px; }
.check input { width: auto; }
[role="listbox"] { position: absolute; z-index: 5; left: 0; right: 0; margin: 2px 0 0; padding: 4px 0;
  list-style: none; background: var(--panel); border: 1px solid var(--line); border-radius: 8px;
  max-height: 260px; overflow: auto; box-shadow: 0 6px 18px rgba(0,0,0,.15); }
[role="option"] { padding: 6px 10px; cursor: pointer; }
[role="option"][aria-selected="true"], [role="option"]:hover { background: var(--accent); color: #fff; }
.error { color: var(--bad); border: 1px solid var(--bad); border-radius: 8px; padding: 10px; }
.error ul { margin: 6px 0 0; padding-left: 20px; }
pre { font-family: 'Chart Han', ui-monospace, monospace; overflow: auto; background: var(--bg); border: 1px solid var(--line); border-radius: 8px; padding: 10px;
  font-size: 13px; white-space: pre-wrap; word-break: break-word; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0 0 12px; }
dt { color: var(--muted); }
dd { margin: 0; }
.cost { font-weight: 600; }
fieldset { border: 1px solid var(--line); border-radius: 8px; margin: 16px 0 0; padding: 4px 12px 12px; }
legend { font-weight: 600; padding: 0 4px; }
[aria-invalid="true"] { border-color: var(--bad); outline: 2px solid var(--bad); }
.field-error { color: var(--bad); font-size: 14px; margin: 4px 0 0; }
.table-wrap { overflow-x: auto; margin: 0 0 12px; }
table { border-collapse: collapse; font-size: 14px; }
th, td { text-align: left; padding: 4px 10px 4px 0; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 600; }
.answer { max-width: 70ch; }
.answer code { font-family: 'Chart Han', ui-monospace, monospace; font-size: 0.92em; }
#picture { margin: 12px 0; }
#picture img { max-width: 100%; height: auto; display: block; margin: 0 auto; border-radius: 8px; }
@media (max-width: 560px) { dl { grid-template-columns: 1fr; } dd { margin-bottom: 6px; } }
`;
