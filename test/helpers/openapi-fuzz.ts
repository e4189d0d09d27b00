/**
 * Requests generated from the service's own `/openapi.json` (fast-check): for every operation,
 * schema-valid ones (each parameter and body field its example or a value drawn from its schema:
 * type, enum, pattern, bounds, lengths, items) and schema-invalid ones (a valid request with exactly
 * one field breaking its schema: wrong type, out of bounds, off the pattern or the enum, too long or
 * too short, a required one missing). Used by test/e2e/openapi-properties.test.ts and its sweep.
 */
import fc from 'fast-check';

export type Schema = Record<string, unknown>;
export interface OpenApiDoc {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, Schema>; examples: Record<string, { value: unknown }> };
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Schema;
  example?: unknown;
}
interface OperationObject {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: {
    required?: boolean;
    content: Record<
      string,
      { schema: Schema; examples?: Record<string, { $ref?: string; value?: unknown }> }
    >;
  };
}

export interface Operation {
  method: 'GET' | 'POST';
  path: string;
  query: Parameter[];
  body?: { schema: Schema; example: Record<string, unknown> };
}

export interface GeneratedRequest {
  method: string;
  /** Path and query string. */
  url: string;
  body?: string;
  /** What was made invalid (schema-invalid requests only). */
  broken?: string;
}

export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (method !== 'get' && method !== 'post') continue;
      const media = op.requestBody?.content['application/json'];
      const exampleRef = media && Object.values(media.examples ?? {})[0];
      const example = exampleRef?.$ref
        ? doc.components.examples[exampleRef.$ref.split('/').at(-1)!]?.value
        : exampleRef?.value;
      ops.push({
        method: method.toUpperCase() as 'GET' | 'POST',
        path,
        query: (op.parameters ?? []).filter((p) => p.in === 'query'),
        ...(media
          ? { body: { schema: media.schema, example: (example ?? {}) as Record<string, unknown> } }
          : {}),
      });
    }
  }
  return ops;
}

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const TIME = '^\\d{2}:\\d{2}$';

function resolve(doc: OpenApiDoc, schema: Schema): Schema {
  const ref = schema.$ref as string | undefined;
  return ref ? resolve(doc, doc.components.schemas[ref.split('/').at(-1)!]!) : schema;
}

/** Calendar dates 1900-2100 mostly, any digits now and then (the pattern allows them). */
const dateArb = fc
  .oneof(
    { weight: 4, arbitrary: fc.integer({ min: -2_208_988_800, max: 4_102_358_400 }) },
    { weight: 1, arbitrary: fc.constant(null) },
  )
  .chain((s) =>
    s === null
      ? fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/)
      : fc.constant(new Date(s * 1000).toISOString().slice(0, 10)),
  );
const timeArb = fc
  .oneof(
    { weight: 4, arbitrary: fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })) },
    { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 })) },
  )
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

/** A decimal without an exponent, within the bounds (a query parameter carries it as text). */
function decimalArb(min: number, max: number): fc.Arbitrary<number> {
  return fc.integer({ min: Math.ceil(min * 1e4), max: Math.floor(max * 1e4) }).map((n) => n / 1e4);
}

function stringArb(s: Schema): fc.Arbitrary<string> {
  const min = (s.minLength as number | undefined) ?? 0;
  const max = Math.min((s.maxLength as number | undefined) ?? 40, Math.max(min, 40));
  const pattern = s.pattern as string | undefined;
  if (pattern === DATE) return dateArb;
  if (pattern === TIME) return timeArb;
  const re = pattern ? new RegExp(pattern, 'u') : null;
  if (re && pattern!.startsWith('^'))
    return fc.stringMatching(re).filter((v) => [...v].length >= min && [...v].length <= max);
  return fc.string({ unit: 'grapheme', minLength: min, maxLength: max }).filter((v) => !re || re.test(v));
}

/** A value valid for the schema. */
export function valueArb(doc: OpenApiDoc, schema: Schema, example?: unknown): fc.Arbitrary<unknown> {
  const s = resolve(doc, schema);
  const drawn = drawnArb(doc, s, example);
  return example === undefined
    ? drawn
    : fc.oneof({ weight: 2, arbitrary: fc.constant(example) }, { weight: 1, arbitrary: drawn });
}

function drawnArb(doc: OpenApiDoc, s: Schema, example: unknown): fc.Arbitrary<unknown> {
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const options = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (options) return fc.oneof(...options.map((o) => valueArb(doc, o)));
  switch (s.type) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return fc.integer({
        min: (s.minimum as number | undefined) ?? -1_000_000,
        max: (s.maximum as number | undefined) ?? 1_000_000,
      });
    case 'number':
      return decimalArb((s.minimum as number | undefined) ?? -1e6, (s.maximum as number | undefined) ?? 1e6);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = s.items as Schema;
      const sample = Array.isArray(example) ? (example as unknown[]) : [];
      return fc.array(valueArb(doc, items, sample[0]), {
        minLength: (s.minItems as number | undefined) ?? 0,
        maxLength: Math.min((s.maxItems as number | undefined) ?? 3, 3),
      });
    }
    case 'object':
      return objectArb(doc, s, (example ?? {}) as Record<string, unknown>);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Required properties always, optional ones sometimes: each its example or a drawn value. */
export function objectArb(
  doc: OpenApiDoc,
  schema: Schema,
  example: Record<string, unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const s = resolve(doc, schema);
  const props = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set((s.required ?? []) as string[]);
  const entries = Object.entries(props).map(([name, p]) => {
    const value = valueArb(doc, p, example[name]);
    // Fields of the example are kept more often than others are added.
    const keep = required.has(name) ? 1 : example[name] !== undefined ? 0.75 : 0.3;
    return [name, keep === 1 ? value : fc.option(value, { freq: Math.round(1 / (1 - keep)) })] as const;
  });
  return fc
    .record(Object.fromEntries(entries))
    .map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)));
}

/** Query text: numbers in decimal form, everything else as it is. */
const queryText = (v: unknown): string =>
  typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(4)) : String(v);

function urlOf(op: Operation, query: Record<string, unknown>): string {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, queryText(v)]),
  ).toString();
  return qs ? `${op.path}?${qs}` : op.path;
}

function queryArb(doc: OpenApiDoc, op: Operation): fc.Arbitrary<Record<string, unknown>> {
  const schema: Schema = {
    type: 'object',
    properties: Object.fromEntries(op.query.map((p) => [p.name, p.schema])),
    required: op.query.filter((p) => p.required).map((p) => p.name),
  };
  const example = Object.fromEntries(
    op.query.filter((p) => p.example !== undefined).map((p) => [p.name, p.example]),
  );
  return objectArb(doc, schema, example);
}

export function validRequest(doc: OpenApiDoc, op: Operation): fc.Arbitrary<GeneratedRequest> {
  return fc
    .record({
      query: queryArb(doc, op),
      body: op.body ? objectArb(doc, op.body.schema, op.body.example) : fc.constant(undefined),
    })
    .map(({ query, body }) => ({
      method: op.method,
      url: urlOf(op, query),
      ...(body ? { body: JSON.stringify(body) } : {}),
    }));
}

/** Ways one value breaks its schema, with the text that says how. */
function violations(doc: OpenApiDoc, schema: Schema, inQuery: boolean): [string, unknown][] {
  const s = resolve(doc, schema);
  const out: [string, unknown][] = [];
  const wrongType = s.type === 'string' ? (inQuery ? null : 42) : 'not-a-value';
  if (wrongType !== null && s.type !== undefined && !s.anyOf)
    out.push([`not a ${String(s.type)}`, wrongType]);
  if (s.type === 'integer') out.push(['a fraction for an integer', inQuery ? '1.5' : 1.5]);
  if (s.type === 'integer' && inQuery) out.push(['hexadecimal', '0x10'], ['an exponent', '1e3']);
  if (typeof s.minimum === 'number') out.push(['under the minimum', (s.minimum as number) - 1]);
  if (typeof s.maximum === 'number') out.push(['over the maximum', (s.maximum as number) + 1]);
  if (Array.isArray(s.enum)) out.push(['off the enum', 'not-one-of-them']);
  if (typeof s.pattern === 'string' && !new RegExp(s.pattern as string, 'u').test('xx'))
    out.push(['off the pattern', 'xx']);
  if (typeof s.minLength === 'number' && (s.minLength as number) > 0)
    out.push(['too short', 'x'.repeat((s.minLength as number) - 1)]);
  if (typeof s.maxLength === 'number') out.push(['too long', 'x'.repeat((s.maxLength as number) + 1)]);
  if (s.type === 'array' && typeof s.maxItems === 'number')
    out.push(['too many items', Array.from({ length: (s.maxItems as number) + 1 }, () => ({}))]);
  if (s.type === 'array' && typeof s.minItems === 'number' && (s.minItems as number) > 0)
    out.push(['too few items', []]);
  return out;
}

/** A schema-valid request with exactly one field made invalid. */
export function invalidRequest(doc: OpenApiDoc, op: Operation): fc.Arbitrary<GeneratedRequest> | null {
  type Break = { where: 'query' | 'body'; name: string; how: string; value: unknown; remove?: boolean };
  const breaks: Break[] = [];
  for (const p of op.query) {
    for (const [how, value] of violations(doc, p.schema, true))
      breaks.push({ where: 'query', name: p.name, how, value });
    if (p.required)
      breaks.push({ where: 'query', name: p.name, how: 'missing', value: undefined, remove: true });
  }
  if (op.body) {
    const s = resolve(doc, op.body.schema);
    for (const [name, p] of Object.entries((s.properties ?? {}) as Record<string, Schema>))
      for (const [how, value] of violations(doc, p, false)) breaks.push({ where: 'body', name, how, value });
    for (const name of (s.required ?? []) as string[])
      breaks.push({ where: 'body', name, how: 'missing', value: undefined, remove: true });
  }
  if (breaks.length === 0) return null;
  return fc
    .record({
      query: queryArb(doc, op),
      body: op.body ? objectArb(doc, op.body.schema, op.body.example) : fc.constant(undefined),
      broken: fc.constantFrom(...breaks),
    })
    .map(({ query, body, broken }) => {
      const target = broken.where === 'query' ? query : body!;
      if (broken.remove) delete target[broken.name];
      else target[broken.name] = broken.value;
      return {
        method: op.method,
        url: urlOf(op, query),
        ...(body ? { body: JSON.stringify(body) } : {}),
        broken: `${broken.where} ${broken.name}: ${broken.how}`,
      };
    });
}
