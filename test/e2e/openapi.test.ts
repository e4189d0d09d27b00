/**
 * The OpenAPI 3.1 document is structurally valid and complete, checked by hand (no validator
 * dependency): every $ref resolves, every operation has a unique operationId, examples are valid
 * for the zod schemas the service itself validates with, aliases share their canonical
 * components, and the error responses match what the bridge can answer. Sources: OpenAPI 3.1.0
 * (components, Reference Object, Parameter Object `in: query`, Example Object), JSON Schema
 * 2020-12 ($defs/$ref), shared/DESIGN.md sections 3-5 (one schema per tool, the status table, 413
 * body limit, 429 rate and quota, 503 passing outages: queue, database, knowledge), the REST bridge's rawInput (query fields under the
 * body) for `?include=tooltips`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { ERROR_CODES, HTTP_STATUS } from '../../src/core/errors.js';
import { ENDPOINTS } from '../../src/endpoints/index.js';
import { buildOpenApi, componentStem, type OperationExample } from '../../src/reference/openapi.js';
import { operationExamples } from '../../src/reference/openapi-examples.js';
import { buildRouteTable } from '../../src/operations/routes.js';
import type { AnyOperation } from '../../src/operations/types.js';
import { TOOLS } from '../../src/tools/index.js';
import { startService, type TestService } from '../helpers/service.js';

type Json = Record<string, unknown>;
interface OperationDoc {
  operationId: string;
  deprecated?: boolean;
  parameters?: { name: string; in: string; required: boolean; schema: Json; example?: unknown }[];
  requestBody?: { content: Record<string, { schema: Json; examples?: Record<string, Json> }> };
  responses: Record<string, Json>;
  security?: unknown[];
}

const routes = buildRouteTable([...TOOLS, ...ENDPOINTS]);
let svc: TestService;
let examples: Map<AnyOperation, OperationExample>;
let doc: Json & {
  paths: Record<string, Record<string, OperationDoc>>;
  components: Record<string, Record<string, Json>>;
};

beforeAll(async () => {
  svc = await startService();
  examples = await operationExamples(
    routes.map((r) => r.op),
    svc.service.deps,
    pino({ level: 'silent' }),
  );
  doc = buildOpenApi(routes, TOOLS, examples) as typeof doc;
});
afterAll(() => svc?.close());

/** Resolves a local JSON pointer (`#/components/schemas/X`) in the document (or in `root`). */
function resolve(pointer: string, root: unknown = doc): unknown {
  expect(pointer.startsWith('#/'), pointer).toBe(true);
  let node: unknown = root;
  for (const raw of pointer.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined;
    node = (node as Json)[key];
  }
  return node;
}

/** Every `$ref` string anywhere under a node. */
function refsIn(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const v of node) refsIn(v, out);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

const operations = () =>
  routes.map((r) => ({ row: r, op: doc.paths[r.path]![r.method.toLowerCase()]! }) as const);

describe('structure', () => {
  it('is OpenAPI 3.1 with the key and OAuth security schemes and no JSON Schema dialect markers', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key' },
      oauth2: {
        type: 'oauth2',
        flows: {
          authorizationCode: {
            authorizationUrl: '/oauth/authorize',
            tokenUrl: '/oauth/token',
            refreshUrl: '/oauth/token',
            scopes: {
              basic_chart: expect.any(String),
              advanced_chart: expect.any(String),
              sage_api: expect.any(String),
            },
          },
        },
      },
    });
    // An operation needing the advanced plan: the key, or a token granted advanced_chart.
    expect(doc.paths['/api/chart']!.post!.security).toEqual([
      { bearerAuth: [] },
      { oauth2: ['advanced_chart'] },
    ]);
    expect(JSON.stringify(doc)).not.toContain('"$schema"');
    expect(JSON.stringify(doc)).not.toContain('#/$defs/');
  });

  it('every $ref resolves', () => {
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(50);
    for (const r of new Set(refs)) expect(resolve(r), r).toBeDefined();
  });

  it('every route is an operation with a unique operationId', () => {
    const ids = operations().map(({ row, op }) => {
      expect(op, `${row.method} ${row.path}`).toBeDefined();
      expect(op.operationId).toMatch(/^[A-Za-z0-9_]+$/);
      return op.operationId;
    });
    expect(new Set(ids).size).toBe(routes.length);
  });

  it('each operation has named Input (body routes), Output and Response components', () => {
    for (const op of new Set(routes.map((r) => r.op))) {
      const stem = componentStem(op.name);
      if (op.produces) {
        // A picture has no JSON body: its response names the media type instead.
        const content = (doc.components.responses![stem] as { content: Json }).content;
        expect(Object.keys(content), op.name).toEqual([op.produces]);
      } else {
        expect(doc.components.schemas![`${stem}Output`], op.name).toBeDefined();
        expect(doc.components.schemas![`${stem}Response`], op.name).toBeDefined();
      }
      if (op.http.some((b) => b.from === 'body'))
        expect(doc.components.schemas![`${stem}Input`], op.name).toBeDefined();
    }
  });

  it('shares common sub-schemas: birth info, planet position and tooltip are defined once and referenced', () => {
    const schemas = doc.components.schemas!;
    for (const name of [
      'BirthInfo',
      'PlanetPosition',
      'Planets',
      'Tooltip',
      'CenterTooltip',
      'PlaceSuggestion',
    ]) {
      expect(schemas[name], name).toBeDefined();
      expect(
        refsIn(schemas).filter((r) => r === `#/components/schemas/${name}`).length,
        name,
      ).toBeGreaterThan(0);
    }
    // The batch embeds the chart by reference, not by copy.
    expect(refsIn(schemas.MultiChartOutput)).toContain('#/components/schemas/GenerateChartOutput');
    // No component's body is repeated inside another one (the inlined copies this replaced).
    const bodies = Object.entries(schemas).map(([name, s]) => [name, JSON.stringify(s)] as const);
    for (const [name, body] of bodies) {
      if (body.length < 150) continue;
      for (const [other, otherBody] of bodies) {
        if (other !== name) expect(otherBody.includes(body), `${name} inside ${other}`).toBe(false);
      }
    }
  });

  it('aliases $ref the same request, response and examples as their canonical path, with no inline schema', () => {
    for (const { row, op } of operations()) {
      const body = op.requestBody?.content['application/json'];
      if (body) expect(Object.keys(body.schema)).toEqual(['$ref']);
      expect(Object.keys(op.responses['200']!)).toEqual(['$ref']);
      if (!row.aliasOf) continue;
      const canonical = doc.paths[row.aliasOf]![row.method.toLowerCase()]!;
      expect(op.deprecated).toBe(true);
      expect(op.requestBody).toEqual(canonical.requestBody);
      expect(op.responses).toEqual(canonical.responses);
    }
  });

  it('documents the errors each route can answer, through shared error responses', () => {
    for (const { row, op } of operations()) {
      const codes = Object.keys(op.responses);
      const name = `${row.method} ${row.path}`;
      expect(codes, name).toEqual(expect.arrayContaining(['200', '400', '500', '503']));
      expect(codes.includes('401'), name).toBe(row.op.access !== 'public');
      expect(codes.includes('403'), name).toBe(!['public', 'free'].includes(row.op.access));
      // A body can be too slow (408), too large (413), or not JSON / in an unknown encoding (415).
      for (const bodyStatus of ['408', '413', '415'])
        expect(codes.includes(bodyStatus), `${name} ${bodyStatus}`).toBe(row.binding.from === 'body');
      expect(codes.includes('429'), name).toBe(row.op.access === 'public' || Boolean(row.op.meter));
      expect(codes.includes('304'), name).toBe(Boolean(row.op.httpCache));
      for (const code of codes.filter((c) => c !== '200' && c !== '304')) {
        const response = resolve(op.responses[code]!.$ref as string) as Json;
        expect(JSON.stringify(response), `${name} ${code}`).toContain('#/components/schemas/Error');
      }
    }
  });
});

describe('the error responses list their codes from the status table', () => {
  const errorBody = (name: string) => {
    const response = doc.components.responses![name] as {
      description: string;
      content: Record<string, { schema: Json }>;
    };
    const schema = response.content['application/json']!.schema as {
      properties: { error: { properties: { code: { enum: string[] } } } };
    };
    return { description: response.description, codes: schema.properties.error.properties.code.enum };
  };

  // Regression: the shared 503 named only the queue, while the database outage (service_unavailable)
  // and SAGE's knowledge_unavailable are 503s too.
  it('the 503 lists every code HTTP_STATUS answers with 503, and every route refers to it', () => {
    const unavailable = ERROR_CODES.filter((code) => HTTP_STATUS[code] === 503);
    expect([...unavailable].sort()).toEqual(
      ['knowledge_unavailable', 'queue_full', 'queue_timeout', 'service_unavailable'].sort(),
    );
    const { description, codes } = errorBody('ServiceUnavailable');
    expect(codes).toEqual(unavailable);
    for (const code of unavailable) expect(description).toContain(`\`${code}\``);
    for (const { row, op } of operations())
      expect(op.responses['503'], `${row.method} ${row.path}`).toEqual({
        $ref: '#/components/responses/ServiceUnavailable',
      });
  });

  it('every error response lists exactly the codes of its status', () => {
    const byName = new Map<string, string>();
    for (const { op } of operations())
      for (const [status, response] of Object.entries(op.responses))
        if (Number(status) >= 400) byName.set((response.$ref as string).split('/').pop()!, status);
    expect(byName.size).toBeGreaterThanOrEqual(9);
    for (const [name, status] of byName) {
      const { description, codes } = errorBody(name);
      const expected = ERROR_CODES.filter((code) => HTTP_STATUS[code] === Number(status));
      expect(expected.length, status).toBeGreaterThan(0);
      expect(codes, name).toEqual(expected);
      for (const code of expected) expect(description, name).toContain(`\`${code}\``);
    }
  });
});

describe('include as a query parameter', () => {
  it('is documented on the chart and composite routes, and not where an alias fixes it', () => {
    const withInclude = operations().filter(({ row }) => 'include' in row.op.input.shape);
    expect(withInclude.map(({ row }) => row.path)).toEqual(
      expect.arrayContaining(['/api/chart', '/api/composite', '/api/v1/data', '/api/v1/composite']),
    );
    for (const { row, op } of withInclude) {
      const param = op.parameters?.find((p) => p.name === 'include');
      if ('include' in row.fixedQuery) {
        expect(param, row.path).toBeUndefined();
        continue;
      }
      expect(param, row.path).toMatchObject({
        in: 'query',
        required: false,
        schema: { enum: ['tooltips'] },
        example: 'tooltips',
      });
    }
  });

  it('is what the bridge reads: ?include=tooltips on POST /api/chart fills the tooltips', async () => {
    const res = await fetch(`${svc.url}/api/chart?include=tooltips`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${svc.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ birthDate: '1948-04-09', birthTime: '00:14', birthLocation: 'Montreal, QC' }),
    });
    const body = (await res.json()) as { data: { tooltips: { type?: { id: string } } } };
    expect(res.status).toBe(200);
    expect(body.data.tooltips.type?.id).toMatch(/^type:/);
  });
});

describe('examples', () => {
  it('every request example is valid input for the zod schema the service validates with', () => {
    for (const { row, op } of operations()) {
      const name = `${row.method} ${row.path}`;
      let input: Json = { ...row.fixedQuery };
      const ref = op.requestBody?.content['application/json']?.examples?.example?.$ref;
      if (row.binding.from === 'body') {
        expect(ref, name).toBeDefined();
        input = { ...((resolve(ref as string) as { value: Json }).value ?? {}), ...input };
      } else {
        for (const p of op.parameters ?? []) if (p.example !== undefined) input[p.name] = p.example;
      }
      const parsed = row.op.input.safeParse(input);
      expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it('every operation has a response example: its real answer to the request example, valid for its output schema', () => {
    for (const op of new Set(routes.map((r) => r.op))) {
      const stem = componentStem(op.name);
      const example = doc.components.examples![`${stem}Response`] as { value: Json } | undefined;
      // Pictures are bytes: their example is the URL that answers with the picture (tested below).
      if (op.produces) {
        expect(example, op.name).toMatchObject({ externalValue: expect.stringMatching(/^\/api\//) });
        continue;
      }
      expect(example, op.name).toBeDefined();
      const flat = op.http.some((b) => b.envelope === 'flat');
      const { success, meta, data, ...rest } = example!.value;
      expect(success).toBe(true);
      const result = flat ? rest : data;
      const parsed = op.output.safeParse(result);
      expect(parsed.success, `${op.name}: ${JSON.stringify(parsed.error?.issues?.slice(0, 3))}`).toBe(true);
      if (op.meta) expect(meta).toMatchObject({ version: op.meta.version, endpoint: op.meta.endpoint });
    }
    // Real values, from the same engine the routes run: the Montréal 1948 example is the reference
    // chart R1 of test/chart/reference.ts (Manifestor, 5/1, Splenic; Ra Uru Hu's published chart).
    const chart = (doc.components.examples!.GenerateChartResponse as { value: { data: Json } }).value.data;
    expect(chart).toMatchObject({
      birthInfo: { timezone: 'America/Toronto', utc: '1948-04-09T05:14:00Z' },
      chart: { type: 'Manifestor', profile: '5/1', authority: 'Splenic' },
    });
    const location = (doc.components.examples!.ValidateLocationResponse as { value: Json }).value;
    expect(location).toMatchObject({ success: true, valid: true, resolved: { timezone: 'America/Toronto' } });
  });

  it("a picture's example URL answers with the picture its example input draws", async () => {
    for (const op of new Set(routes.map((r) => r.op).filter((o) => o.produces))) {
      const example = doc.components.examples![`${componentStem(op.name)}Response`] as {
        externalValue: string;
      };
      const res = await fetch(`${svc.url}${example.externalValue}`, {
        headers: op.access === 'public' ? {} : { Authorization: `Bearer ${svc.key}` },
      });
      expect(res.status, example.externalValue).toBe(200);
      expect(res.headers.get('content-type'), example.externalValue).toContain(op.produces);
      expect((await res.arrayBuffer()).byteLength, example.externalValue).toBeGreaterThan(1000);
    }
  });

  it('every operation /openapi.json serves has a request example and a response example per success media type', async () => {
    const served = (await (await fetch(`${svc.url}/openapi.json`)).json()) as typeof doc;
    /** An Example Object (or a reference to one) that carries a value or points at one. */
    const isExample = (node: unknown): boolean => {
      const example = (
        node && typeof node === 'object' && '$ref' in node ? resolve(String(node.$ref), served) : node
      ) as Json | undefined;
      return Boolean(example && ('value' in example || typeof example.externalValue === 'string'));
    };
    let checked = 0;
    for (const [path, methods] of Object.entries(served.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`;
        const row = routes.find((r) => r.path === path && r.method.toLowerCase() === method)!;
        expect(row, name).toBeDefined();
        const body = op.requestBody?.content ?? {};
        for (const [type, media] of Object.entries(body)) {
          expect(
            Object.values(media.examples ?? {}).filter(isExample).length,
            `${name} ${type}`,
          ).toBeGreaterThan(0);
        }
        // Regression (outside probe): GET /api/chart/bodygraph/sample.json took no input and so carried
        // no request example; every operation now shows one in its own object, not only behind a $ref.
        const parameters = op.parameters ?? [];
        if (!op.requestBody) {
          expect(
            parameters.filter((p) => p.example !== undefined).length,
            `${name} parameters`,
          ).toBeGreaterThan(0);
        }
        const success = resolve(String(op.responses['200']!.$ref), served) as {
          content: Record<string, Json>;
        };
        expect(Object.keys(success.content).length, name).toBeGreaterThan(0);
        for (const [type, media] of Object.entries(success.content)) {
          const examples = Object.values((media.examples ?? {}) as Record<string, unknown>);
          expect(examples.filter(isExample).length, `${name} ${type} response`).toBeGreaterThan(0);
        }
        checked++;
      }
    }
    expect(checked).toBe(routes.length);
  });

  it('is what GET /openapi.json serves', async () => {
    const served = (await (await fetch(`${svc.url}/openapi.json`)).json()) as typeof doc;
    expect(Object.keys(served.components.examples!).sort()).toEqual(
      Object.keys(doc.components.examples!).sort(),
    );
    expect(served.paths).toEqual(doc.paths);
  });
});
