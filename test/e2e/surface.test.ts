/**
 * Every operation on every surface, driven by the registry (src/tools/index.ts TOOLS and
 * src/endpoints/index.ts ENDPOINTS) and each operation's own `example`; no tool is named here.
 * Expected behaviour: shared/DESIGN.md sections 3-4 (one definition served on MCP and REST; the
 * error envelope and status table; failures the caller can fix are `isError` on MCP), the spec's
 * Authentication section (401 without a key, 403 / isError for a product outside the plan) and its
 * Versioning section (legacy aliases are the same handlers and return the same shapes).
 * - parity: MCP `structuredContent` = REST `data` on the canonical route = REST `data` on every alias
 *   (with the alias's fixed query);
 * - errors: `{}` is 400 invalid_input naming a field on REST and isError on MCP, for every tool (and
 *   every REST-only operation whose schema rejects `{}`); no key is 401 on every route; a key without
 *   the operation's product is 403 on REST and isError on MCP.
 */
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRow } from '../../src/operations/routes.js';
import { ACCESS_LABEL, ACCESS_PRODUCTS, type AnyOperation } from '../../src/operations/types.js';
import { PRODUCTS } from '../../src/store/index.js';
import { ENDPOINTS } from '../../src/endpoints/index.js';
import { TOOLS } from '../../src/tools/index.js';
import { advertisedAnnotations } from '../../src/mcp/tool-listing.js';
import { authHeaders, startService, type TestService } from '../helpers/service.js';
import { connectMcp } from '../helpers/mcp.js';

interface ErrorBody {
  success: false;
  error: { code: string; message: string; details?: { field?: string }[] };
}
type Body = Record<string, unknown> & { success: boolean; data?: unknown; meta?: Record<string, unknown> };

let svc: TestService;
const clients: Client[] = [];
beforeAll(async () => {
  svc = await startService();
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await svc?.close();
});

async function connect(key: string): Promise<Client> {
  const c = await connectMcp(svc.url, key);
  clients.push(c);
  return c;
}

async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  return (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    structuredContent?: Record<string, unknown>;
    content: { text: string }[];
  };
}

/** Sends an operation's input to a route: the body for POST, query parameters for GET. */
async function send(
  row: Pick<RouteRow, 'method' | 'path'>,
  input: Record<string, unknown>,
  fixed: Readonly<Record<string, string>> = {},
  key: string | null = svc.key,
): Promise<{ status: number; headers: Headers; body: Body; bytes: Buffer }> {
  const headers = key ? authHeaders(key) : { 'Content-Type': 'application/json' };
  const res =
    row.method === 'POST'
      ? await fetch(`${svc.url}${row.path}?${new URLSearchParams({ ...fixed })}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(input),
        })
      : await fetch(
          `${svc.url}${row.path}?${new URLSearchParams({
            ...Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])),
            ...fixed,
          })}`,
          { headers },
        );
  // Pictures answer in bytes; errors, like every other answer, in JSON.
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = res.headers.get('content-type')?.startsWith('application/json');
  return {
    status: res.status,
    headers: res.headers,
    body: json ? (JSON.parse(bytes.toString()) as Body) : ({} as Body),
    bytes,
  };
}

/** The operation's result in a REST answer: `data`, or the fields beside `success` (flat envelope). */
function restData(row: RouteRow, body: Body): unknown {
  if (row.binding.envelope === 'flat') {
    const { success: _success, meta: _meta, ...rest } = body;
    return rest;
  }
  return body.data;
}

const routes = (): RouteRow[] => svc.service.http.routes;
const canonicalOf = (op: AnyOperation): RouteRow[] => routes().filter((r) => r.op === op && !r.aliasOf);
const aliasesOf = (op: AnyOperation): RouteRow[] => routes().filter((r) => r.op === op && r.aliasOf);
const isTool = (op: AnyOperation): boolean => (TOOLS as readonly AnyOperation[]).includes(op);
const OPERATIONS: readonly AnyOperation[] = [...TOOLS, ...ENDPOINTS];

describe('MCP lists every tool as the registry defines it', () => {
  it('names, titles, annotations and an output schema', async () => {
    const { tools } = await (await connect(svc.key)).listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    for (const tool of TOOLS) {
      const listed = tools.find((t) => t.name === tool.name)!;
      expect(listed.title, tool.name).toBe(tool.title);
      expect(listed.description, tool.name).toBe(tool.description);
      expect(listed.outputSchema, tool.name).toBeDefined();
      expect(listed.annotations, tool.name).toEqual(advertisedAnnotations(tool.annotations));
      expect(listed.annotations, tool.name).toMatchObject({
        readOnlyHint: tool.annotations.readOnlyHint,
        openWorldHint: tool.annotations.openWorldHint,
      });
    }
  });
});

describe.each(OPERATIONS.map((op) => [op.name, op] as const))('%s', (_name, op) => {
  const example = op.example as Record<string, unknown>;

  it('gives the same data over MCP, the canonical route and every alias', async () => {
    const [canonical] = canonicalOf(op);
    expect(canonical, 'a canonical route').toBeDefined();
    const base = await send(canonical!, example);
    expect(base.status, JSON.stringify(base.body)).toBe(200);
    if (op.produces) {
      // A picture: its media type, and the same bytes from every route and alias.
      expect(base.headers.get('content-type')).toMatch(new RegExp(`^${op.produces.replace('+', '\\+')}`));
      for (const row of routes().filter((r) => r.op === op && r !== canonical)) {
        const other = await send(row, example, row.fixedQuery);
        expect(other.status, `${row.method} ${row.path}`).toBe(200);
        expect(other.bytes.equals(base.bytes), `${row.method} ${row.path}`).toBe(true);
        if (row.aliasOf) expect(other.headers.get('link')).toBe(`<${row.aliasOf}>; rel="canonical"`);
      }
      return;
    }
    expect(base.body.success).toBe(true);
    const data = restData(canonical!, base.body);

    if (isTool(op)) {
      const mcp = await callTool(await connect(svc.key), op.name, example);
      expect(mcp.isError, mcp.content[0]?.text).toBeFalsy();
      expect(JSON.parse(mcp.content[0]!.text)).toEqual(mcp.structuredContent);
      expect(mcp.structuredContent).toEqual(data);
      // The server does not re-parse outputs (src/mcp/schemas.ts): this is where they meet their schema.
      const parsed = op.output.safeParse(mcp.structuredContent);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }

    for (const alias of aliasesOf(op)) {
      const label = `${alias.method} ${alias.path}`;
      const [viaAlias, viaCanonical] = await Promise.all([
        send(alias, example),
        send({ method: alias.method, path: alias.aliasOf! }, example, alias.fixedQuery),
      ]);
      expect(viaAlias.status, label).toBe(200);
      expect(viaAlias.headers.get('link'), label).toBe(`<${alias.aliasOf}>; rel="canonical"`);
      expect(restData(alias, viaAlias.body), label).toEqual(restData(alias, viaCanonical.body));
      expect({ ...viaAlias.body.meta, timestamp: 0 }, label).toEqual({
        ...viaCanonical.body.meta,
        timestamp: 0,
      });
      if (alias.fixedQuery.include === 'tooltips') {
        const tooltips = (restData(alias, viaAlias.body) as { tooltips?: object }).tooltips ?? {};
        expect(Object.keys(tooltips).length, `${label} fills tooltips`).toBeGreaterThan(0);
      }
    }
  });

  const rejectsEmpty = isTool(op) || !op.input.safeParse({}).success;
  it.runIf(rejectsEmpty)('`{}` is 400 invalid_input naming a field on REST, isError on MCP', async () => {
    for (const row of canonicalOf(op)) {
      const r = await send(row, {});
      expect(r.status, `${row.method} ${row.path}`).toBe(400);
      const body = r.body as unknown as ErrorBody;
      expect(body.success).toBe(false);
      expect(body.error.code).toBe('invalid_input');
      expect(typeof body.error.message).toBe('string');
      const fields = (body.error.details ?? []).map((d) => d.field);
      expect(fields.length, body.error.message).toBeGreaterThan(0);
      for (const f of fields) expect(f).toMatch(/^[A-Za-z][\w.]*$/);
    }
    if (isTool(op)) {
      const mcp = await callTool(await connect(svc.key), op.name, {});
      expect(mcp.isError).toBe(true);
      expect(mcp.content[0]!.text.length).toBeGreaterThan(0);
    }
  });

  it.runIf(op.access !== 'public')('without a key: 401 on every route', async () => {
    for (const row of routes().filter((r) => r.op === op)) {
      const r = await send(row, example, row.fixedQuery, null);
      expect(r.status, `${row.method} ${row.path}`).toBe(401);
      expect(r.headers.get('www-authenticate')).toMatch(
        /^Bearer realm="chart-service", resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource\/mcp", error="invalid_token"/,
      );
      expect((r.body as unknown as ErrorBody).error.code).toBe('unauthorized');
    }
  });

  it.runIf(op.access !== 'public' && op.access !== 'free')(
    'with a key lacking the product: 403 on REST, isError on MCP, naming the product',
    async () => {
      const needed = ACCESS_PRODUCTS[op.access as keyof typeof ACCESS_PRODUCTS];
      const key = await svc.createKey(PRODUCTS.filter((p) => !needed.includes(p)));
      for (const row of routes().filter((r) => r.op === op)) {
        const r = await send(row, example, row.fixedQuery, key);
        expect(r.status, `${row.method} ${row.path}`).toBe(403);
        const error = (r.body as unknown as ErrorBody).error;
        expect(error.code).toBe('forbidden');
        expect(error.message).toContain(ACCESS_LABEL[op.access]);
      }
      if (isTool(op)) {
        const mcp = await callTool(await connect(key), op.name, example);
        expect(mcp.isError).toBe(true);
        expect(mcp.content[0]!.text).toContain(`plan does not include ${ACCESS_LABEL[op.access]}`);
      }
    },
  );
});
