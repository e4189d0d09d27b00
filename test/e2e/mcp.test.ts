/**
 * MCP over real HTTP with the official SDK client (@modelcontextprotocol/client), both protocol eras,
 * and raw JSON-RPC as curl would send it. Expected behaviour: the spec's MCP endpoint and
 * Authentication sections (401 without key, isError outside the plan) and the MCP Streamable HTTP
 * transport (2025-11-25 initialize, answered as a JSON body, which the transport allows for a POST;
 * 2026-07-28 per-request envelope headers).
 * Place facts (Montréal -> America/Toronto) from GeoNames.
 */
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/tools/index.js';
import { fixtureTools } from '../helpers/fixtures.js';
import { authHeaders, startService, type TestService } from '../helpers/service.js';
import { connectMcp } from '../helpers/mcp.js';

let svc: TestService;
const fx = fixtureTools();

beforeAll(async () => {
  svc = await startService({}, { tools: [...TOOLS, ...fx.tools] });
});
afterAll(() => svc?.close());

const connect = (key: string, mode?: 'auto'): Promise<Client> => connectMcp(svc.url, key, { mode });

/** Reads a JSON-RPC answer that may come as JSON or as one SSE `message` event. */
async function rpcBody(
  res: Response,
): Promise<{ result?: Record<string, unknown>; error?: { code: number; message: string } }> {
  const text = await res.text();
  if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const data = text
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => l.slice(6))
      .join('');
    return JSON.parse(data);
  }
  return JSON.parse(text);
}

describe.each([
  ['legacy (initialize)', undefined],
  ['negotiated (auto)', 'auto' as const],
])('SDK client, %s', (_label, mode) => {
  it('lists every registry tool with schemas and annotations', async () => {
    const client = await connect(svc.key, mode);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([...TOOLS, ...fx.tools].map((t) => t.name));
    const vl = tools.find((t) => t.name === 'validate_location')!;
    expect(vl.outputSchema).toBeDefined();
    // destructiveHint and idempotentHint mean nothing on a read-only tool and are not listed.
    expect(vl.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(Object.keys((vl.inputSchema as { properties: object }).properties)).toContain('birthLocation');
    await client.close();
  });

  it('calls validate_location: text and structuredContent carry the same data', async () => {
    const client = await connect(svc.key, mode);
    const r = await client.callTool({
      name: 'validate_location',
      arguments: { birthLocation: 'Montreal, QC', birthDate: '1948-04-09', birthTime: '00:05' },
    });
    expect(r.isError).toBeFalsy();
    const data = r.structuredContent as { valid: boolean; resolved: { timezone: string; offset: number } };
    expect(data.valid).toBe(true);
    expect(data.resolved.timezone).toBe('America/Toronto');
    expect(data.resolved.offset).toBe(-5);
    expect(JSON.parse((r.content as { text: string }[])[0]!.text)).toEqual(data);
    await client.close();
  });

  it('a tool outside the plan is an isError result naming the missing product', async () => {
    const sageOnly = await svc.createKey(['sage_api']);
    const client = await connect(sageOnly, mode);
    const r = await client.callTool({ name: 'fixture_chart', arguments: { n: 3 } });
    expect(r.isError).toBe(true);
    expect((r.content as { text: string }[])[0]!.text).toMatch(
      /plan does not include the Chart API \(advanced_chart\)/,
    );
    await client.close();
  });

  it('a place that cannot be resolved is a result, not an error (valid: false with suggestions)', async () => {
    const client = await connect(svc.key, mode);
    const r = await client.callTool({ name: 'validate_location', arguments: { birthLocation: 'Torronto' } });
    expect(r.isError).toBeFalsy();
    expect((r.structuredContent as { valid: boolean }).valid).toBe(false);
    await client.close();
  });
});

describe('raw JSON-RPC over HTTP', () => {
  it('GET and DELETE (2025 session operations) are 405 on this stateless server', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${svc.url}/mcp`, {
        method,
        headers: { ...authHeaders(svc.key), Accept: 'application/json, text/event-stream' },
      });
      expect(res.status, method).toBe(405);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/not allowed/i);
    }
  });

  const legacyHeaders = () => ({ ...authHeaders(svc.key), Accept: 'application/json, text/event-stream' });

  it('initialize then tools/call (2025-11-25, JSON answers)', async () => {
    const init = await fetch(`${svc.url}/mcp`, {
      method: 'POST',
      headers: legacyHeaders(),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'curl', version: '0' },
        },
      }),
    });
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toMatch(/^application\/json/);
    expect(init.headers.get('x-queue-wait-ms')).toMatch(/^\d+$/);
    const initBody = await rpcBody(init);
    expect(initBody.result).toMatchObject({
      protocolVersion: '2025-11-25',
      serverInfo: { name: 'chart-service' },
    });

    const call = await fetch(`${svc.url}/mcp`, {
      method: 'POST',
      headers: legacyHeaders(),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'validate_location', arguments: { latitude: 51.5, longitude: -0.12 } },
      }),
    });
    const body = await rpcBody(call);
    const content = (body.result as { content: { text: string }[] }).content;
    expect(JSON.parse(content[0]!.text)).toMatchObject({
      valid: true,
      resolved: { timezone: 'Europe/London', source: 'offline-coordinates' },
    });
  });

  it('a 2026-07-28 request with the per-request envelope', async () => {
    const res = await fetch(`${svc.url}/mcp`, {
      method: 'POST',
      headers: {
        ...authHeaders(svc.key),
        Accept: 'application/json',
        'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'tools/call',
        'Mcp-Name': 'validate_location',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: {
          name: 'validate_location',
          arguments: { birthLocation: 'Kiev' },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    });
    expect(res.status).toBe(200);
    const body = await rpcBody(res);
    expect(
      (body.result as { structuredContent: { resolved: { city: string } } }).structuredContent.resolved.city,
    ).toMatch(/^Kyiv/);
  });

  it.each([
    ['no Authorization header', {}],
    ['an unknown key', { Authorization: 'Bearer csk_not_a_real_key' }],
    ['a malformed header', { Authorization: 'Basic abc' }],
  ])('answers 401 with WWW-Authenticate for %s', async (_label, headers) => {
    const res = await fetch(`${svc.url}/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    // invalid_token, and the resource metadata saying keys (test/e2e/mcp-key-problems.test.ts).
    expect(res.headers.get('www-authenticate')).toMatch(
      /^Bearer realm="chart-service", resource_metadata="http:\/\/[^"]+\/mcp", error="invalid_token", error_description="[^"]+"$/,
    );
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it('a revoked key stops working once the key cache expires', async () => {
    const short = await startService({ KEY_CACHE_MS: '0' });
    try {
      const key = await short.createKey(['advanced_chart']);
      const call = () =>
        fetch(`${short.url}/mcp`, {
          method: 'POST',
          headers: { ...authHeaders(key), Accept: 'application/json, text/event-stream' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        });
      expect((await call()).status).toBe(200);
      const rec = (await short.service.deps.store.keys.list()).find((k) => k.prefix === key.slice(0, 12))!;
      expect(await short.service.deps.store.keys.revoke(rec.id)).toBe(true);
      expect((await call()).status).toBe(401);
    } finally {
      await short.close();
    }
  });
});
