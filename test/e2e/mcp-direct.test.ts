/**
 * The direct tools/call path (src/mcp/direct-call.ts) against the official SDK path it stands in
 * for: the same raw JSON-RPC requests go to two MCP endpoints over the same dependencies, one with
 * the direct path and one without, and every answer must be equal (status, media type, X-Cache and
 * the parsed JSON-RPC body). The SDK's answer is the reference: whatever it returns for a request,
 * in either protocol era, the direct path must return too. Requests cover every tool's example,
 * invalid arguments, repeat calls (cache hits) and both eras; requests the direct path must decline
 * are checked to decline (their answers then come from the SDK on both endpoints).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send as sendAnswer } from '../../src/http-bridge/http.js';
import { createMcpEndpoint } from '../../src/mcp/index.js';
import { directToolCall } from '../../src/mcp/direct-call.js';
import { ResultCache } from '../../src/operations/cache.js';
import type { Caller } from '../../src/operations/types.js';
import { RESOURCES } from '../../src/resources/index.js';
import { TOOLS } from '../../src/tools/index.js';
import { startService, type TestService } from '../helpers/service.js';

let svc: TestService;
let caller: Caller;
const servers: Server[] = [];
const urls: Record<'direct' | 'sdk', string> = { direct: '', sdk: '' };

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text ? JSON.parse(text) : undefined;
}

beforeAll(async () => {
  svc = await startService();
  caller = await svc.service.deps.store.keys.authenticate(svc.key);
  for (const mode of ['direct', 'sdk'] as const) {
    const endpoint = createMcpEndpoint({
      tools: TOOLS,
      resources: RESOURCES,
      deps: svc.service.deps,
      cache: new ResultCache(100),
      log: pino({ level: 'silent' }),
      sendJson: (res, text, report) => sendAnswer(res, 200, 'application/json', text, undefined, report),
      direct: mode === 'direct',
    });
    const server = createServer((req, res) => {
      void readJson(req).then((body) =>
        endpoint.handle(req, res, { caller, setHeader: (n, v) => res.setHeader(n, v) }, body),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    urls[mode] = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  }
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await svc?.close();
});

const LEGACY_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

interface RpcCase {
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

function legacyCall(name: string, args: unknown, id: string | number = 1, version?: string): RpcCase {
  return {
    headers: { ...LEGACY_HEADERS, ...(version ? { 'mcp-protocol-version': version } : {}) },
    body: { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } },
  };
}

function modernCall(name: string, args: unknown, id: string | number = 1): RpcCase {
  return {
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': name,
    },
    body: { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, _meta: ENVELOPE } },
  };
}

async function send(url: string, c: RpcCase) {
  const res = await fetch(url, { method: 'POST', headers: c.headers, body: JSON.stringify(c.body) });
  const text = await res.text();
  const type = (res.headers.get('content-type') ?? '').split(';')[0];
  // A call with a progress token is answered as an SSE stream: its JSON-RPC response is the last event.
  const json =
    type === 'text/event-stream'
      ? text
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .at(-1)
          ?.slice(6)
      : text;
  return {
    status: res.status,
    type,
    cache: res.headers.get('x-cache'),
    body: json ? (JSON.parse(json) as unknown) : null,
  };
}

/** Sends the case to both endpoints and requires equal answers; returns the direct one. */
async function expectSameAnswer(c: RpcCase) {
  const direct = await send(urls.direct, c);
  const sdk = await send(urls.sdk, c);
  expect(direct).toEqual(sdk);
  return direct;
}

const isTool = (name: string) => TOOLS.some((t) => t.name === name);

describe('direct tools/call path answers exactly as the SDK does', () => {
  for (const tool of TOOLS) {
    it(`${tool.name}: example, repeat (cache) and invalid arguments, 2025-era`, async () => {
      const first = await expectSameAnswer(legacyCall(tool.name, tool.example, `a-${tool.name}`));
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ result: { content: [{ type: 'text' }] } });
      expect((first.body as { result: { isError?: boolean } }).result.isError).toBeUndefined();
      await expectSameAnswer(legacyCall(tool.name, tool.example, 2, '2025-06-18'));
      const invalid = await expectSameAnswer(legacyCall(tool.name, { birthDate: 'soon' }, 3));
      expect(invalid.body).toMatchObject({ result: { isError: true } });
    });

    it(`${tool.name}: example, repeat and invalid arguments, 2026-07-28`, async () => {
      const first = await expectSameAnswer(modernCall(tool.name, tool.example, 11));
      expect(first.body).toMatchObject({ result: { resultType: 'complete' } });
      await expectSameAnswer(modernCall(tool.name, tool.example, 12));
      await expectSameAnswer(modernCall(tool.name, {}, 'x'));
    });
  }

  it('a call without arguments, and a warning-carrying answer, in both eras', async () => {
    await expectSameAnswer(legacyCall('generate_chart', undefined));
    await expectSameAnswer(modernCall('generate_chart', undefined));
    // 01:30 on 2021-03-28 does not exist in London (clocks went 01:00 -> 02:00): the answer warns.
    const gap = { birthDate: '2021-03-28', birthTime: '01:30', birthLocation: 'London, United Kingdom' };
    const legacy = await expectSameAnswer(legacyCall('generate_chart', gap, 5));
    expect(JSON.stringify(legacy.body)).toContain('warnings');
    await expectSameAnswer(modernCall('generate_chart', gap, 6));
  });

  it('a picture beside the answer (the image argument), first drawn and then cached, in both eras', async () => {
    for (const [name, example] of TOOLS.filter((t) => t.picture).map((t) => [t.name, t.example] as const)) {
      const png = await expectSameAnswer(legacyCall(name, { ...example, image: 'png' }, 21));
      const content = (png.body as { result: { content: { type: string; mimeType?: string }[] } }).result
        .content;
      expect(content.map((b) => [b.type, b.mimeType])).toEqual([
        ['text', undefined],
        ['image', 'image/png'],
      ]);
      await expectSameAnswer(modernCall(name, { ...example, image: 'svg' }, 22));
    }
  });
});

describe('requests the direct path leaves to the SDK', () => {
  const declined: [string, RpcCase][] = [
    ['an unknown tool', legacyCall('no_such_tool', {})],
    ['tools/list', { headers: LEGACY_HEADERS, body: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }],
    [
      'a progress token in _meta',
      {
        headers: LEGACY_HEADERS,
        body: {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'validate_location', arguments: {}, _meta: { progressToken: 7 } },
        },
      },
    ],
    [
      'a notification',
      {
        headers: LEGACY_HEADERS,
        body: { jsonrpc: '2.0', method: 'tools/call', params: { name: 'validate_location' } },
      },
    ],
    ['an unsupported protocol version header', legacyCall('validate_location', {}, 1, '1999-01-01')],
    [
      'an Accept without text/event-stream (2025 era)',
      { ...legacyCall('validate_location', {}), headers: { ...LEGACY_HEADERS, accept: 'application/json' } },
    ],
    [
      'a 2026-07-28 call whose Mcp-Name disagrees with the body',
      (() => {
        const c = modernCall('validate_location', {});
        return { ...c, headers: { ...c.headers, 'mcp-name': 'generate_chart' } };
      })(),
    ],
    [
      'a 2026-07-28 call without the Mcp-Method header',
      (() => {
        const c = modernCall('validate_location', {});
        const { 'mcp-method': _omit, ...headers } = c.headers;
        return { ...c, headers };
      })(),
    ],
    [
      'a 2026-07-28 header on a body without the envelope',
      { ...legacyCall('validate_location', {}), headers: modernCall('validate_location', {}).headers },
    ],
    ['a fractional id', legacyCall('validate_location', {}, 1.5)],
    [
      'a session id header',
      { ...legacyCall('validate_location', {}), headers: { ...LEGACY_HEADERS, 'mcp-session-id': 'abc' } },
    ],
  ];
  for (const [what, c] of declined) {
    it(`declines ${what}, and both endpoints give the SDK's answer`, async () => {
      const headers = Object.fromEntries(Object.entries(c.headers).map(([k, v]) => [k.toLowerCase(), v]));
      expect(directToolCall(headers, c.body, isTool)).toBeUndefined();
      await expectSameAnswer(c);
    });
  }

  it('takes the canonical forms of both eras', () => {
    for (const c of [legacyCall('generate_chart', {}), modernCall('generate_chart', {}, 'id')]) {
      expect(directToolCall(c.headers, c.body, isTool)).toMatchObject({ name: 'generate_chart' });
    }
  });
});
