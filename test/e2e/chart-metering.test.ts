/**
 * Metering of the chart tools. Expected behaviour: the spec's MCP tools table (generate_chart and
 * generate_composite cost 1 chart request; multi_chart 1 per successful chart) and Limits section
 * ("A cache hit returns header X-Cache: HIT and counts 0"; "Batch charts count 1 per successful
 * chart"); shared/DESIGN.md section 5. Birth data: human-design.md section 12.1 (R1, R4, R8).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartData } from '../../src/core/human-design/index.js';
import { REFERENCE_CHARTS } from '../fixtures/reference-charts.js';
import { authHeaders, startService, type TestService } from '../helpers/service.js';
import { connectMcp } from '../helpers/mcp.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc?.close());

const R1 = REFERENCE_CHARTS.R1.input;
const R4 = REFERENCE_CHARTS.R4.input;
const R8 = REFERENCE_CHARTS.R8.input;

const post = (path: string, body: unknown, key: string) =>
  fetch(`${svc.url}${path}`, { method: 'POST', headers: authHeaders(key), body: JSON.stringify(body) });

async function used(key: string): Promise<number> {
  const r = (await (await fetch(`${svc.url}/api/usage`, { headers: authHeaders(key) })).json()) as {
    data: { usage: { chart: number } };
  };
  return r.data.usage.chart;
}

describe('chart units', () => {
  it('generate_chart costs 1; the same input again is a cache hit (X-Cache: HIT) costing 0', async () => {
    const key = await svc.createKey(['advanced_chart']);
    const first = await post('/api/chart', R4, key);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const firstBody = await first.json();
    expect(await used(key)).toBe(1);

    const second = await post(
      '/api/chart',
      { birthLocation: R4.birthLocation, birthTime: R4.birthTime, birthDate: R4.birthDate },
      key,
    );
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(((await second.json()) as { data: unknown }).data).toEqual((firstBody as { data: unknown }).data);
    // An alias is the same operation and input: also a hit.
    const alias = await post('/api/v2/data', R4, key);
    expect(alias.headers.get('x-cache')).toBe('HIT');
    await alias.arrayBuffer();
    expect(await used(key)).toBe(1);

    // Tooltips are a different input: a miss, 1 more unit.
    const tips = await post('/api/chart?include=tooltips', R4, key);
    expect(tips.headers.get('x-cache')).toBe('MISS');
    await tips.arrayBuffer();
    expect(await used(key)).toBe(2);
  });

  it('generate_composite costs 1', async () => {
    const key = await svc.createKey(['advanced_chart']);
    const r = await post(
      '/api/composite',
      { ...R4, birthDate1: R8.birthDate, birthTime1: R8.birthTime, birthLocation1: R8.birthLocation },
      key,
    );
    expect(r.status).toBe(200);
    await r.arrayBuffer();
    expect(await used(key)).toBe(1);
  });

  it('a failed chart costs nothing', async () => {
    const key = await svc.createKey(['advanced_chart']);
    const r = await post('/api/chart', { ...R1, birthLocation: 'Nowhere-at-all-ville' }, key);
    expect(r.status).toBe(400);
    await r.arrayBuffer();
    expect(await used(key)).toBe(0);
  });

  it('MCP calls meter the same way (a repeat is a hit)', async () => {
    const key = await svc.createKey(['advanced_chart']);
    const client = await connectMcp(svc.url, key);
    try {
      const a = await client.callTool({ name: 'generate_chart', arguments: R8 });
      const b = await client.callTool({ name: 'generate_chart', arguments: R8 });
      expect(a.isError).toBeFalsy();
      expect((b._meta as { cache?: string } | undefined)?.cache).toBe('HIT');
      expect(b.structuredContent).toEqual(a.structuredContent);
      expect(await used(key)).toBe(1);
    } finally {
      await client.close();
    }
  });

  it('a key at its allowance gets 429 quota_exceeded', async () => {
    const key = await svc.createKey(['advanced_chart'], { chartLimit: 1 });
    // Inputs no other test uses: a cache hit would be answered (free) even over the allowance.
    await (await post('/api/chart', { ...R1, birthTime: '07:07' }, key)).arrayBuffer();
    const over = await post('/api/chart', { ...R8, birthTime: '07:07' }, key);
    expect(over.status).toBe(429);
    const body = (await over.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('quota_exceeded');
    expect(body.error.message).toContain(
      "This call needs at least 1 chart request but none remains of this key's monthly allowance of 1 chart request",
    );
  });

  it('quota wording: with 1 of 3 units left a 2-unit call is told it needs 2 and 1 remains, with Retry-After to the month boundary', async () => {
    const key = await svc.createKey(['advanced_chart'], { chartLimit: 3 });
    for (const birthTime of ['08:01', '08:02'])
      expect((await post('/api/chart', { ...R1, birthTime }, key)).status).toBe(200);
    const over = await post(
      '/api/multi-chart',
      {
        charts: [
          { ...R4, birthTime: '08:03' },
          { ...R8, birthTime: '08:04' },
        ],
      },
      key,
    );
    expect(over.status).toBe(429);
    const now = new Date();
    const boundary = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(Math.abs(retryAfter - (boundary - now.getTime()) / 1000)).toBeLessThan(60);
    const { error } = (await over.json()) as {
      error: {
        message: string;
        details: { needed: number; remaining: number; limit: number; resetsAt: string }[];
      };
    };
    expect(error.message).toBe(
      "This call needs 2 chart requests but 1 chart request remains of this key's monthly allowance of 3 chart " +
        `requests; the allowance resets at ${new Date(boundary).toISOString().replace('.000', '')} (the first of next month, UTC).`,
    );
    expect(error.details[0]).toMatchObject({
      needed: 2,
      remaining: 1,
      limit: 3,
      resetsAt: new Date(boundary).toISOString(),
    });
    expect(await used(key)).toBe(2);
  });
});

describe('multi_chart', () => {
  it('charges one unit per successful chart; a bad entry reports its error in place', async () => {
    const key = await svc.createKey(['advanced_chart']);
    const charts = [
      R1,
      { ...R4, birthLocation: 'Torronto' },
      R8,
      { ...R4, birthDate: '2023-02-30' },
      { ...R4, birthDate: '1750-01-01' },
    ];
    const res = await post('/api/multi-chart', { charts }, key);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: {
        count: number;
        succeeded: number;
        failed: number;
        results: {
          index: number;
          success: boolean;
          data?: ChartData;
          error?: { code: string; message: string; details?: Record<string, unknown>[] };
        }[];
      };
    };
    const { results } = body.data;
    expect(body.data).toMatchObject({ count: 5, succeeded: 2, failed: 3 });
    expect(results.map((r) => [r.index, r.success])).toEqual([
      [0, true],
      [1, false],
      [2, true],
      [3, false],
      [4, false],
    ]);
    expect(results[0]!.data!.chart.type).toBe('Manifestor');
    expect(results[2]!.data!.chart.profile).toBe('2/4');
    expect(results[1]!.data).toBeUndefined();
    expect(results[1]!.error).toMatchObject({
      code: 'location_not_found',
      message: expect.stringMatching(/^charts\.1\.birthLocation: /),
    });
    expect(results[1]!.error!.details![0]).toMatchObject({
      field: 'charts.1.birthLocation',
      name: 'Toronto',
    });
    expect(results[1]!.error!.details!.length).toBeLessThanOrEqual(5);
    expect(results[3]!.error).toMatchObject({
      code: 'invalid_input',
      details: [{ field: 'charts.3.birthDate' }],
    });
    expect(results[4]!.error).toMatchObject({
      code: 'out_of_range',
      details: [{ field: 'charts.4.birthDate', from: '1800-04-08' }],
    });
    expect(await used(key)).toBe(2);

    // The same batch again: a cache hit, nothing charged.
    const again = await post('/api/multi-chart', { charts }, key);
    expect(again.headers.get('x-cache')).toBe('HIT');
    await again.arrayBuffer();
    expect(await used(key)).toBe(2);
  });

  it('a batch of ten good charts costs ten; one with no good chart costs nothing', async () => {
    const key = await svc.createKey(['advanced_chart']);
    const ten = Array.from({ length: 10 }, (_, i) => ({ ...R4, birthTime: `0${i}:15` }));
    const ok = await post('/api/multi-chart', { charts: ten }, key);
    expect(((await ok.json()) as { data: { succeeded: number } }).data.succeeded).toBe(10);
    expect(await used(key)).toBe(10);
    const bad = await post('/api/multi-chart', { charts: [{ ...R4, birthTime: '25:00' }] }, key);
    expect(bad.status).toBe(200);
    expect(((await bad.json()) as { data: { failed: number } }).data.failed).toBe(1);
    expect(await used(key)).toBe(10);
  });
});
