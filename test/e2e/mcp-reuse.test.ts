/**
 * MCP endpoint built once, served per request (src/mcp/index.ts; docs/decisions.md "Surfaces and
 * envelopes"): tool handlers and schemas are shared by every request's server, so (1) concurrent
 * calls by different keys, on both protocol eras, are each metered to their own key — the caller is
 * read from the call's own AuthInfo, never from a shared closure; (2) tools/list serves the same
 * JSON Schemas on every request and era, equal to zod's own conversion, converted once per process.
 * Expected schemas from zod 4's toJSONSchema (draft 2020-12), the target the SDK uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { advertisedSchema, compactOutput, portable } from '../../src/mcp/schemas.js';
import { TOOLS } from '../../src/tools/index.js';
import { fixtureTools } from '../helpers/fixtures.js';
import { authHeaders, startService, type TestService } from '../helpers/service.js';

let svc: TestService;
const fx = fixtureTools();

beforeAll(async () => {
  svc = await startService({}, { tools: [...TOOLS, ...fx.tools] });
});
afterAll(() => svc?.close());

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** One stateless JSON-RPC request as a 2025-era (SSE) or 2026-07-28 (JSON) client sends it. */
async function rpc(
  key: string,
  era: 'legacy' | 'modern',
  method: string,
  params: Record<string, unknown> = {},
  name?: string,
): Promise<Record<string, unknown>> {
  const modern = era === 'modern';
  const res = await fetch(`${svc.url}/mcp`, {
    method: 'POST',
    headers: {
      ...authHeaders(key),
      Accept: modern ? 'application/json' : 'application/json, text/event-stream',
      ...(modern
        ? {
            'MCP-Protocol-Version': '2026-07-28',
            'Mcp-Method': method,
            ...(name ? { 'Mcp-Name': name } : {}),
          }
        : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: modern ? { ...params, _meta: MODERN_META } : params,
    }),
  });
  expect(res.status).toBe(200);
  const text = await res.text();
  const json = (res.headers.get('content-type') ?? '').includes('text/event-stream')
    ? text
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('')
    : text;
  return (JSON.parse(json) as { result: Record<string, unknown> }).result;
}

async function chartUsage(key: string): Promise<number> {
  const res = await fetch(`${svc.url}/api/usage`, { headers: authHeaders(key) });
  return ((await res.json()) as { data: { usage: { chart: number } } }).data.usage.chart;
}

describe('MCP server parts shared across requests', () => {
  it('concurrent calls by three keys on both eras are each metered to their own key', async () => {
    const keys = await Promise.all([1, 2, 3].map(() => svc.createKey(['advanced_chart'])));
    const calls = keys.flatMap((key, k) =>
      Array.from({ length: 10 * (k + 1) }, (_, i) =>
        rpc(
          key,
          i % 2 ? 'modern' : 'legacy',
          'tools/call',
          { name: 'fixture_chart', arguments: { n: 1_000 * (k + 1) + i } },
          'fixture_chart',
        ),
      ),
    );
    const results = await Promise.all(calls);
    expect(results.every((r) => r.isError !== true)).toBe(true);
    expect(await Promise.all(keys.map(chartUsage))).toEqual([10, 20, 30]);
  });

  it('a key without the product is refused even when a permitted key calls at the same moment', async () => {
    const [allowed, other] = await Promise.all([
      svc.createKey(['advanced_chart']),
      svc.createKey(['sage_api']),
    ]);
    const [ok, refused] = await Promise.all([
      rpc(allowed, 'legacy', 'tools/call', { name: 'fixture_chart', arguments: { n: 424_242 } }),
      rpc(other, 'legacy', 'tools/call', { name: 'fixture_chart', arguments: { n: 434_343 } }),
    ]);
    expect(ok.isError).not.toBe(true);
    expect(refused.isError).toBe(true);
    expect(await chartUsage(other)).toBe(0);
  });

  it('tools/list serves the same schemas on every request and era, the compact form of zod’s conversion', async () => {
    const lists = await Promise.all(
      (['legacy', 'modern', 'legacy', 'modern'] as const).map(
        async (era) => (await rpc(svc.key, era, 'tools/list')).tools as Record<string, unknown>[],
      ),
    );
    for (const list of lists.slice(1)) expect(list).toEqual(lists[0]);
    const chart = lists[0]!.find((t) => t.name === 'generate_chart')!;
    const tool = TOOLS.find((t) => t.name === 'generate_chart')!;
    // The advertised output is the compact form of zod's conversion (rules: test/surface/mcp-schemas.test.ts).
    const others = TOOLS.filter((t) => t !== tool).map((t) => ({ toolName: t.name, schema: t.output }));
    expect(chart.outputSchema).toEqual(
      portable(
        compactOutput(others)(z.toJSONSchema(tool.output, { target: 'draft-2020-12', io: 'output' }), {
          target: 'draft-2020-12',
        }),
      ),
    );
    const { $schema: _dialect, ...input } = z.toJSONSchema(tool.input, {
      target: 'draft-2020-12',
      io: 'input',
    });
    expect(chart.inputSchema).toEqual(portable({ type: 'object', ...input }));
  });
});

describe('advertisedSchema', () => {
  it('converts once per direction and target and leaves checking to the handler and the tests', async () => {
    const schema = z.object({ n: z.number().int() });
    let conversions = 0;
    const std = schema['~standard'];
    const counted = {
      '~standard': {
        ...std,
        validate: std.validate,
        jsonSchema: {
          input: (o: { target: string }) => (conversions++, std.jsonSchema.input(o)),
          output: (o: { target: string }) => (conversions++, std.jsonSchema.output(o)),
        },
      },
    } as unknown as typeof schema;
    const cached = advertisedSchema(counted)['~standard'];
    const first = cached.jsonSchema.input({ target: 'draft-2020-12' });
    expect(cached.jsonSchema.input({ target: 'draft-2020-12' })).toBe(first);
    cached.jsonSchema.output({ target: 'draft-2020-12' });
    cached.jsonSchema.output({ target: 'draft-2020-12' });
    cached.jsonSchema.input({ target: 'draft-07' });
    expect(conversions).toBe(3);
    // Inputs are checked by parseInput (our messages), outputs by the type check and tests.
    expect(await cached.validate({ n: 2 })).toEqual({ value: { n: 2 } });
    expect(await cached.validate({ n: 2.5 })).toEqual({ value: { n: 2.5 } });
  });
});

describe('the /mcp body, read once and handed to the SDK parsed', () => {
  const post = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
    fetch(`${svc.url}/mcp`, {
      method: 'POST',
      headers: { ...authHeaders(svc.key), Accept: 'application/json, text/event-stream', ...headers },
      body,
      ...(typeof body === 'string' ? {} : { duplex: 'half' }),
    } as RequestInit);

  it('a body that is not JSON gets the SDK’s own parse error', async () => {
    const res = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });

  it('an empty body is answered as an invalid JSON-RPC request', async () => {
    const res = await post('');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32600);
  });

  it('a streamed body over BODY_LIMIT is refused with 413 before it is parsed', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 5) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await post(stream);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });
});
