import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Resource } from './types.js';

/** The MCP Apps extension's media type of an HTML view (SEP-1865). */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';
export const CHART_VIEW_URI = 'ui://chart-service/chart-view.html';

/** The committed page (scripts/build-app.ts), from src/resources (tsx) or dist/src/resources (built). */
function pagePath(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const up of ['../../data/app', '../../../data/app']) {
    const file = join(resolve(here, up), 'chart-view.html');
    if (existsSync(file)) return file;
  }
  throw new Error(`data/app/chart-view.html not found above ${here}: run npm run build:app`);
}

let page: string | undefined;

/**
 * `ui://chart-service/chart-view.html`: the MCP App that draws a chart tool's result inside the chat
 * (the tools that draw a picture name it in `_meta.ui.resourceUri`). One self-contained page: its
 * script and style are inline and it loads nothing, so its declared CSP allows no outside origin.
 * Read from the committed file once; never bundled at request time.
 */
export const chartViewResource: Resource = {
  name: 'chart_view',
  uri: CHART_VIEW_URI,
  title: 'Interactive chart view',
  description:
    'MCP App (io.modelcontextprotocol/ui) for generate_chart, get_astrology_chart and get_bazi_chart: draws the ' +
    "result's chart; hover or tap a part for its explanation, switch the wheel's rings and the theme.",
  mimeType: APP_MIME_TYPE,
  meta: { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } },
  read: () => (page ??= readFileSync(pagePath(), 'utf8')),
};
