import * as z from 'zod';
import { codesWithStatus, ERROR_CODES, HTTP_STATUS } from '../core/errors.js';
import { ERROR_MEANING } from './error-meanings.js';
import { SERVER_INFO } from '../mcp/index.js';
import { ACCESS_PRODUCTS, type AnyOperation, type AnyTool } from '../operations/types.js';
import { suggestionSchema } from '../schemas/location.js';
import type { RouteRow } from '../operations/routes.js';

type JsonSchema = Record<string, unknown>;

/** JSON Schema 2020-12 (the dialect of OpenAPI 3.1) of a zod schema, as a request or a response. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/**
 * Body fields that are response options rather than data (`include=tooltips`): the REST bridge also
 * reads them from the query string, so OpenAPI documents them there too.
 */
const QUERY_OPTIONS: readonly string[] = ['include'];

/** Sub-schemas named only in OpenAPI (they have no `meta({ id })` of their own). */
const EXTRA_COMPONENTS: readonly (readonly [z.ZodType, string])[] = [[suggestionSchema, 'PlaceSuggestion']];

/** `generate_chart` -> `GenerateChart`: the stem of an operation's component names. */
export const componentStem = (name: string): string =>
  name
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/**
 * The global zod metadata plus component ids for the operations' own schemas, so one conversion
 * writes an operation's input or output once as `$defs/<Stem>Input|Output` and every other schema
 * that embeds it (a batch embeds the chart) points there instead of repeating it.
 */
class ComponentRegistry extends z.core.$ZodRegistry<z.core.GlobalMeta> {
  constructor(private readonly names: ReadonlyMap<z.core.$ZodType, string>) {
    super();
  }
  override get<S extends z.core.$ZodType>(schema: S): z.core.GlobalMeta | undefined {
    const meta = z.globalRegistry.get(schema);
    const id = this.names.get(schema);
    return id ? { ...meta, id } : meta;
  }
}

/** Collects named schemas; one name must always mean one JSON Schema. */
class Components {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly registry: ComponentRegistry;

  constructor(names: ReadonlyMap<z.core.$ZodType, string>) {
    this.registry = new ComponentRegistry(names);
  }

  /** Converts a schema; every `$defs` entry becomes a component, and the root is returned (often a `$ref`). */
  add(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const raw = z.toJSONSchema(schema, { io, unrepresentable: 'any', metadata: this.registry }) as JsonSchema;
    const {
      $schema: _dialect,
      $defs,
      ...root
    } = retarget(raw) as JsonSchema & {
      $defs?: Record<string, JsonSchema>;
    };
    for (const [name, def] of Object.entries($defs ?? {})) this.put(name, io === 'output' ? open(def) : def);
    return io === 'output' ? open(root) : root;
  }

  put(name: string, schema: JsonSchema): void {
    const existing = this.schemas[name];
    if (existing && JSON.stringify(existing) !== JSON.stringify(schema)) {
      throw new Error(`OpenAPI component ${name} has two different definitions`);
    }
    this.schemas[name] = schema;
  }
}

/** Points zod's local `#/$defs/X` references at `#/components/schemas/X`. */
function retarget(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(retarget);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string'
        ? v.replace(/^#\/\$defs\//, '#/components/schemas/')
        : retarget(v),
    ]),
  );
}

/**
 * Response objects are documented open (no `additionalProperties: false`): a new response field is
 * not a breaking change, and a closed schema would make generated clients reject it. It also lets a
 * flat response extend its output component with `success` through `allOf`.
 */
function open(value: JsonSchema): JsonSchema {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k, x]) => !(k === 'additionalProperties' && x === false))
        .map(([k, x]) => [k, walk(x)]),
    );
  };
  return walk(value) as JsonSchema;
}

const ref = (kind: 'schemas' | 'responses' | 'examples' | 'headers', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});

/**
 * Error responses, each written once under components/responses: a summary here, the codes of the
 * status (from HTTP_STATUS, so they cannot drift) added when the response is written.
 */
const ERROR_RESPONSES = {
  '400': ['BadRequest', 'Invalid input: the message and details name each field and the accepted form'],
  '401': ['Unauthorized', 'Missing or invalid API key (WWW-Authenticate: Bearer)'],
  '403': ['Forbidden', 'Not allowed for this key'],
  '408': ['RequestTimeout', 'The body did not arrive within BODY_TIMEOUT_MS (10 s by default)'],
  '413': [
    'PayloadTooLarge',
    'The JSON body is larger than the server accepts (BODY_LIMIT, 100 kB by default)',
  ],
  '415': [
    'UnsupportedMediaType',
    'The body was not sent as Content-Type: application/json, or in a Content-Encoding other than gzip, deflate or br',
  ],
  '429': [
    'TooManyRequests',
    'Rate limit (key-less routes, with Retry-After) or monthly allowance (metered routes) exceeded',
  ],
  '500': ['InternalError', 'Unexpected failure'],
  '503': ['ServiceUnavailable', 'A passing outage: the same call may work later (Retry-After)'],
} as const satisfies Record<string, readonly [string, string]>;
type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** Which error statuses a route can actually answer. */
function errorStatuses(row: RouteRow): ErrorStatus[] {
  const op = row.op;
  const statuses: ErrorStatus[] = ['400'];
  if (op.access !== 'public') statuses.push('401');
  if (op.access !== 'public' && op.access !== 'free') statuses.push('403');
  if (row.binding.from === 'body') statuses.push('408', '413', '415');
  if (op.access === 'public' || op.meter) statuses.push('429');
  statuses.push('500', '503');
  return statuses;
}

/** A REST answer built from an operation's result, as the bridge writes it (for response examples). */
export interface OperationExample {
  /** What the operation returned for its `example` input. */
  data: unknown;
  /** The notes the bridge would put in `meta.warnings`. */
  warnings: readonly string[];
  /** The `meta.timestamp` shown. */
  timestamp: string;
  /** The parsed example input (for the units the example would charge). */
  input: unknown;
}

/**
 * The REST body an operation's result is sent as (see http-bridge/rest.ts): flat, or
 * `{success, meta?, data}`.
 */
export function restEnvelope(op: AnyOperation, flat: boolean, ex: OperationExample): Record<string, unknown> {
  const data = ex.data as Record<string, unknown>;
  if (flat) return { success: true, ...data };
  const meta = op.meta
    ? {
        version: op.meta.version,
        timestamp: ex.timestamp,
        endpoint: op.meta.endpoint,
        ...(op.meter && op.cost ? { units: op.cost(ex.input as never, ex.data) } : {}),
        ...(ex.warnings.length ? { warnings: ex.warnings } : {}),
      }
    : undefined;
  return meta ? { success: true, meta, data } : { success: true, data };
}

function describeRow(row: RouteRow, mcpTools: ReadonlySet<string>): string {
  const op = row.op;
  const fixed = Object.entries(row.fixedQuery);
  if (row.aliasOf) {
    // An alias answers exactly as its canonical path, which carries the full description.
    const pinned = fixed.length
      ? ` with ${fixed.map(([k, v]) => `${k}=${v}`).join('&')} (fixed: it overrides the same field in the body or query)`
      : '';
    return `Legacy alias of ${row.method} ${row.aliasOf}${pinned}; kept working with no removal date. ${op.title}: see the canonical operation \`${op.name}\`.`;
  }
  return [
    op.description,
    mcpTools.has(op.name) ? `Also available as the MCP tool \`${op.name}\`.` : '',
    op.meter ? `Metered: ${op.meter} units; cache hits (X-Cache: HIT) cost nothing.` : 'Not metered.',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The OpenAPI 3.1 document of every route and alias, generated from the same zod schemas the tools
 * validate with. Each operation's request body, result (`<Stem>Output`, what MCP returns) and REST
 * envelope (`<Stem>Response`) is one named component, and alias paths `$ref` the same components,
 * responses and examples. `examples` holds each JSON operation's result for its own example input
 * (see openapi-examples.ts); an operation without one is documented without a response example. A
 * picture's response example is the URL that draws its example input.
 */
/**
 * Two ways to authenticate: the API key itself, or an OAuth access token acting for a key (the
 * service is its own authorization server; its metadata is at /.well-known/oauth-authorization-server).
 * A token's scopes are products of its key.
 */
const SECURITY_SCHEMES = {
  bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key' },
  oauth2: {
    type: 'oauth2',
    description:
      'OAuth 2.1 access token acting for the API key the person signed in with (authorization code with ' +
      'PKCE S256; clients register dynamically or by a client ID metadata document). Sent as ' +
      '`Authorization: Bearer <token>`; its scopes are products of that key.',
    flows: {
      authorizationCode: {
        authorizationUrl: '/oauth/authorize',
        tokenUrl: '/oauth/token',
        refreshUrl: '/oauth/token',
        scopes: {
          basic_chart: 'Chart API, basic plan',
          advanced_chart: 'Chart API, advanced plan',
          sage_api: 'SAGE answers',
        },
      },
    },
  },
} as const;

/** The key, or a token with a scope that covers the operation (either of several products). */
function securityOf(op: AnyOperation): JsonSchema[] {
  if (op.access === 'public') return [];
  const scopes = op.access === 'free' ? [[]] : ACCESS_PRODUCTS[op.access].map((p) => [p]);
  return [{ bearerAuth: [] }, ...scopes.map((s) => ({ oauth2: s }))];
}

export function buildOpenApi(
  routes: readonly RouteRow[],
  tools: readonly AnyTool[],
  examples: ReadonlyMap<AnyOperation, OperationExample> = new Map(),
): JsonSchema {
  const mcpTools = new Set(tools.map((t) => t.name));
  const parts = operationParts(routes, examples);
  // Paths come after the operations' components: a query parameter reuses its body field's schema.
  const paths = pathItems(routes, mcpTools, parts.components);
  return {
    ...DOCUMENT_HEAD,
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: { ...parts.components.schemas, ...SHARED_SCHEMAS },
      responses: { ...parts.responses, ...errorResponses() },
      headers: SHARED_HEADERS,
      examples: parts.examples,
    },
  };
}

/** What the operations add to the document's components, in operation order. */
interface OperationParts {
  components: Components;
  responses: Record<string, JsonSchema>;
  examples: Record<string, JsonSchema>;
  /** Inputs already written, by the component name they were written under. */
  inputNames: Map<z.core.$ZodType, string>;
}

/** Each operation's request body, success response, their schemas and examples. */
function operationParts(
  routes: readonly RouteRow[],
  examples: ReadonlyMap<AnyOperation, OperationExample>,
): OperationParts {
  const ops = [...new Set(routes.map((r) => r.op))];
  const parts: OperationParts = {
    components: new Components(componentNames(ops)),
    responses: {},
    examples: {},
    inputNames: new Map(),
  };
  const bodyOps = new Set(routes.filter((r) => r.binding.from === 'body').map((r) => r.op));
  for (const op of ops) {
    if (bodyOps.has(op)) addRequestBody(parts, op);
    if (op.produces) {
      addPictureResponse(parts, op);
      continue;
    }
    const flat = routes.some((r) => r.op === op && r.binding.envelope === 'flat');
    addJsonResponse(parts, op, flat, examples.get(op));
  }
  return parts;
}

/** Component names of the operations' own outputs (and the OpenAPI-only ones), by schema. */
function componentNames(ops: readonly AnyOperation[]): Map<z.core.$ZodType, string> {
  const names = new Map<z.core.$ZodType, string>(EXTRA_COMPONENTS);
  for (const op of ops) {
    if (!op.produces && !names.has(op.output)) names.set(op.output, `${componentStem(op.name)}Output`);
  }
  return names;
}

/**
 * The request body: the operation's input, named for the request, and its example. An input another
 * operation already named (a picture's SVG and PNG forms) is a reference to it.
 */
function addRequestBody(parts: OperationParts, op: AnyOperation): void {
  const stem = componentStem(op.name);
  const named = parts.inputNames.get(op.input);
  if (named) parts.components.put(`${stem}Input`, ref('schemas', named));
  else {
    const { $ref: _none, ...input } = parts.components.add(op.input, 'input');
    parts.components.put(`${stem}Input`, input);
    parts.inputNames.set(op.input, `${stem}Input`);
  }
  parts.examples[`${stem}Request`] = { summary: `${op.title}: example input`, value: op.example };
}

/** A JSON answer: the result and envelope schemas, the answer example, the success response. */
function addJsonResponse(
  parts: OperationParts,
  op: AnyOperation,
  flat: boolean,
  example: OperationExample | undefined,
): void {
  const stem = componentStem(op.name);
  const output = parts.components.add(op.output, 'output');
  // An output another operation already named (the sample chart's) is a reference to it.
  if (output.$ref !== `#/components/schemas/${stem}Output`) parts.components.put(`${stem}Output`, output);
  parts.components.put(`${stem}Response`, envelopeSchema(op, stem, flat));
  if (example) {
    parts.examples[`${stem}Response`] = {
      summary: `${op.title}: the answer to the example input`,
      value: restEnvelope(op, flat, example),
    };
  }
  parts.responses[stem] = {
    description: 'Success',
    headers: {
      'X-Queue-Wait-Ms': ref('headers', 'QueueWaitMs'),
      ...(op.cacheable ? { 'X-Cache': ref('headers', 'Cache') } : {}),
      ...(op.httpCache ? HTTP_CACHE_HEADERS : {}),
    },
    content: {
      'application/json': {
        schema: ref('schemas', `${stem}Response`),
        ...(example ? { examples: { example: ref('examples', `${stem}Response`) } } : {}),
      },
    },
  };
}

/** The REST body schema around `<Stem>Output`: flat beside `success`, or `{ success, meta?, data }`. */
function envelopeSchema(op: AnyOperation, stem: string, flat: boolean): JsonSchema {
  if (flat) {
    return {
      allOf: [
        ref('schemas', `${stem}Output`),
        { type: 'object', properties: { success: { const: true } }, required: ['success'] },
      ],
      description: 'The result fields sit beside `success`.',
    };
  }
  return {
    type: 'object',
    properties: {
      success: { const: true },
      ...(op.meta ? { meta: ref('schemas', 'Meta') } : {}),
      data: ref('schemas', `${stem}Output`),
    },
    required: ['success', 'data', ...(op.meta ? ['meta'] : [])],
  };
}

/** The path items: one operation per route, the methods of a path together. */
function pathItems(
  routes: readonly RouteRow[],
  mcpTools: ReadonlySet<string>,
  components: Components,
): Record<string, Record<string, JsonSchema>> {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const row of routes) {
    paths[row.path] = {
      ...paths[row.path],
      [row.method.toLowerCase()]: operationObject(row, mcpTools, components),
    };
  }
  return paths;
}

/**
 * The error responses, each written once under components/responses and referred to by status. Each
 * lists the codes of its status, in its description and as the `code` enum of its body.
 */
function errorResponses(): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([status, [name, summary]]) => {
      const codes = codesWithStatus(Number(status));
      const list = codes.map((code) => `\`${code}\` (${ERROR_MEANING[code]})`).join('; ');
      const schema = {
        allOf: [ref('schemas', 'Error')],
        properties: { error: { properties: { code: { enum: codes } } } },
      };
      return [
        name,
        { description: `${summary}. Codes: ${list}.`, content: { 'application/json': { schema } } },
      ];
    }),
  );
}

/** The document's fixed head: version, info, servers, security and tags. */
const DOCUMENT_HEAD = {
  openapi: '3.1.0',
  info: {
    title: 'Chart calculation and knowledge service',
    version: SERVER_INFO.version,
    description:
      'Human Design, Western astrology, BaZi, transits and SAGE answers over REST; the same tools are ' +
      'served over MCP (Streamable HTTP) at POST /mcp. Authenticate with `Authorization: Bearer <key>`, ' +
      'or with an OAuth access token acting for a key (see the oauth2 security scheme).',
    license: { name: 'AGPL-3.0-only', identifier: 'AGPL-3.0-only' },
  },
  servers: [{ url: '/' }],
  security: [{ bearerAuth: [] }, { oauth2: [] }],
  tags: [
    { name: 'Tools', description: 'Operations also served as MCP tools.' },
    { name: 'Endpoints', description: 'REST-only operations.' },
    {
      name: 'Legacy aliases',
      description: 'Older paths that keep working; they answer exactly as their canonical path.',
    },
  ],
};

/** The schemas every operation shares: the REST `meta` block and the error envelope. */
const SHARED_SCHEMAS = {
  Meta: {
    type: 'object',
    properties: {
      version: { type: 'string' },
      timestamp: { type: 'string', format: 'date-time' },
      endpoint: { type: 'string' },
      units: {
        type: 'integer',
        minimum: 0,
        description:
          'Meter units this call charged (metered operations): 0 on a cache hit; see each operation for its cost',
      },
      warnings: {
        type: 'array',
        items: { type: 'string' },
        description: 'DST gaps and folds, and similar notes',
      },
    },
    required: ['version', 'timestamp', 'endpoint'],
  },
  Error: {
    type: 'object',
    properties: {
      success: { const: false },
      error: {
        type: 'object',
        properties: {
          code: {
            enum: [...ERROR_CODES],
            description: `HTTP status per code: ${ERROR_CODES.map((c) => `${c} ${HTTP_STATUS[c]}`).join(', ')}.`,
          },
          message: { type: 'string' },
          details: { type: 'array', items: { type: 'object' } },
        },
        required: ['code', 'message'],
      },
    },
    required: ['success', 'error'],
  },
};

/** Response headers every success response refers to. */
const SHARED_HEADERS = {
  QueueWaitMs: {
    description: 'Milliseconds the request waited for a free slot (every response carries it).',
    schema: { type: 'integer', minimum: 0 },
  },
  Cache: {
    description: 'HIT when the answer came from the result cache (no units charged).',
    schema: { const: 'HIT' },
  },
};

/** ETag and Cache-Control of answers with HTTP caching (`httpCache`). */
const HTTP_CACHE_HEADERS = {
  ETag: {
    description: 'Strong tag of the answer bytes; send it back in If-None-Match for a 304.',
    schema: { type: 'string' },
  },
  'Cache-Control': {
    description:
      '`public, max-age=86400` for the key-less fixed answers, `private, max-age=86400` for keyed ones.',
    schema: { type: 'string' },
  },
};

/**
 * A picture's success response and its example. Picture bytes have no place in a JSON document, so
 * the example is the picture itself by reference: `externalValue` is the GET URL of the example input,
 * which answers with the real picture (with a key, unless the operation is public).
 */
function addPictureResponse(parts: OperationParts, op: AnyOperation): void {
  const stem = componentStem(op.name);
  const get = op.http.find((b) => b.method === 'GET' && b.from === 'query');
  if (!get) throw new Error(`picture operation ${op.name} has no GET route for its example`);
  const query = new URLSearchParams(
    Object.entries(op.example as Record<string, unknown>).map(([k, v]): [string, string] => [k, String(v)]),
  );
  parts.examples[`${stem}Response`] = {
    summary: `${op.title}: the picture the example input draws${op.access === 'public' ? '' : ' (send your key)'}`,
    externalValue: `${get.path}${query.size ? `?${query}` : ''}`,
  };
  parts.responses[stem] = pictureResponse(op, ref('examples', `${stem}Response`));
}

/** A picture's success response: the SVG text or PNG bytes under their media type. */
function pictureResponse(op: AnyOperation, example: JsonSchema): JsonSchema {
  const svg = op.produces === 'image/svg+xml';
  return {
    description: svg ? 'The SVG document (UTF-8).' : 'The PNG image.',
    headers: {
      'X-Queue-Wait-Ms': ref('headers', 'QueueWaitMs'),
      ...(op.cacheable ? { 'X-Cache': ref('headers', 'Cache') } : {}),
      ...HTTP_CACHE_HEADERS,
      'X-Warnings': {
        description: 'JSON array of warnings about the birth time (daylight-saving gaps and folds), if any.',
        schema: { type: 'string' },
      },
    },
    content: {
      [svg ? 'image/svg+xml' : 'image/png']: {
        schema: svg ? { type: 'string' } : { type: 'string', contentMediaType: 'image/png' },
        examples: { example },
      },
    },
  };
}

function operationObject(row: RouteRow, mcpTools: ReadonlySet<string>, components: Components): JsonSchema {
  const op = row.op;
  const stem = componentStem(op.name);
  const shape = op.input.shape as Record<string, z.ZodType>;
  const example = (op.example ?? {}) as Record<string, unknown>;
  const fixed = new Set(Object.keys(row.fixedQuery));
  const queryFields = Object.entries(shape).filter(
    ([k]) => !fixed.has(k) && (row.binding.from === 'query' || QUERY_OPTIONS.includes(k)),
  );
  const input = components.schemas[`${stem}Input`];
  const parameters = queryFields.map(([name, field]) => {
    // A body route's query option has the same schema as its body field; a query route's fields are inline.
    const schema =
      (input?.properties as Record<string, JsonSchema> | undefined)?.[name] ?? jsonSchema(field, 'input');
    const { description, ...rest } = schema;
    // The query parser reads an integer from digits only (http-bridge/query.ts); JSON Schema's integer
    // would also admit 1e3 and 800.0, so the parameter says which text is read.
    const digits = rest.type === 'integer' ? ' In the query string: digits only (`^-?\\d+$`).' : '';
    const said = typeof description === 'string' ? `${description}${digits}` : digits.trim();
    return {
      name,
      in: 'query',
      required: !(field instanceof z.ZodOptional || field instanceof z.ZodDefault),
      ...(said ? { description: said } : {}),
      schema: rest,
      ...(name in example
        ? { example: example[name] }
        : QUERY_OPTIONS.includes(name) && Array.isArray(rest.enum)
          ? { example: rest.enum[0] }
          : {}),
    };
  });
  // A field with a second accepted name: neither parameter alone is required, one of them is (OpenAPI
  // cannot say "one of two parameters"; the descriptions do, and the request answers 400 without).
  for (const [other, field] of Object.entries(row.binding.queryNames ?? {})) {
    const target = parameters.find((p) => p.name === field);
    if (!target) continue;
    const oneOf = target.required ? ` Send \`${other}\` or \`${field}\`: one of them is required.` : '';
    parameters.push({
      name: other,
      in: 'query',
      required: false,
      description:
        `The same as \`${field}\`, under a shorter name.${oneOf} Sent with \`${field}\`, both must carry ` +
        'the same value.',
      schema: target.schema,
    });
    target.description = `${target.description ?? ''}${oneOf}`.trim();
    target.required = false;
  }
  const responses: JsonSchema = { '200': ref('responses', stem) };
  if (op.httpCache) responses['304'] = { description: 'Not modified: If-None-Match named this ETag.' };
  for (const status of errorStatuses(row)) responses[status] = ref('responses', ERROR_RESPONSES[status][0]);
  return {
    operationId: `${row.aliasOf ? `${op.name}__alias_${row.path.replace(/[^a-zA-Z0-9]+/g, '_')}` : op.name}${
      // An operation served by GET and POST on one path (SAGE) names its second method.
      op.http.indexOf(row.binding) > 0 ? `__${row.method.toLowerCase()}` : ''
    }`,
    summary: op.title,
    description: describeRow(row, mcpTools),
    tags: [row.aliasOf ? 'Legacy aliases' : mcpTools.has(op.name) ? 'Tools' : 'Endpoints'],
    ...(row.aliasOf ? { deprecated: true } : {}),
    security: securityOf(op),
    ...(parameters.length ? { parameters } : {}),
    ...(row.binding.from === 'body'
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: ref('schemas', `${stem}Input`),
                examples: { example: ref('examples', `${stem}Request`) },
              },
            },
          },
        }
      : {}),
    responses,
  };
}
