/**
 * Snapshots of the public surface, so every change to it shows up as a reviewed diff
 * (test/helpers/snapshot.ts; a missing or changed snapshot fails, UPDATE_SNAPSHOTS=1 rewrites):
 * - the MCP `tools/list` and `resources/list` results exactly as the official SDK client receives
 *   them (names, titles, descriptions, annotations, input and output JSON Schemas), from the MCP
 *   endpoint on a loopback socket without the rest of the service;
 * - the REST route table with its legacy aliases (method, path, operation, aliasOf, fixed query);
 * - the OpenAPI document as /openapi.json serves it (the same builder over the same route table).
 * What the surface must be is in the spec (MCP endpoint, Endpoints, Versioning) and shared/DESIGN.md
 * section 3; these snapshots pin what it is.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/client';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/endpoints/index.js';
import { buildOpenApi } from '../../src/reference/openapi.js';
import { buildRouteTable } from '../../src/operations/routes.js';
import { createMcpEndpoint } from '../../src/mcp/index.js';
import { ResultCache } from '../../src/operations/cache.js';
import type { Deps } from '../../src/operations/types.js';
import { RESOURCES } from '../../src/resources/index.js';
import { TOOLS } from '../../src/tools/index.js';
import { expectJsonSnapshot } from '../helpers/snapshot.js';
import { connectMcp } from '../helpers/mcp.js';

const HERE = import.meta.dirname;
const routes = buildRouteTable([...TOOLS, ...ENDPOINTS]);

let server: Server;
let client: Client;
beforeAll(async () => {
  // Listing needs no dependencies: a deps object that throws on use proves it.
  const deps = new Proxy({} as Deps, {
    get(_t, key) {
      throw new Error(`listing must not use deps.${String(key)}`);
    },
  });
  const endpoint = createMcpEndpoint({
    tools: TOOLS,
    resources: RESOURCES,
    deps,
    cache: new ResultCache(0),
    log: pino({ level: 'silent' }),
  });
  server = createServer((req, res) => {
    void endpoint.handle(req, res, { caller: null, setHeader: (n, v) => res.setHeader(n, v) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = await connectMcp(`http://127.0.0.1:${port}`, null);
});
afterAll(async () => {
  await client?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('surface snapshots', () => {
  it('MCP tools/list as the SDK client receives it', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    expectJsonSnapshot(HERE, 'mcp-tools-list', tools);
  });

  it('MCP resources/list as the SDK client receives it', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(RESOURCES.map((r) => r.uri));
    expectJsonSnapshot(HERE, 'mcp-resources-list', resources);
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
    expectJsonSnapshot(HERE, 'openapi', JSON.parse(JSON.stringify(buildOpenApi(routes, TOOLS))));
  });
});
