/**
 * The MCP App's page (data/app/chart-view.html) is generated and committed, as the README tables are:
 * it must be exactly what `npm run build:app` (scripts/build-app.ts) writes from src/view and the
 * renderers, so a change to either that is not rebuilt fails here. The service serves the file as it
 * is (src/resources/chart_view.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildChartView, COMMAND, PAGE } from '../../scripts/build-app.js';

describe('chart view page', () => {
  it(`is what ${COMMAND} writes`, async () => {
    const built = await buildChartView();
    expect(readFileSync(PAGE, 'utf8') === built, `data/app/chart-view.html is stale: run ${COMMAND}`).toBe(
      true,
    );
  }, 60_000);

  it('carries the chart fonts metrics and no Node module', async () => {
    const page = readFileSync(PAGE, 'utf8');
    expect(page).toContain('unitsPerEm');
    expect(page).not.toMatch(/require\("(node:)?(fs|path|module)"\)/);
    // Well under the 100 KB-per-result budget of tool answers is not the goal: a host reads the page
    // once and keeps it. The bound catches a dependency pulled in by accident.
    expect(Buffer.byteLength(page)).toBeLessThan(600_000);
  });
});
