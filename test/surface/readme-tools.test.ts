/**
 * The README's tables of what is served are generated from the registry, as github-mcp-server
 * generates its README tool docs from its inventory and fails CI when they drift: README.md must be
 * exactly what `npm run docs:readme` (scripts/readme-tools.ts) writes. The tools/list size in it is
 * measured in-process, built as the MCP endpoint builds it (test/e2e/snapshots.test.ts checks that
 * this equals the endpoint's answer byte for byte); no server is started here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMAND, costInWords, README, toolsSection, withToolsSection } from '../../scripts/readme-tools.js';
import { ENDPOINTS } from '../../src/endpoints/index.js';
import { TOOLS } from '../../src/tools/index.js';

describe('README tool table', () => {
  it(`is what ${COMMAND} writes`, async () => {
    const readme = readFileSync(README, 'utf8');
    const section = await toolsSection();
    expect(readme, `README.md's tool table is stale: run ${COMMAND}`).toBe(withToolsSection(readme, section));
    // One row per tool and per REST-only operation, in registry order.
    const rows = [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);
    expect(rows).toEqual([...TOOLS, ...ENDPOINTS].map((op) => op.name));
    expect(section).toMatch(/`tools\/list` answer is about \d+ KB/);
  });

  it('takes each cost from the description a model reads, checked against the meter', () => {
    const chart = TOOLS.find((t) => t.name === 'get_transits')!;
    expect(costInWords(chart)).toBe('1 chart request per started 24 points; repeats free');
    const free = TOOLS.find((t) => t.name === 'validate_location')!;
    expect(costInWords(free)).toBe('free');
    // A metered tool whose description names no cost, or the wrong unit, and a free one claiming one.
    expect(() => costInWords({ ...chart, description: 'Transits.' })).toThrow(
      /must say "Costs 1 chart request/,
    );
    expect(() => costInWords({ ...chart, description: 'Costs 1 SAGE response.' })).toThrow(/metered/);
    expect(() => costInWords({ ...free, description: 'Costs 1 chart request.' })).toThrow(/not metered/);
  });
});
