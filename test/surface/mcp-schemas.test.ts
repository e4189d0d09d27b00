/**
 * The lean output schemas MCP advertises (src/mcp/schemas.ts): true of every answer, and saying what a
 * model reads. Rules checked: every answer field keeps its description; its own fields keep names,
 * types and enums when one of them carries a vocabulary; deeper values keep their kind only; a
 * batch's embedded chart points at the generate_chart tool; objects are open and `required` stays at
 * the root; zod's ±2^53 integer bounds and `$schema` are gone; a property literally named
 * "description" is a field, not a keyword; unused `$defs` are dropped, a definition used once is
 * written in place, and every `$ref` still resolves; the portable subset (a type list becomes
 * `anyOf`, an open object's `{}` becomes `true`). Source of the keywords: JSON Schema 2020-12.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { advertisedSchema, compactOutput, portable } from '../../src/mcp/schemas.js';
import { TOOLS } from '../../src/tools/index.js';

type Json = Record<string, unknown> & { $defs?: Record<string, Json>; properties?: Record<string, Json> };
const TARGET = { target: 'draft-2020-12' } as const;

/** Each tool's schema is built once per file: the tests only read it, and each build converts every tool's. */
const advertisedByName = new Map<string, Json>();
function advertised(name: string): Json {
  const cached = advertisedByName.get(name);
  if (cached) return cached;
  const tool = TOOLS.find((t) => t.name === name)!;
  const others = TOOLS.filter((t) => t !== tool).map((t) => ({ toolName: t.name, schema: t.output }));
  const schema = advertisedSchema(tool.output, compactOutput(others))['~standard'].jsonSchema.output(
    TARGET,
  ) as Json;
  advertisedByName.set(name, schema);
  return schema;
}

function advertisedInput(name: string): Json {
  const tool = TOOLS.find((t) => t.name === name)!;
  return advertisedSchema(tool.input)['~standard'].jsonSchema.input(TARGET) as Json;
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

  it("leave a batch's embedded chart to the generate_chart tool instead of repeating it", () => {
    const multi = advertised('multi_chart');
    expect(multi.properties!.results).toEqual({
      type: 'array',
      items: { type: 'object' },
      description: expect.stringMatching(/data as generate_chart's result/),
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

  it('keep the answer fields described, their own fields by name and vocabulary, deeper values by kind', () => {
    const chart = advertised('generate_chart');
    const props = chart.$defs?.ChartProperties?.properties ?? chart.properties!.chart!.properties!;
    expect(props.type).toEqual({
      type: 'string',
      enum: ['Generator', 'Manifesting Generator', 'Projector', 'Manifestor', 'Reflector'],
    });
    expect(props.authority!.description).toBeUndefined();
    expect(full('generate_chart').$defs!.ChartProperties!.properties!.authority!.description).toMatch(
      /Inner authority/,
    );
    // Planet positions are two levels down: objects by kind, described in the answer field's text.
    expect(chart.$defs!.Planets!.additionalProperties).toEqual({ type: 'object' });
    expect(chart.properties!.personality!.description).toMatch(/\{gate, line, color, tone, base/);
    // An answer field whose own fields carry no vocabulary is its kind and description.
    expect(Object.keys(chart.properties!.gates!).sort()).toEqual(['description', 'type']);
    expect(chart.$schema).toBeUndefined();
    expect(chart.required).toEqual(full('generate_chart').required);
    expect(JSON.stringify(chart.properties)).not.toContain('"required"');
  });

  it('write nullable values as anyOf and open objects as additionalProperties: true, never {}', () => {
    const nullable = z.object({ a: z.object({ b: z.number().nullable() }), c: z.string().nullable() });
    const schema = advertisedSchema(nullable, compactOutput([]))['~standard'].jsonSchema.output(
      TARGET,
    ) as Json;
    expect(schema.properties!.c).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    const loose = z.object({ d: z.array(z.looseObject({ m: z.string() })) });
    const open = portable(z.toJSONSchema(loose, { target: 'draft-2020-12', io: 'output' }) as Json) as Json;
    expect(((open.properties!.d as Json).items as Json).additionalProperties).toBe(true);
    for (const tool of TOOLS) {
      for (const s of [advertised(tool.name), advertisedInput(tool.name)]) {
        const text = JSON.stringify(s);
        expect(text, tool.name).not.toMatch(/"type":\[/);
        expect(text, tool.name).not.toMatch(/:\{\}/);
      }
    }
  });

  it('treat a property named "description" as a field, drop unused $defs, and resolve every $ref', () => {
    const unused = z.object({ x: z.number() }).meta({ id: 'Unused' });
    const schema = z.object({
      description: z.string().describe('A field called description.'),
      a: z.object({ description: z.enum(['x', 'y']), b: z.object({ c: z.string() }) }),
      embedded: z.object({ other: unused }).describe('x'),
    });
    const compact = advertisedSchema(
      schema,
      compactOutput([{ toolName: 'other_tool', schema: z.object({ other: unused }) }]),
    )['~standard'].jsonSchema.output(TARGET) as Json;
    expect(compact.properties!.description).toEqual({
      type: 'string',
      description: 'A field called description.',
    });
    expect(compact.properties!.a!.properties).toEqual({
      description: { type: 'string', enum: ['x', 'y'] },
      b: { type: 'object' },
    });
    expect(compact.properties!.embedded).toEqual({
      type: 'object',
      description: "x The same object as the other_tool tool's result; its outputSchema describes it.",
    });
    expect(compact.$defs).toBeUndefined();
    for (const tool of TOOLS) {
      const s = advertised(tool.name);
      for (const [, name] of JSON.stringify(s).matchAll(/"\$ref":"#\/\$defs\/([^"]+)"/g))
        expect(s.$defs?.[name!], `${tool.name} -> ${name}`).toBeDefined();
    }
  });
});
