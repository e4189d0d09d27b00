import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';

/**
 * The schemas the MCP endpoint registers with the SDK: what they advertise, and what the SDK may
 * check with them.
 *
 * Advertising: the SDK converts a tool's schemas on every request that builds a server (tools/list,
 * the header scan of tools/call, the output projection); for the chart output schema that
 * conversion cost more than the chart, so each is converted once per direction and target. Output
 * schemas are also made compact for a model's context (see `compactOutput`).
 *
 * Checking: none here. Inputs are validated by the tool handler with `parseInput`, so MCP callers
 * read the same messages as REST callers (the SDK's own check answers in zod's words). Outputs are
 * built by typed code whose match with the schema is pinned by the type check (schemas/*.ts) and by
 * the schema, OpenAPI-example and MCP client tests; re-parsing every chart on the way out cost about
 * a tenth of an MCP call.
 */

type JsonSchemaOptions = Parameters<StandardSchemaWithJSON['~standard']['jsonSchema']['input']>[0];
type Json = Record<string, unknown>;

/** The schema as registered: memoised JSON Schema (the output passed through `shape`), values let through. */
export function advertisedSchema(
  schema: StandardSchemaWithJSON,
  shape: (output: Json, options: JsonSchemaOptions) => Json = (output) => output,
): StandardSchemaWithJSON {
  const std = schema['~standard'];
  const memo = new Map<string, Json>();
  const converter =
    (io: 'input' | 'output') =>
    (options: JsonSchemaOptions): Json => {
      const key = `${io}:${options.target}`;
      let json = memo.get(key);
      if (!json) {
        const converted = std.jsonSchema[io](options);
        json = io === 'output' ? shape(converted, options) : converted;
        memo.set(key, json);
      }
      return json;
    };
  return {
    '~standard': {
      version: std.version,
      vendor: std.vendor,
      validate: (value) => ({ value }),
      jsonSchema: { input: converter('input'), output: converter('output') },
    },
  };
}

/** Another tool's output, which this tool's output may embed whole. */
export interface EmbeddedOutput {
  toolName: string;
  schema: StandardSchemaWithJSON;
}

const SAFE_INTEGER_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/** How many levels of properties keep their descriptions in tools/list (see `compactOutput`). */
export const DESCRIBED_DEPTH = 2;

/**
 * Output schemas for tools/list, small enough for a model's context while saying the same:
 * - an embedded copy of another tool's whole output (a batch embeds the chart) becomes a pointer to
 *   that tool, whose own outputSchema describes every field;
 * - objects are open (no `additionalProperties: false`): a new answer field must not break a client
 *   that validates, as in the OpenAPI document;
 * - zod's ±2^53 bounds on plain integers, which say nothing, are left out;
 * - descriptions are kept down to `DESCRIBED_DEPTH` levels of properties (a field of the answer and
 *   the fields of that object; a shared `$defs` entry sits at the shallowest place that refers to
 *   it); deeper fields keep their names, types, enums and ranges, and their full text stays in the
 *   OpenAPI document;
 * - `$defs` nobody refers to any more are dropped.
 */
export function compactOutput(embedded: readonly EmbeddedOutput[]) {
  return (output: Json, options: JsonSchemaOptions): Json => {
    const others = embedded.map((e) => ({
      toolName: e.toolName,
      key: bodyKey(e.schema['~standard'].jsonSchema.output(options)),
    }));
    const pointed = (node: Json): Json | null => {
      if (node === output) return null;
      const key = bodyKey(node);
      const other = others.find((o) => o.key === key);
      if (!other) return null;
      const said = typeof node.description === 'string' ? `${node.description} ` : '';
      return {
        type: 'object',
        description: `${said}The same object as the ${other.toolName} tool's result; its outputSchema describes every field.`,
      };
    };
    const defDepths = refDepths(output);
    const walk = (value: unknown, depth: number): unknown => {
      if (Array.isArray(value)) return value.map((v) => walk(v, depth));
      if (value === null || typeof value !== 'object') return value;
      const node = value as Json;
      const pointer = pointed(node);
      if (pointer) return pointer;
      const out: Json = {};
      for (const [k, v] of Object.entries(node)) {
        if (k === 'additionalProperties' && v === false) continue;
        if ((k === 'minimum' || k === 'maximum') && SAFE_INTEGER_BOUNDS.has(v as number)) continue;
        if (k === 'description' && depth > DESCRIBED_DEPTH) continue;
        if (k === '$defs') {
          const defs = Object.entries(v as Json).map(([name, d]) => [
            name,
            walk(d, defDepths.get(name) ?? 0),
          ]);
          out[k] = Object.fromEntries(defs);
        } else if (k === 'properties') {
          // A map of names, not keywords: a property may well be called "description".
          const props = Object.entries(v as Json).map(([name, p]) => [name, walk(p, depth + 1)]);
          out[k] = Object.fromEntries(props);
        } else {
          out[k] = walk(v, depth + levelOf(k));
        }
      }
      return out;
    };
    return pruneDefs(walk(output, 0) as Json);
  };
}

/** Levels a keyword descends besides `properties`: an array's or a record's items. */
function levelOf(keyword: string): number {
  return keyword === 'items' || keyword === 'additionalProperties' ? 1 : 0;
}

/**
 * The property depth of each `$defs` entry: the shallowest depth of a `$ref` to it, counting
 * `properties` of a property-map node as the node's own depth (its names are one level down).
 */
function refDepths(schema: Json): Map<string, number> {
  const defs = (schema.$defs ?? {}) as Record<string, unknown>;
  const depths = new Map<string, number>();
  const visit = (value: unknown, depth: number): void => {
    if (Array.isArray(value)) return value.forEach((v) => visit(v, depth));
    if (value === null || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      if (k === '$defs') continue;
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
        const name = v.slice('#/$defs/'.length);
        if ((depths.get(name) ?? Infinity) > depth) {
          depths.set(name, depth);
          visit(defs[name], depth);
        }
      } else if (k === 'properties' && v && typeof v === 'object') {
        for (const s of Object.values(v)) visit(s, depth + 1);
      } else {
        visit(v, depth + levelOf(k));
      }
    }
  };
  visit(schema, 0);
  return depths;
}

/** A schema's body without its own description and `$schema`/`$defs`: what makes two copies equal. */
function bodyKey(schema: Json): string {
  const { description: _d, $schema: _s, $defs: _defs, ...body } = schema;
  return JSON.stringify(body);
}

/** Drops `$defs` entries that no `$ref` reaches from the root. */
function pruneDefs(schema: Json): Json {
  const defs = (schema.$defs ?? {}) as Record<string, unknown>;
  const { $defs: _all, ...root } = schema;
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')) {
          const name = v.slice('#/$defs/'.length);
          if (!used.has(name)) {
            used.add(name);
            visit(defs[name]);
          }
        } else visit(v);
      }
    }
  };
  visit(root);
  const kept = Object.keys(defs).filter((name) => used.has(name));
  return kept.length ? { ...root, $defs: Object.fromEntries(kept.map((n) => [n, defs[n]])) } : root;
}
