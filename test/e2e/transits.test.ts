/**
 * The transit series tools (get_moon_transits, get_transits, get_transit_chart) over the real HTTP
 * service, their legacy aliases and the official MCP SDK client. Parity of the examples over MCP,
 * canonical routes and aliases is in test/e2e/surface.test.ts; this file pins:
 * - values against published instants: the total lunar eclipse's full Moon of 2025-03-14 06:54:36 UT
 *   and the total solar eclipse's new Moon of 2024-04-08 (shared/reference/astrology-bazi-location.md
 *   section B2, NASA/moonblink), the March equinox 2025-03-20 09:01 UT (USNO: the Sun enters Aries);
 *   gates from the tests' own wheel (test/fixtures/wheel.ts, written from the rule book);
 * - a transit chart point equals generate_chart for a birth at that UTC instant at Greenwich (GMT in
 *   winter), minus birthInfo and tooltips;
 * - the limits (a leap year hourly over REST; more is a 400 naming the limit and how to narrow),
 *   endDate before startDate, bad granularity, dates outside the ephemeris, the `bodies` filter;
 * - metering: units in meta.units and _meta.units by the documented formula, 0 on a cache hit;
 * - the MCP size cap: a result over 100 KB is refused with how to narrow it, and not charged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, startService, type TestService } from '../helpers/service.js';
import { connectMcp } from '../helpers/mcp.js';
import { gateLine } from '../fixtures/wheel.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc?.close());

interface Position {
  longitude: number;
  gate: number;
  line: number;
  sign: string;
  phase?: string;
  illumination?: number;
}
interface SeriesBody<P> {
  success: boolean;
  meta: { units: number; endpoint: string };
  data: { count: number; granularity: string; bodies?: string[]; points: P[] };
  error?: { code: string; message: string; details?: { field?: string }[] };
}
type MoonPoint = Position & { utc: string };
type BodiesPoint = { utc: string; bodies: Record<string, Position> };

async function get<P = unknown>(path: string, query: Record<string, string>, key = svc.key) {
  const res = await fetch(`${svc.url}${path}?${new URLSearchParams(query)}`, { headers: authHeaders(key) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as SeriesBody<P> };
}

async function usage(key: string): Promise<number> {
  const res = await fetch(`${svc.url}/api/usage`, { headers: authHeaders(key) });
  return ((await res.json()) as { data: { usage: { chart: number } } }).data.usage.chart;
}

interface ToolResult {
  isError?: boolean;
  content: { text: string }[];
  structuredContent?: unknown;
  _meta?: { units?: number; cache?: string };
}
async function callTool(name: string, args: Record<string, unknown>, key = svc.key): Promise<ToolResult> {
  const client = await connectMcp(svc.url, key);
  try {
    return (await client.callTool({ name, arguments: args })) as ToolResult;
  } finally {
    await client.close();
  }
}

const gateOf = (p: Position) => `${p.gate}.${p.line}`;

describe('get_moon_transits', () => {
  it('the full Moon of the 2025-03-14 eclipse: phase, sign and gate from the wheel, same over alias and MCP', async () => {
    const query = { startDate: '2025-03-14', endDate: '2025-03-14', granularity: 'hourly' };
    const rest = await get<MoonPoint>('/api/transits/moon', query);
    expect(rest.status).toBe(200);
    expect(rest.body.data.count).toBe(24);
    const seven = rest.body.data.points.find((p) => p.utc === '2025-03-14T07:00:00Z')!;
    expect(seven.phase).toBe('Full Moon');
    expect(seven.illumination).toBeGreaterThan(0.99);
    expect(seven.sign).toBe('Virgo');
    expect(gateOf(seven)).toBe(gateLine(seven.longitude));
    for (const p of rest.body.data.points) expect(gateOf(p)).toBe(gateLine(p.longitude));

    const alias = await get<MoonPoint>('/api/transit/moon-range', query);
    expect(alias.headers.get('link')).toBe('</api/transits/moon>; rel="canonical"');
    expect(alias.body.data).toEqual(rest.body.data);
    const mcp = await callTool('get_moon_transits', query);
    expect(mcp.isError).toBeFalsy();
    expect(mcp.structuredContent).toEqual(rest.body.data);
  });

  it('the new Moon of the 2024-04-08 solar eclipse, daily by default', async () => {
    const r = await get<MoonPoint>('/api/transits/moon', { startDate: '2024-04-08', endDate: '2024-04-09' });
    expect(r.body.data.granularity).toBe('daily');
    expect(r.body.data.points.map((p) => p.utc)).toEqual(['2024-04-08T00:00:00Z', '2024-04-09T00:00:00Z']);
    expect(r.body.data.points[0]!.phase).toBe('New Moon');
    expect(r.body.data.points[0]!.illumination).toBeLessThan(0.02);
  });

  it('serves a leap year hourly (8,784 points, 366 units) and refuses one hour-day more', async () => {
    const key = await svc.createKey(['advanced_chart']);
    const year = await get<MoonPoint>(
      '/api/transits/moon',
      { startDate: '2024-01-01', endDate: '2024-12-31', granularity: 'hourly' },
      key,
    );
    expect(year.status).toBe(200);
    expect(year.body.data.count).toBe(8784);
    expect(year.body.meta.units).toBe(366);
    const over = await get('/api/transits/moon', {
      startDate: '2024-01-01',
      endDate: '2025-01-01',
      granularity: 'hourly',
    });
    expect(over.status).toBe(400);
    expect(over.body.error!.code).toBe('span_too_long');
    expect(over.body.error!.message).toMatch(/8,784 points/);
    expect(over.body.error!.message).toMatch(/fewer days.*daily/);
    expect(await usage(key)).toBe(366);
  });
});

describe('get_transits', () => {
  it('the March equinox 2025: the Sun leaves Pisces for Aries between 09:00 and 10:00 UT, in gate 25', async () => {
    const query = { startDate: '2025-03-20', endDate: '2025-03-20', granularity: 'hourly' };
    const r = await get<BodiesPoint>('/api/transits/all', query);
    expect(r.status).toBe(200);
    const at = (utc: string) => r.body.data.points.find((p) => p.utc === utc)!.bodies;
    expect(at('2025-03-20T09:00:00Z').Sun!.sign).toBe('Pisces');
    expect(at('2025-03-20T10:00:00Z').Sun!.sign).toBe('Aries');
    expect(at('2025-03-20T10:00:00Z').Sun!.gate).toBe(25);
    const first = r.body.data.points[0]!.bodies;
    expect(Object.keys(first)).toEqual([
      'Sun',
      'Earth',
      'Rahu',
      'Ketu',
      'Moon',
      'Mercury',
      'Venus',
      'Mars',
      'Jupiter',
      'Saturn',
      'Uranus',
      'Neptune',
      'Pluto',
    ]);
    for (const p of Object.values(first)) expect(gateOf(p)).toBe(gateLine(p.longitude));
    expect(first.Moon!.phase).toBeDefined();
    expect(first.Sun!.phase).toBeUndefined();
    // Earth and Ketu face the Sun and Rahu.
    expect((first.Earth!.longitude - first.Sun!.longitude + 360) % 360).toBeCloseTo(180, 3);
    expect((first.Ketu!.longitude - first.Rahu!.longitude + 360) % 360).toBeCloseTo(180, 3);

    const alias = await get<BodiesPoint>('/api/transit-range', query);
    expect(alias.body.data).toEqual(r.body.data);
  });

  it('bodies: case-insensitive names in chart order; an unknown name is a 400 naming it', async () => {
    const r = await get<BodiesPoint>('/api/transits/all', {
      startDate: '2025-01-01',
      endDate: '2025-01-03',
      bodies: ' moon, SUN,pluto',
    });
    expect(r.status).toBe(200);
    expect(r.body.data.bodies).toEqual(['Sun', 'Moon', 'Pluto']);
    expect(Object.keys(r.body.data.points[2]!.bodies)).toEqual(['Sun', 'Moon', 'Pluto']);

    const bad = await get('/api/transits/all', {
      startDate: '2025-01-01',
      endDate: '2025-01-03',
      bodies: 'Sun,Chiron',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error!.code).toBe('invalid_input');
    expect(bad.body.error!.details![0]!.field).toBe('bodies');
    expect(bad.body.error!.message).toMatch(/unknown body "Chiron".*Sun, Earth, Rahu/);
    const mcp = await callTool('get_transits', {
      startDate: '2025-01-01',
      endDate: '2025-01-03',
      bodies: 'Lilith',
    });
    expect(mcp.isError).toBe(true);
    expect(mcp.content[0]!.text).toMatch(/unknown body "Lilith"/);
  });

  it.each([
    [{ startDate: '2025-02-01', endDate: '2025-01-01' }, 'invalid_input', 'endDate', /before startDate/],
    [
      { startDate: '2025-01-01', endDate: '2025-01-02', granularity: 'weekly' },
      'invalid_input',
      'granularity',
      /"daily" or "hourly"/,
    ],
    [
      { startDate: '1750-01-01', endDate: '1750-01-02' },
      'out_of_range',
      'startDate',
      /1800-01-02 to 2399-12-30/,
    ],
    [
      { startDate: '2399-12-01', endDate: '2400-01-01' },
      'out_of_range',
      'endDate',
      /1800-01-02 to 2399-12-30/,
    ],
    [{ startDate: '2000-01-01', endDate: '2030-01-01' }, 'span_too_long', 'endDate', /at most 8,784 points/],
  ])('%j is a 400 %s on %s', async (query, code, field, message) => {
    const r = await get('/api/transits/all', query as Record<string, string>);
    expect(r.status).toBe(400);
    expect(r.body.error!.code).toBe(code);
    expect(r.body.error!.details![0]!.field).toBe(field);
    expect(r.body.error!.message).toMatch(message);
  });

  it('meters 1 unit per started 24 points: in meta.units, _meta.units, usage, and 0 on a cache hit', async () => {
    const key = await svc.createKey(['advanced_chart']);
    const daily25 = { startDate: '2025-01-01', endDate: '2025-01-25', bodies: 'Sun' };
    expect((await get('/api/transits/all', daily25, key)).body.meta.units).toBe(2);
    const hit = await get('/api/transits/all', daily25, key);
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(hit.body.meta.units).toBe(0);
    const mcp = await callTool('get_transits', { ...daily25, endDate: '2025-01-24' }, key);
    expect(mcp._meta?.units).toBe(1);
    const again = await callTool('get_transits', { ...daily25, endDate: '2025-01-24' }, key);
    expect(again._meta).toMatchObject({ cache: 'HIT', units: 0 });
    expect(await usage(key)).toBe(3);
  });

  it('MCP refuses a result over 100 KB before running, says how to narrow, and charges nothing', async () => {
    const key = await svc.createKey(['advanced_chart']);
    const args = { startDate: '2024-01-01', endDate: '2024-01-10', granularity: 'hourly' };
    const refused = await callTool('get_transits', args, key);
    expect(refused.isError).toBe(true);
    const text = refused.content[0]!.text;
    expect(text).toMatch(/over the 100 KB allowed for an MCP tool result/);
    expect(text).toMatch(/fewer days/);
    expect(text).toMatch(/granularity "daily"/);
    expect(text).toMatch(/`bodies`/);
    expect(text).toMatch(/GET \/api\/transits\/all/);
    expect(await usage(key)).toBe(0);
    // What the message says fits does fit, and the whole result stays under 100 KB.
    const days = Number(/for 13 bodies at most (\d+) days? hourly/.exec(text)![1]);
    const fits = await callTool(
      'get_transits',
      { ...args, endDate: `2024-01-${String(days).padStart(2, '0')}` },
      key,
    );
    expect(fits.isError).toBeFalsy();
    expect(Buffer.byteLength(JSON.stringify(fits))).toBeLessThan(100_000);
    // REST has no such cap.
    expect((await get('/api/transits/all', args, key)).status).toBe(200);
  });
});

describe('get_transit_chart', () => {
  it('a point is the chart generate_chart gives for a birth at that UTC instant (Greenwich in winter)', async () => {
    const r = await get<{ utc: string; designUtc: string; chart: Record<string, unknown> }>(
      '/api/transits/chart',
      { startDate: '2024-01-01', endDate: '2024-01-01' },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.granularity).toBe('hourly');
    expect(r.body.data.count).toBe(24);
    expect(r.body.meta.units).toBe(24);
    const point = r.body.data.points[13]!;
    expect(point.utc).toBe('2024-01-01T13:00:00Z');
    const res = await fetch(`${svc.url}/api/chart`, {
      method: 'POST',
      headers: authHeaders(svc.key),
      body: JSON.stringify({ birthDate: '2024-01-01', birthTime: '13:00', latitude: 51.4769, longitude: 0 }),
    });
    const chart = (
      (await res.json()) as { data: Record<string, unknown> & { birthInfo: { designUtc: string } } }
    ).data;
    const { birthInfo, tooltips: _t, ...rest } = chart;
    expect(point.chart).toEqual(rest);
    expect(point.designUtc).toBe(birthInfo.designUtc);

    const alias = await get('/api/v2/transit-chart', { startDate: '2024-01-01', endDate: '2024-01-01' });
    expect(alias.body.data).toEqual(r.body.data);
  });

  it('has a lower limit (744 points) and the Human Design date range', async () => {
    const over = await get('/api/transits/chart', { startDate: '2024-01-01', endDate: '2024-02-01' });
    expect(over.status).toBe(400);
    expect(over.body.error!.message).toMatch(/at most 744 points/);
    expect(over.body.error!.message).toMatch(/granularity "daily"/);
    const early = await get('/api/transits/chart', { startDate: '1800-02-01', endDate: '1800-02-01' });
    expect(early.status).toBe(400);
    expect(early.body.error!.message).toMatch(/1800-04-08/);
  });

  it('over MCP: a day hourly is refused (uncharged) with advice to use daily; a few daily charts fit', async () => {
    const key = await svc.createKey(['advanced_chart']);
    const refused = await callTool(
      'get_transit_chart',
      { startDate: '2024-01-01', endDate: '2024-01-01' },
      key,
    );
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toMatch(/granularity "daily"/);
    expect(await usage(key)).toBe(0);
    const ok = await callTool(
      'get_transit_chart',
      { startDate: '2024-01-01', endDate: '2024-01-03', granularity: 'daily' },
      key,
    );
    expect(ok.isError).toBeFalsy();
    expect(ok._meta?.units).toBe(3);
    expect(await usage(key)).toBe(3);
  });
});
