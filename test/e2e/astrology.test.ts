/**
 * get_astrology_chart over the real HTTP service and the official MCP SDK client. Parity of MCP,
 * the canonical route and both aliases is covered by the registry-driven test/e2e/surface.test.ts;
 * this file pins what is particular to astrology:
 * - access (spec, Authentication): /api/astrology needs advanced_chart, so a key holding only
 *   basic_chart gets 403 on REST and an isError result over MCP;
 * - the polar fallback reaches the caller (issue 7): Tromsø 69.65N answers with Porphyry in
 *   `houseSystem.used` and a warning in `data.warnings`, over REST and MCP alike;
 * - a wrong houseSystem is a 400 naming the field and the accepted values;
 * - meta is version 1.0.0, endpoint astrology; the tooltip alias fills tooltips.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, startService, type TestService } from '../helpers/service.js';
import { connectMcp } from '../helpers/mcp.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc?.close());

const TROMSO = { birthDate: '2000-01-01', birthTime: '12:00', latitude: 69.65, longitude: 18.96 };

const post = (path: string, body: unknown, key = svc.key) =>
  fetch(`${svc.url}${path}`, { method: 'POST', headers: authHeaders(key), body: JSON.stringify(body) });

interface Answer {
  meta: { version: string; endpoint: string };
  data: {
    personality: { houseSystem: { used: string } };
    design: { houseSystem: { used: string } };
    tooltips: Record<string, unknown>;
    warnings?: string[];
  };
}

describe('get_astrology_chart', () => {
  it('a basic_chart key gets 403 on REST and isError over MCP', async () => {
    const key = await svc.createKey(['basic_chart']);
    const res = await post('/api/astrology', TROMSO, key);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    const client = await connectMcp(svc.url, key);
    const mcp = (await client.callTool({ name: 'get_astrology_chart', arguments: TROMSO })) as {
      isError?: boolean;
    };
    expect(mcp.isError).toBe(true);
    await client.close();
  });

  it('a polar birth answers with Porphyry houses and a warning, on REST and MCP', async () => {
    const res = await post('/api/astrology', TROMSO);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(body.meta).toMatchObject({ version: '1.0.0', endpoint: 'astrology' });
    expect(body.data.personality.houseSystem.used).toBe('porphyry');
    expect(body.data.design.houseSystem.used).toBe('porphyry');
    expect(body.data.warnings?.some((w) => /Placidus houses are undefined.*Porphyry/.test(w))).toBe(true);

    const client = await connectMcp(svc.url, svc.key);
    const mcp = (await client.callTool({ name: 'get_astrology_chart', arguments: TROMSO })) as {
      structuredContent: Answer['data'];
    };
    expect(mcp.structuredContent).toEqual(body.data);
    await client.close();
  });

  it('a wrong houseSystem is a 400 naming the field', async () => {
    const res = await post('/api/astrology', { ...TROMSO, houseSystem: 'topocentric' });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain('houseSystem');
    expect(text).toContain('whole-sign');
  });

  it('the tooltip alias fills tooltips; the plain alias leaves them empty', async () => {
    const plain = (await (await post('/api/v1/astrology', TROMSO)).json()) as Answer;
    expect(plain.data.tooltips).toEqual({});
    const full = (await (await post('/api/v1/astrology-tooltip', TROMSO)).json()) as Answer;
    expect(Object.keys(full.data.tooltips)).toContain('planets');
  });
});
