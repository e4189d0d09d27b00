/**
 * Progress, cancellation and logging for query_sage over MCP, with the real Anthropic SDK against a
 * fake Messages server on loopback that streams its answer over 3 seconds (six text pieces, 500 ms
 * apart, as server-sent events in the Messages streaming format). Expected behaviour: MCP 2025-11-25
 * utilities: progress (`_meta.progressToken`, `notifications/progress` with increasing `progress`
 * before the result), cancellation (`notifications/cancelled` for the request id; the server stops
 * the work) and logging (`logging/setLevel`, `notifications/message`); Streamable HTTP (a POST may be
 * answered as an SSE stream carrying the request's notifications, then its response).
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultKnowledgeDir } from '../../src/core/knowledge/index.js';
import { connectMcp } from '../helpers/mcp.js';
import { startService, type TestService } from '../helpers/service.js';

const PIECES = ['**Open Ajna**: ', 'a mind ', 'that stays ', 'open to ', 'many ways ', 'of thinking.'];
const PIECE_MS = 500;

/**
 * A Messages API that streams PIECES over 3 s (a plain request gets them at once), and records when
 * each request ended and whether it was answered in full.
 */
interface FakeStream {
  url: string;
  /** Delay before a plain (non-streamed) request is answered, in ms; 0 answers at once. */
  plainDelayMs: number;
  requests: { start: number; end?: number; complete: boolean; stream: boolean }[];
  close(): Promise<void>;
}

const event = (type: string, data: unknown) =>
  `event: ${type}\ndata: ${JSON.stringify({ type, ...(data as object) })}\n\n`;

async function fakeStreamingAnthropic(): Promise<FakeStream> {
  const fake = { requests: [], plainDelayMs: 0 } as unknown as FakeStream;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { stream?: boolean };
      const record: FakeStream['requests'][number] = {
        start: Date.now(),
        complete: false,
        stream: !!body.stream,
      };
      fake.requests.push(record);
      res.on('close', () => (record.end = Date.now()));
      const message = { id: 'msg_1', type: 'message', role: 'assistant', model: 'fake', content: [] };
      if (!body.stream) {
        // A plain request gets the whole message at once, as the Messages API answers it.
        const text = { type: 'text', text: PIECES.join('') };
        const usage = { input_tokens: 1, output_tokens: 12 };
        const answer = () => {
          if (res.destroyed) return;
          record.complete = true;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              ...message,
              content: [text],
              stop_reason: 'end_turn',
              stop_sequence: null,
              usage,
            }),
          );
        };
        if (fake.plainDelayMs === 0) answer();
        else setTimeout(answer, fake.plainDelayMs);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(
        event('message_start', {
          message: {
            ...message,
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 1, output_tokens: 1 },
          },
        }),
      );
      res.write(event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }));
      let i = 0;
      const timer = setInterval(() => {
        if (res.destroyed) return clearInterval(timer);
        res.write(event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: PIECES[i] } }));
        if (++i < PIECES.length) return;
        clearInterval(timer);
        res.write(event('content_block_stop', { index: 0 }));
        res.write(
          event('message_delta', {
            delta: { stop_reason: 'end_turn', stop_sequence: null },
            usage: { output_tokens: 12 },
          }),
        );
        res.write(event('message_stop', {}));
        record.complete = true;
        res.end();
      }, PIECE_MS);
      res.on('close', () => clearInterval(timer));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return fake;
}

let dir: string;
let fake: FakeStream;
let s: TestService;
let client: Client;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sage-progress-'));
  await cp(
    join(defaultKnowledgeDir(), 'articles', 'hd', 'open-centers.md'),
    join(dir, 'hd', 'open-centers.md'),
    {
      recursive: true,
    },
  );
  fake = await fakeStreamingAnthropic();
  s = await startService(
    {
      KNOWLEDGE_DIR: dir,
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: fake.url,
      ANTHROPIC_MODEL: 'claude-test',
      ANTHROPIC_TIMEOUT_MS: '20000',
      CACHE_ENTRIES: '0',
    },
    { skipKnowledgeLoad: false },
  );
  await s.service.knowledgeLoad;
  client = await connectMcp(s.url, s.key);
});
afterAll(async () => {
  await client?.close();
  await s?.close();
  await fake?.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  fake.requests = [];
  fake.plainDelayMs = 0;
});

const sageUnits = async () =>
  (await s.service.deps.store.usage.list())
    .filter((u) => u.meter === 'sage')
    .reduce((sum, u) => sum + u.units, 0);
const QUESTION = { query: 'What does an open Ajna mean?' };

describe('query_sage with a progressToken', () => {
  it('sends at least 3 increasing progress notifications before the streamed answer', async () => {
    const before = await sageUnits();
    const progress: { progress: number; message?: string; at: number }[] = [];
    const result = await client.callTool(
      { name: 'query_sage', arguments: QUESTION },
      {
        onprogress: (p) => progress.push({ ...p, at: Date.now() }),
        timeout: 30_000,
      },
    );
    const done = Date.now();
    expect(result.isError).not.toBe(true);
    expect(result.structuredContent).toEqual({ answer: PIECES.join(''), domain: 'hd' });
    expect(fake.requests).toEqual([expect.objectContaining({ stream: true, complete: true })]);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < progress.length; i++)
      expect(progress[i]!.progress).toBeGreaterThan(progress[i - 1]!.progress);
    for (const p of progress) expect(p.at).toBeLessThanOrEqual(done);
    expect(progress[0]!.message).toMatch(/passages in the hd knowledge/);
    expect(progress.at(-1)!.message).toMatch(/Writing the answer: \d+ characters/);
    expect(await sageUnits()).toBe(before + 1);
  });

  it('a call cancelled after 1 s closes the model request within 1 s and charges nothing', async () => {
    const before = await sageUnits();
    const controller = new AbortController();
    const call = client.callTool(
      { name: 'query_sage', arguments: QUESTION },
      {
        onprogress: () => {},
        signal: controller.signal,
        timeout: 30_000,
      },
    );
    await new Promise((r) => setTimeout(r, 1000));
    const abortedAt = Date.now();
    controller.abort('the user gave up');
    await expect(call).rejects.toThrow();
    // notifications/cancelled travels as its own POST; the model request must end soon after.
    await expect.poll(() => fake.requests[0]?.end, { timeout: 2000, interval: 50 }).toBeDefined();
    const [request] = fake.requests;
    expect(request!.complete).toBe(false);
    expect(request!.end! - abortedAt).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 300));
    expect(await sageUnits()).toBe(before);
  });

  it('closing the stream cancels too; the stream carries progress and an info log before the response', async () => {
    const before = await sageUnits();
    const body = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'query_sage', arguments: QUESTION, _meta: { progressToken: 'p7' } },
    };
    const controller = new AbortController();
    const res = await fetch(`${s.url}/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${s.key}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    let text = '';
    while (!/"progressToken":"p7","progress":2/.test(text))
      text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toMatch(
      /"method":"notifications\/message","params":\{"level":"info","data":"Found \d+ passages/,
    );
    const closedAt = Date.now();
    controller.abort();
    await expect.poll(() => fake.requests[0]?.end, { timeout: 2000, interval: 50 }).toBeDefined();
    expect(fake.requests[0]!.complete).toBe(false);
    expect(fake.requests[0]!.end! - closedAt).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 300));
    expect(await sageUnits()).toBe(before);
  });

  it('notifications/cancelled, a POST of its own, stops the call it names while its stream stays open', async () => {
    const before = await sageUnits();
    const headers = {
      Authorization: `Bearer ${s.key}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
    };
    const call = {
      jsonrpc: '2.0',
      id: 'call-9',
      method: 'tools/call',
      params: { name: 'query_sage', arguments: QUESTION, _meta: { progressToken: 9 } },
    };
    const res = await fetch(`${s.url}/mcp`, { method: 'POST', headers, body: JSON.stringify(call) });
    const reader = res.body!.getReader();
    let text = '';
    while (!/"progressToken":9,"progress":2/.test(text))
      text += new TextDecoder().decode((await reader.read()).value);
    // Another key cancelling the same id changes nothing.
    const other = await s.createKey(['sage_api']);
    const cancel = (key: string) =>
      fetch(`${s.url}/mcp`, {
        method: 'POST',
        headers: { ...headers, Authorization: `Bearer ${key}` },
        body: JSON.stringify({
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { requestId: 'call-9' },
        }),
      });
    expect((await cancel(other)).status).toBe(202);
    await new Promise((r) => setTimeout(r, 300));
    expect(fake.requests[0]!.end).toBeUndefined();
    const cancelledAt = Date.now();
    expect((await cancel(s.key)).status).toBe(202);
    await expect.poll(() => fake.requests[0]?.end, { timeout: 2000, interval: 50 }).toBeDefined();
    expect(fake.requests[0]!.complete).toBe(false);
    expect(fake.requests[0]!.end! - cancelledAt).toBeLessThan(1000);
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 300));
    expect(await sageUnits()).toBe(before);
  });

  it('a plain call without a progressToken still takes the direct path: one JSON body, no stream', async () => {
    const res = await fetch(`${s.url}/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${s.key}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 8,
        method: 'tools/call',
        params: { name: 'query_sage', arguments: QUESTION },
      }),
    });
    expect(res.headers.get('content-type')).toBe('application/json');
    const answer = (await res.json()) as { result: { structuredContent: unknown } };
    expect(answer.result.structuredContent).toEqual({ answer: PIECES.join(''), domain: 'hd' });
    expect(fake.requests).toEqual([expect.objectContaining({ stream: false })]);
  });
});

describe('query_sage with a progressToken, 2026-07-28 client', () => {
  it('streams progress notifications before the answer too', async () => {
    const modern = await connectMcp(s.url, s.key, { mode: 'auto' });
    try {
      const progress: number[] = [];
      const result = await modern.callTool(
        { name: 'query_sage', arguments: QUESTION },
        { onprogress: (p) => progress.push(p.progress), timeout: 30_000 },
      );
      expect(result.structuredContent).toEqual({ answer: PIECES.join(''), domain: 'hd' });
      expect(progress.length).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThan(progress[i - 1]!);
    } finally {
      await modern.close();
    }
  });
});

describe('logging', () => {
  it('accepts logging/setLevel and declares the logging capability', async () => {
    expect(client.getServerCapabilities()?.logging).toEqual({});
    await expect(client.setLoggingLevel('warning')).resolves.toBeDefined();
  });
});

describe('query_sage over REST', () => {
  // Regression (outside probe): a REST caller that hung up left the model request running until
  // ANTHROPIC_TIMEOUT_MS, and the SDK then retried it once for nobody.
  it('a client that disconnects after 1 s aborts the model request at once, with no retry', async () => {
    fake.plainDelayMs = 15_000;
    const before = await sageUnits();
    const controller = new AbortController();
    const call = fetch(`${s.url}/api/sage`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(QUESTION),
      signal: controller.signal,
    });
    await expect.poll(() => fake.requests.length, { timeout: 5000, interval: 20 }).toBe(1);
    await new Promise((r) => setTimeout(r, 1000));
    const leftAt = Date.now();
    controller.abort();
    await expect(call).rejects.toThrow();
    await expect.poll(() => fake.requests[0]?.end, { timeout: 2000, interval: 20 }).toBeDefined();
    expect(fake.requests[0]!.end! - leftAt).toBeLessThan(500);
    expect(fake.requests[0]!.complete).toBe(false);
    await new Promise((r) => setTimeout(r, 1500));
    expect(fake.requests).toHaveLength(1);
    expect(await sageUnits()).toBe(before);
  });
});
