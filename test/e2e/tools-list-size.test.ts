/**
 * tools/list stays small: output schemas share their repeated sub-schemas through `$defs`/`$ref`
 * (zod `meta({ id })`, converted by the MCP SDK through zod's Standard JSON Schema) and are made lean
 * for a model's context (src/mcp/schemas.ts, whose rules test/surface/mcp-schemas.test.ts pins), every
 * inputSchema/outputSchema root stays `type: "object"`, and the whole tools/list result (as the
 * official SDK client receives it over HTTP) stays under a byte budget. Sources: MCP 2025-11-25
 * tools/list (inputSchema and outputSchema are JSON Schema objects), JSON Schema 2020-12 ($defs,
 * $ref); the sizes before and after are recorded in docs/decisions.md (Surfaces).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/tools/index.js';
import { startService, type TestService } from '../helpers/service.js';
import { connectMcp } from '../helpers/mcp.js';

/**
 * The budget for the whole tools/list result as the client receives it (compact JSON): 40,000 bytes
 * for all 14 tools. Measured: 89,423 bytes with every output schema shaped to its leaves, 39,793 with
 * the lean output schemas of src/mcp/schemas.ts (the answer's fields with their descriptions, their
 * own fields with names, types and vocabularies, deeper values by type) and the birth-field rules
 * written once, in generate_chart. The MCP App's `_meta.ui.resourceUri` on the three chart tools
 * added 204 bytes, paid for with shorter wordings: 39,810.
 * The budget is 43,008 for the four optional inputs of issue 38 together; get_bazi_chart's `date`
 * (its input, the `current` answer field and a sentence of the description) measured 40,402 (+592).
 * The sidereal zodiac of get_astrology_chart (zodiac, ayanamsa, data.zodiac) added 590 more,
 * get_transit_periods' optional birth (five fields with the shared brief texts, a sentence, the
 * `natal` answer field) 1,094, and synastry (person B's birthDate1 ... longitude1, data.synastry, a
 * sentence) 798: 42,884 bytes in all.
 */
const LIST_BUDGET_BYTES = 43_008;

type Schema = Record<string, unknown> & { $defs?: Record<string, unknown> };
let svc: TestService;
let listed: { tools: { name: string; inputSchema: Schema; outputSchema?: Schema }[] };

beforeAll(async () => {
  svc = await startService();
  const client = await connectMcp(svc.url, svc.key);
  listed = (await client.listTools()) as typeof listed;
  await client.close();
});
afterAll(() => svc?.close());

describe('tools/list', () => {
  it('lists every tool with object roots for input and output', () => {
    expect(listed.tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    for (const t of listed.tools) {
      expect(t.inputSchema.type, t.name).toBe('object');
      expect(t.outputSchema?.type, t.name).toBe('object');
    }
  });

  it('refers only to definitions each schema carries, and writes a shared one once', () => {
    const chart = listed.tools.find((t) => t.name === 'generate_chart')!.outputSchema!;
    // personality and design share one definition of the planets.
    expect(JSON.stringify(chart).split('"$ref":"#/$defs/Planets"').length - 1).toBe(2);
    for (const t of listed.tools) {
      for (const schema of [t.inputSchema, t.outputSchema!]) {
        const own = JSON.stringify(schema);
        for (const [, name] of own.matchAll(/"\$ref":"#\/\$defs\/([^"]+)"/g)) {
          expect(schema.$defs?.[name!], `${t.name} -> ${name}`).toBeDefined();
        }
      }
    }
  });

  it(`is at most ${LIST_BUDGET_BYTES} bytes for all the tools`, () => {
    const bytes = Buffer.byteLength(JSON.stringify(listed));
    expect(bytes).toBeGreaterThan(20_000);
    expect(bytes).toBeLessThanOrEqual(LIST_BUDGET_BYTES);
  });
});
