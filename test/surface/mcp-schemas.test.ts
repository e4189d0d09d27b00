/**
 * The compact output schemas MCP advertises (src/mcp/schemas.ts): they must say the same as the full
 * schemas for every field a model reads, only shorter. Rules checked: a batch's embedded chart points
 * at the generate_chart tool; objects are open; zod's ±2^53 integer bounds are gone; descriptions
 * stay two property levels deep (a shared `$defs` entry counts where it is first used); a property
 * literally named "description" is a field, not a keyword, and survives; unused `$defs` are dropped
 * and every `$ref` still resolves. Source of the JSON Schema keywords: JSON Schema 2020-12.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { compactOutput, advertisedSchema } from '../../src/mcp/schemas.js';
import { TOOLS } from '../../src/tools/index.js';

type Json = Record<string, unknown> & { $defs?: Record<string, Json>; properties?: Record<string, Json> };
const TARGET = { target: 'draft-2020-12' } as const;

function advertised(name: string): Json {
  const tool = TOOLS.find((t) => t.name === name)!;
  const others = TOOLS.filter((t) => t !== tool).map((t) => ({ toolName: t.name, schema: t.output }));
  return advertisedSchema(tool.output, compactOutput(others))['~standard'].jsonSchema.output(TARGET) as Json;
}

const full = (name: string): Json =>
  TOOLS.find((t) => t.name === name)!.output['~standard'].jsonSchema.output(TARGET) as Json;

describe('compact MCP output schemas', () => {
  it('keep every top-level field of every tool, with its description', () => {
    for (const tool of TOOLS) {
      const compact = advertised(tool.name);
      const original = full(tool.name);
      expect(Object.keys(compact.properties!), tool.name).toEqual(Object.keys(original.properties!));
      for (const [field, schema] of Object.entries(original.properties!)) {
        if (schema.description) expect(compact.properties![field]!.description, field).toBeDefined();
      }
      expect(compact.type).toBe('object');
    }
  });

  it("point a batch's embedded chart at the generate_chart tool instead of repeating it", () => {
    const multi = advertised('multi_chart');
    const results = multi.properties!.results as { items: Json };
    const data = results.items.properties!.data!;
    expect(data).toEqual({
      type: 'object',
      description: expect.stringMatching(/generate_chart tool's result/),
    });
    expect(JSON.stringify(multi)).not.toContain('PlanetPosition');
    expect(JSON.stringify(full('multi_chart'))).toContain('PlanetPosition');
  });

  it('are open objects without the meaningless safe-integer bounds', () => {
    for (const tool of TOOLS) {
      const text = JSON.stringify(advertised(tool.name));
      expect(text, tool.name).not.toContain('"additionalProperties":false');
      expect(text, tool.name).not.toContain(String(Number.MAX_SAFE_INTEGER));
    }
    expect(JSON.stringify(full('generate_chart'))).toContain('"additionalProperties":false');
  });

  it('keep descriptions two levels deep: chart properties yes, a planet position field no', () => {
    const chart = advertised('generate_chart');
    const props = chart.$defs!.ChartProperties!.properties!;
    expect(props.authority!.description).toMatch(/Inner authority/);
    const position = chart.$defs!.PlanetPosition!.properties!;
    expect(position.gate).toEqual({ type: 'integer', minimum: 1, maximum: 64 });
    expect(full('generate_chart').$defs!.PlanetPosition!.properties!.gate!.description).toMatch(/Gate 1-64/);
  });

  it('treat a property named "description" as a field, drop unused $defs, and resolve every $ref', () => {
    const unused = z.object({ x: z.number() }).meta({ id: 'Unused' });
    const deep = z.object({ description: z.string().describe('A field called description.') });
    const schema = z.object({
      a: z.object({ b: z.object({ c: deep.describe('Three levels down.') }) }),
      embedded: z.object({ other: unused }).describe('x'),
    });
    const compact = advertisedSchema(
      schema,
      compactOutput([{ toolName: 'other_tool', schema: z.object({ other: unused }) }]),
    )['~standard'].jsonSchema.output(TARGET) as Json;
    const c = (
      (compact.properties!.a!.properties as Record<string, Json>).b!.properties as Record<string, Json>
    ).c!;
    expect(c.properties).toHaveProperty('description', { type: 'string' });
    expect(compact.properties!.embedded).toEqual({
      type: 'object',
      description:
        "x The same object as the other_tool tool's result; its outputSchema describes every field.",
    });
    expect(compact.$defs).toBeUndefined();
    for (const tool of TOOLS) {
      const s = advertised(tool.name);
      for (const [, name] of JSON.stringify(s).matchAll(/"\$ref":"#\/\$defs\/([^"]+)"/g))
        expect(s.$defs?.[name!], `${tool.name} -> ${name}`).toBeDefined();
    }
  });
});
