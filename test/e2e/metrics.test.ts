/**
 * `/metrics`: 404 while METRICS_TOKEN is unset, 401 without the token or with another, and with it
 * the Prometheus text whose counters match the requests this file sends: a chart on its REST path,
 * the same chart again (a cache hit), one on a legacy alias, one over MCP, a 401 and a 400 by
 * reason, metered writes committed, and the process and event-loop metrics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, startService, type TestService } from '../helpers/service.js';

const TOKEN = 'metrics-test-token-0123456789';
let s: TestService;
let off: TestService;

beforeAll(async () => {
  [s, off] = await Promise.all([startService({ METRICS_TOKEN: TOKEN }), startService()]);
});
afterAll(async () => {
  await Promise.all([s?.close(), off?.close()]);
});

const scrape = (base: string, token?: string) =>
  fetch(`${base}/metrics`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});

/** One series' value from Prometheus text (0 when absent). */
function value(text: string, name: string, labels = ''): number {
  const line = text
    .split('\n')
    .find((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && l.includes(labels));
  return line ? Number(line.split(' ').pop()) : 0;
}

const BIRTH = { birthDate: '1961-08-04', birthTime: '19:24', birthLocation: 'Honolulu, HI' };
const post = (path: string, body: unknown, key = s.key) =>
  fetch(`${s.url}${path}`, { method: 'POST', headers: authHeaders(key), body: JSON.stringify(body) });

describe('/metrics', () => {
  it('is 404 while METRICS_TOKEN is unset', async () => {
    const res = await scrape(off.url, TOKEN);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('is 401 without the token or with another one', async () => {
    expect((await scrape(s.url)).status).toBe(401);
    const wrong = await scrape(s.url, `${TOKEN}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });

  it('counts requests by operation, surface and status, cache lookups, rejections and meter writes', async () => {
    expect((await post('/api/chart', BIRTH)).status).toBe(200);
    const again = await post('/api/chart', BIRTH);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect((await post('/api/human-design', { ...BIRTH, birthTime: '19:25' })).status).toBe(200);
    const mcp = await fetch(`${s.url}/mcp`, {
      method: 'POST',
      headers: { ...authHeaders(s.key), Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'generate_chart', arguments: { ...BIRTH, birthTime: '19:26' } },
      }),
    });
    expect(mcp.status).toBe(200);
    expect((await post('/api/chart', BIRTH, 'csk_not_a_key')).status).toBe(401);
    expect((await post('/api/chart', { birthDate: '1961-13-04' })).status).toBe(400);

    const res = await scrape(s.url, TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    const requests = (labels: string) => value(text, 'chart_http_requests_total', labels);
    expect(requests('operation="generate_chart",surface="rest",status="200"')).toBe(2);
    expect(requests('operation="generate_chart",surface="alias",status="200"')).toBe(1);
    expect(requests('operation="generate_chart",surface="mcp",status="200"')).toBe(1);
    expect(requests('operation="generate_chart",surface="rest",status="401"')).toBe(1);
    expect(requests('operation="generate_chart",surface="rest",status="400"')).toBe(1);
    expect(
      value(
        text,
        'chart_http_request_duration_seconds_count',
        'operation="generate_chart",surface="rest",status="200"',
      ),
    ).toBe(2);
    expect(value(text, 'chart_cache_lookups_total', 'result="hit"')).toBe(1);
    expect(value(text, 'chart_cache_lookups_total', 'result="miss"')).toBe(3);
    expect(value(text, 'chart_rejections_total', 'reason="unauthorized"')).toBe(3);
    expect(value(text, 'chart_rejections_total', 'reason="invalid_input"')).toBe(1);
    expect(value(text, 'chart_meter_write_duration_seconds_count', 'outcome="committed"')).toBe(3);
    expect(value(text, 'chart_admission_wait_seconds_count')).toBeGreaterThanOrEqual(5);
    expect(value(text, 'chart_admission_queue_depth')).toBe(0);
    expect(value(text, 'chart_usage_journal_backlog')).toBe(0);
    expect(value(text, 'chart_worker_pool_size')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(text).toContain(`chart_process_info{pid="${process.pid}"} 1`);
  });
});
