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
        // `$schema` says 2020-12, MCP's default dialect: 54 bytes per schema that tell a client nothing.
        const { $schema: _dialect, ...body } = converted;
        json = portable(io === 'output' ? shape(converted, options) : body);
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

/** Keywords that annotate a value rather than constrain it: they stay outside the branches of a type list. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'deprecated', 'readOnly']);

/**
 * The portable subset of JSON Schema that model providers' function-calling dialects and the MCP
 * Inspector's strict mode accept: a type list (zod writes a nullable primitive as
 * `"type": ["string", "null"]`) becomes `anyOf` branches of one type each, the annotations staying
 * outside; an open object's `additionalProperties: {}` is written `true`. Property maps are walked as
 * maps of names.
 */
export function portable(schema: Json): Json {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    const node = value as Json;
    const out: Json = {};
    for (const [k, v] of Object.entries(node)) {
      // An open object's "any further property" written as `true`, not as a bare `{}`.
      if (k === 'additionalProperties' && isEmptySchema(v)) out[k] = true;
      else
        out[k] =
          k === 'properties' || k === '$defs'
            ? Object.fromEntries(Object.entries(v as Json).map(([name, s]) => [name, walk(s)]))
            : walk(v);
    }
    if (!Array.isArray(out.type)) return out;
    const outer: Json = {};
    const inner: Json = {};
    for (const [k, v] of Object.entries(out)) {
      if (k !== 'type') (ANNOTATIONS.has(k) ? outer : inner)[k] = v;
    }
    const branches = (out.type as string[]).map((t) => (t === 'null' ? { type: t } : { type: t, ...inner }));
    return { anyOf: branches, ...outer };
  };
  return walk(schema) as Json;
}

const isEmptySchema = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;

/** Another tool's output, which this tool's output may embed whole. */
export interface EmbeddedOutput {
  toolName: string;
  schema: StandardSchemaWithJSON;
}

const SAFE_INTEGER_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

/** How many levels of properties keep their descriptions in tools/list (see `compactOutput`). */
export const DESCRIBED_DEPTH = 1;
/** How many levels of properties keep their shape in tools/list; deeper values keep their type only. */
export const SHAPED_DEPTH = 1;
/** Keywords that keep their place at every depth: the value's kind. */
const KIND_KEYWORDS = new Set(['type', 'enum', 'const', 'anyOf']);

/**
 * Output schemas for tools/list, small enough for a model's context (every tool's list entry rides
 * in every conversation) while still true of every answer:
 * - an embedded copy of another tool's whole output (a batch embeds the chart) becomes a pointer to
 *   that tool, whose own outputSchema describes it;
 * - the answer's fields keep their descriptions; their own fields are listed (names, types, enums)
 *   when one of them carries a vocabulary (a chart's type, strategy, authority), else the field's
 *   description names them; deeper values keep their kind only (`{"type":"object"}`), and their full
 *   description stays in the OpenAPI document;
 * - objects are open (no `additionalProperties: false`), and `required` is kept only at the root:
 *   a new answer field must not break a client that validates;
 * - zod's ±2^53 bounds on plain integers, which say nothing, and `$schema` (2020-12 is MCP's
 *   default dialect) are left out;
 * - `$defs` nobody refers to any more are dropped; a shared one is written once.
 * Nullable values stay `anyOf` with `{"type":"null"}`, and no schema is a bare `{}`: the portable
 * subset that model providers' function-calling dialects and the MCP Inspector's strict mode accept.
 */
export function compactOutput(embedded: readonly EmbeddedOutput[]) {
  return (output: Json, options: JsonSchemaOptions): Json => {
    const others = embedded.map((e) => ({
      toolName: e.toolName,
      key: bodyKey(e.schema['~standard'].jsonSchema.output(options)),
    }));
    const defs = (output.$defs ?? {}) as Record<string, Json>;
    const pointed = (node: Json): Json | null => {
      if (node === output) return null;
      const key = bodyKey(node);
      const other = others.find((o) => o.key === key);
      if (!other) return null;
      const said = typeof node.description === 'string' ? `${node.description} ` : '';
      return {
        type: 'object',
        description: `${said}The same object as the ${other.toolName} tool's result; its outputSchema describes it.`,
      };
    };
    const defDepths = refDepths(output);
    const walk = (value: unknown, depth: number): unknown => {
      if (Array.isArray(value)) return value.map((v) => walk(v, depth));
      if (value === null || typeof value !== 'object') return value;
      const node = value as Json;
      const pointer = pointed(node);
      if (pointer) return pointer;
      if (depth > SHAPED_DEPTH) return kindOf(node, defs);
      const out: Json = {};
      for (const [k, v] of Object.entries(node)) {
        if (k === 'additionalProperties' && v === false) continue;
        if ((k === 'minimum' || k === 'maximum') && SAFE_INTEGER_BOUNDS.has(v as number)) continue;
        if (k === 'description' && depth > DESCRIBED_DEPTH) continue;
        if ((k === 'required' && node !== output) || k === '$schema') continue;
        if (k === '$defs') {
          const kept = Object.entries(v as Json).map(([name, d]) => [
            name,
            walk(d, defDepths.get(name) ?? 0),
          ]);
          out[k] = Object.fromEntries(kept);
        } else if (k === 'properties') {
          if (depth === SHAPED_DEPTH && !shapeWorthListing(v as Json, defs)) continue;
          // A map of names, not keywords: a property may well be called "description".
          const props = Object.entries(v as Json).map(([name, p]) => [name, walk(p, depth + 1)]);
          out[k] = Object.fromEntries(props);
        } else {
          out[k] = walk(v, depth + levelOf(k));
        }
      }
      return out;
    };
    return inlineLoneDefs(pruneDefs(walk(output, 0) as Json));
  };
}

/**
 * A value below the shaped depth: its kind only (type, enum, const, the branches of a nullable),
 * read through a `$ref`. A value whose kind cannot be told that way keeps its whole schema rather
 * than become a bare `{}`.
 */
function kindOf(node: Json, defs: Record<string, Json>): Json {
  const ref = typeof node.$ref === 'string' ? defs[node.$ref.slice('#/$defs/'.length)] : undefined;
  const source = ref ? { ...ref, ...node } : node;
  const out: Json = {};
  for (const k of KIND_KEYWORDS) {
    if (source[k] === undefined) continue;
    out[k] = k === 'anyOf' ? (source[k] as Json[]).map((b) => kindOf(b, defs)) : source[k];
  }
  return Object.keys(out).length ? out : node;
}

/**
 * Whether an answer field lists its own fields: when one of them carries a vocabulary (an enum or a
 * constant) a model would otherwise guess at. Other shapes are named in the field's description.
 */
function shapeWorthListing(properties: Json, defs: Record<string, Json>): boolean {
  return Object.values(properties).some((p) => {
    const kind = kindOf(p as Json, defs);
    return kind.enum !== undefined || kind.const !== undefined;
  });
}

/** Levels a keyword descends besides `properties`: an array's or a record's items, a record's keys. */
function levelOf(keyword: string): number {
  return keyword === 'items' || keyword === 'additionalProperties' || keyword === 'propertyNames' ? 1 : 0;
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

/**
 * Writes in place a `$defs` entry used once, or cut down to its kind (`{"type":"object"}`): a shared
 * definition pays for its name and pointers only when it is written once for several uses.
 */
function inlineLoneDefs(schema: Json): Json {
  const defs = (schema.$defs ?? {}) as Record<string, Json>;
  const uses = new Map<string, number>();
  for (const [, name] of JSON.stringify(schema).matchAll(/"\$ref":"#\/\$defs\/([^"]+)"/g))
    uses.set(name!, (uses.get(name!) ?? 0) + 1);
  const inlined = new Set(
    Object.keys(defs).filter(
      (name) =>
        uses.get(name) === 1 || Object.keys(defs[name]!).every((k) => k === 'type' || k === 'description'),
    ),
  );
  if (!inlined.size) return schema;
  const place = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(place);
    if (value === null || typeof value !== 'object') return value;
    const node = value as Json;
    const name = typeof node.$ref === 'string' ? node.$ref.slice('#/$defs/'.length) : '';
    if (inlined.has(name)) {
      const { $ref: _ref, ...rest } = node;
      return place({ ...defs[name], ...rest });
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$defs' ? v : place(v)]));
  };
  const { $defs: _defs, ...root } = place(schema) as Json;
  const kept = Object.entries(defs).filter(([name]) => !inlined.has(name));
  return kept.length ? { ...root, $defs: Object.fromEntries(kept.map(([n, d]) => [n, place(d)])) } : root;
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
