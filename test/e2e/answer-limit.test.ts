/**
 * The MCP answer-size cap (src/operations/answer-limit.ts) as any tool meets it, with a test-only
 * tool that declares no size estimate, so only the backstop after the run can catch it: an MCP
 * result over 100 KB (DESIGN.md section 4: "at most 100 KB") is refused with an isError result, is
 * not charged and not cached; the same call over REST returns the whole answer; a big answer cached
 * by a REST call is refused over MCP too; a small one is served with its units in `_meta`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { type AnyTool, defineTool } from '../../src/operations/types.js';
import { TOOLS } from '../../src/tools/index.js';
import { connectMcp } from '../helpers/mcp.js';
import { authHeaders, startService, type TestService } from '../helpers/service.js';

const bigAnswerTool = defineTool({
  name: 'fixture_big_answer',
  title: 'Fixture big answer',
  description: 'Test fixture: answers with kb kilobytes of text; costs one chart unit.',
  input: z.object({ kb: z.number().int().min(0).max(1_000).describe('kilobytes of text') }),
  output: z.object({ text: z.string() }),
  access: 'advanced_chart',
  meter: 'chart',
  cost: () => 1,
  cacheable: true,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  http: [{ method: 'POST', path: '/api/fixture-big-answer', from: 'body' }],
  example: { kb: 1 },
  async run(input) {
    return { text: 'x'.repeat(input.kb * 1000) };
  },
});

let svc: TestService;
beforeAll(async () => {
  svc = await startService({}, { tools: [...TOOLS, bigAnswerTool as unknown as AnyTool] });
});
afterAll(() => svc?.close());

async function usage(key: string): Promise<number> {
  const res = await fetch(`${svc.url}/api/usage`, { headers: authHeaders(key) });
  return ((await res.json()) as { data: { usage: { chart: number } } }).data.usage.chart;
}

async function call(kb: number, key: string) {
  const client = await connectMcp(svc.url, key);
  try {
    return (await client.callTool({ name: 'fixture_big_answer', arguments: { kb } })) as {
      isError?: boolean;
      content: { text: string }[];
      _meta?: { units?: number };
    };
  } finally {
    await client.close();
  }
}

const rest = (kb: number, key: string) =>
  fetch(`${svc.url}/api/fixture-big-answer`, {
    method: 'POST',
    headers: authHeaders(key),
    body: JSON.stringify({ kb }),
  });

describe('MCP answer-size cap, backstop', () => {
  it('refuses an answer whose result would pass 100 KB, uncharged; REST serves it', async () => {
    const key = await svc.createKey(['advanced_chart']);
    const refused = await call(60, key);
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toMatch(/over the 100 KB allowed for an MCP tool result/);
    expect(refused.content[0]!.text).toMatch(/POST \/api\/fixture-big-answer returns the whole answer/);
    expect(await usage(key)).toBe(0);
    const res = await rest(60, key);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('MISS');
    expect(((await res.json()) as { meta?: unknown; data: { text: string } }).data.text).toHaveLength(60_000);
    expect(await usage(key)).toBe(1);
  });

  it('refuses a big answer cached by a REST call, and serves a small one with its units', async () => {
    const key = await svc.createKey(['advanced_chart']);
    expect((await rest(200, key)).status).toBe(200);
    expect((await call(200, key)).isError).toBe(true);
    const ok = await call(40, key);
    expect(ok.isError).toBeFalsy();
    expect(ok._meta?.units).toBe(1);
    expect(await usage(key)).toBe(2);
  });
});
