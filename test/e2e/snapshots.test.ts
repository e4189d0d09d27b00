/**
 * Snapshots of the public surface, so every change to it shows up as a reviewed diff
 * (test/helpers/snapshot.ts; a missing, changed or leftover snapshot fails, UPDATE_SNAPSHOTS=1
 * rewrites), one file per tool and per path so that a change to one tool shows as one file's diff:
 * - the MCP `tools/list` result exactly as the official SDK client receives it (names, titles,
 *   descriptions, annotations, input and output JSON Schemas), from the MCP endpoint on a loopback
 *   socket without the rest of the service: `tools/<name>.json` per tool and `tools/index.json` for
 *   their order; and `resources/list`;
 * - the REST route table with its legacy aliases (method, path, operation, aliasOf, fixed query);
 * - the OpenAPI document as /openapi.json serves it (the same builder over the same route table):
 *   `openapi/paths/<path>.json` per path, `openapi/components/schemas/<Name>.json` per schema and
 *   `openapi/document.json` for the rest, with the paths and schema names in document order.
 * What the surface must be is in the spec (MCP endpoint, Endpoints, Versioning) and shared/DESIGN.md
 * section 3; these snapshots pin what it is.
 */
import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/client';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/endpoints/index.js';
import { buildOpenApi } from '../../src/reference/openapi.js';
import { buildRouteTable } from '../../src/operations/routes.js';
import { send } from '../../src/http-bridge/http.js';
import { createMcpEndpoint } from '../../src/mcp/index.js';
import { listToolsInProcess } from '../../src/mcp/tool-listing.js';
import { ResultCache } from '../../src/operations/cache.js';
import type { Deps } from '../../src/operations/types.js';
import { RESOURCES } from '../../src/resources/index.js';
import { TOOLS } from '../../src/tools/index.js';
import { expectJsonSnapshot, expectJsonSnapshotFolder } from '../helpers/snapshot.js';
import { connectMcp } from '../helpers/mcp.js';
import { sharedKnowledge } from '../helpers/service.js';

const HERE = import.meta.dirname;
const routes = buildRouteTable([...TOOLS, ...ENDPOINTS]);

let server: Server;
let client: Client;
let url: string;
beforeAll(async () => {
  // Listing needs no dependencies but the knowledge base (its articles are resources): a deps object
  // that throws on any other use proves it.
  const knowledge = await sharedKnowledge();
  const deps = new Proxy({} as Deps, {
    get(_t, key) {
      if (key === 'knowledge') return knowledge;
      throw new Error(`listing must not use deps.${String(key)}`);
    },
  });
  const endpoint = createMcpEndpoint({
    tools: TOOLS,
    resources: RESOURCES,
    deps,
    cache: new ResultCache(0),
    log: pino({ level: 'silent' }),
    sendJson: (res, text, report) => send(res, 200, 'application/json', text, undefined, report),
  });
  server = createServer((req, res) => {
    void endpoint.handle(req, res, { caller: null, setHeader: (n, v) => res.setHeader(n, v) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  client = await connectMcp(url, null);
});
afterAll(async () => {
  await client?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('surface snapshots', () => {
  it('MCP tools/list as the SDK client receives it', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(TOOLS.map((t) => t.name));
    expect(names).not.toContain('index');
    expectJsonSnapshotFolder(
      HERE,
      'tools',
      new Map<string, unknown>([['index', names], ...tools.map((t) => [t.name, t] as const)]),
    );
  });

  it('tools/list built in-process (the README tool table and its size) is the list a client receives', async () => {
    const { tools } = await client.listTools();
    const inProcess = await listToolsInProcess(TOOLS);
    expect(inProcess).toEqual({ tools });
    // Byte for byte, as the endpoint writes it in a raw JSON-RPC answer (the client reorders keys).
    const raw = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    const sent = (await raw.json()) as { result: unknown };
    expect(JSON.stringify(inProcess)).toBe(JSON.stringify(sent.result));
  });

  it('MCP resources/list as the SDK client receives it: the fixed resources, then the articles', async () => {
    const { resources } = await client.listResources();
    // The two reference resources and the chart tools' MCP App (ui://), in registry order.
    const fixed = resources.slice(0, RESOURCES.length);
    expect(fixed.map((r) => r.uri)).toEqual(RESOURCES.map((r) => r.uri));
    expectJsonSnapshot(HERE, 'mcp-resources-list', fixed);
    // The articles follow the knowledge folder's content, so they are checked by rule, not pinned.
    const articles = resources.slice(fixed.length);
    expect(articles.length).toBeGreaterThan(20);
    for (const a of articles) expect(a.uri).toMatch(/^svc:\/\/knowledge\/(hd|astrology|bazi)\/article:/);
  });

  it('MCP resources/templates/list and prompts/list', async () => {
    expectJsonSnapshot(
      HERE,
      'mcp-resource-templates-list',
      (await client.listResourceTemplates()).resourceTemplates,
    );
    expectJsonSnapshot(HERE, 'mcp-prompts-list', (await client.listPrompts()).prompts);
  });

  it('the REST route and alias table', () => {
    expectJsonSnapshot(
      HERE,
      'rest-routes',
      routes.map((r) => ({
        method: r.method,
        path: r.path,
        operation: r.op.name,
        aliasOf: r.aliasOf,
        fixedQuery: r.fixedQuery,
      })),
    );
  });

  it('the OpenAPI document (/openapi.json)', () => {
    // /openapi.json serves JSON.stringify(buildOpenApi(routes, tools)) over this same route table.
    expectJsonSnapshotFolder(
      HERE,
      'openapi',
      openApiFiles(JSON.parse(JSON.stringify(buildOpenApi(routes, TOOLS)))),
    );
  });

  it('holds no snapshot the tests above do not write', () => {
    expect(readdirSync(join(HERE, '__snapshots__')).sort()).toEqual([
      'mcp-prompts-list.json',
      'mcp-resource-templates-list.json',
      'mcp-resources-list.json',
      'openapi',
      'rest-routes.json',
      'tools',
    ]);
  });
});

type OpenApiDoc = Record<string, unknown> & {
  paths: Record<string, unknown>;
  components: Record<string, unknown> & { schemas: Record<string, unknown> };
};

/** `/api/chart/bodygraph/sample.json` -> `api-chart-bodygraph-sample-json`: a path's snapshot file name. */
const pathSlug = (path: string): string => path.slice(1).replace(/[^A-Za-z0-9]+/g, '-');

/**
 * The OpenAPI document as snapshot files: each path item and each component schema in a file of its
 * own, and the rest of the document with the lists of paths and schema names in their place (so the
 * order stays pinned).
 */
function openApiFiles(doc: OpenApiDoc): Map<string, unknown> {
  const { paths, components } = doc;
  const slugs = Object.keys(paths).map(pathSlug);
  expect(new Set(slugs).size, 'two paths share a snapshot file name').toBe(slugs.length);
  return new Map<string, unknown>([
    [
      'document',
      {
        ...doc,
        paths: Object.keys(paths),
        components: { ...components, schemas: Object.keys(components.schemas) },
      },
    ],
    ...Object.entries(paths).map(([path, item]) => [`paths/${pathSlug(path)}`, item] as const),
    ...Object.entries(components.schemas).map(
      ([name, schema]) => [`components/schemas/${name}`, schema] as const,
    ),
  ]);
}
