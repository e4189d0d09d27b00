/**
 * The event tools over real HTTP (canonical routes and the spec's legacy aliases) and the MCP SDK
 * client: get_transit_periods, get_eclipses, get_retrogrades, get_planetary_return. Parity of every
 * surface on each tool's example is in the registry-driven surface.test.ts; here, values, errors and
 * the one chart unit each call costs (the spec's MCP endpoint table).
 *
 * Sources: shared/reference/astrology-bazi-location.md section B2 (eclipses 2024 with their Swiss
 * Ephemeris maxima and published times), B3 (Mercury and Venus stations 2025, published times
 * within a minute), B4 (natal 1990-06-15 12:00 UT: solar return 2024-06-14 17:14:39 UT, Saturn
 * return 2020-01-23 07:49 UT); gate boundaries from the independent wheel of test/fixtures/wheel.ts,
 * checked against direct Swiss Ephemeris calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { julianDayUT } from '../../src/core/time/index.js';
import { LINE_DEGREES, WHEEL_START_DEGREES, wheelActivation } from '../fixtures/wheel.js';
import { connectMcp } from '../helpers/mcp.js';
import { authHeaders, sharedEphemeris, startService, type TestService } from '../helpers/service.js';

interface Place {
  utc: string;
  longitude: number;
  gate: number;
  line: number;
  sign: string;
}
interface Answer<T> {
  success: boolean;
  data: T;
  error?: { code: string; message: string; details?: { field?: string }[] };
}
interface Periods {
  periods: { body: string; gate: number; line: number; start: string | null; end: string | null }[];
  events: { utc: string; body: string; gate: number; line: number; direction: string }[];
}
interface Eclipses {
  eclipses: { utc: string; type: string; kind: string; magnitude: number; sun: Omit<Place, 'utc'> }[];
}
interface Retrogrades {
  retrogrades: {
    planet: string;
    stationRetrograde: Place;
    stationDirect: Place;
    durationDays: number;
    preShadowStart: string;
    postShadowEnd: string;
  }[];
}
interface Returns {
  planet: string;
  returns: { utc: string; local: string; direction: string; chart: { incarnationCross: string } }[];
}

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc?.close());

async function get<T>(path: string, query: Record<string, string>) {
  const res = await fetch(`${svc.url}${path}?${new URLSearchParams(query)}`, {
    headers: authHeaders(svc.key),
  });
  return { status: res.status, body: (await res.json()) as Answer<T> };
}

async function post<T>(path: string, body: object) {
  const res = await fetch(`${svc.url}${path}`, {
    method: 'POST',
    headers: authHeaders(svc.key),
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer<T> };
}

const seconds = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 1000;
const minutes = (a: string, b: string) => seconds(a, b) / 60;

/** A direct Swiss Ephemeris longitude at a UTC instant. */
const longitudeAt = (planet: 'sun' | 'mercury', utc: string) =>
  sharedEphemeris().position(planet, julianDayUT(Date.parse(utc))).longitude;

/** Distance in degrees from a longitude to the nearest line boundary of the wheel. */
const toLineBoundary = (lon: number) => {
  const x = (((lon - WHEEL_START_DEGREES) % LINE_DEGREES) + LINE_DEGREES) % LINE_DEGREES;
  return Math.min(x, LINE_DEGREES - x);
};

describe('get_transit_periods', () => {
  const march = { startDate: '2025-03-01', endDate: '2025-03-31', bodies: 'sun, MERCURY' };

  it('March 2025, Sun and Mercury (names in any case): chained periods, exact events, the Mercury station', async () => {
    const { status, body } = await get<Periods>('/api/transits/periods', march);
    expect(status).toBe(200);
    const { periods, events } = body.data;
    expect(new Set(periods.map((p) => p.body))).toEqual(new Set(['Sun', 'Mercury']));
    // The Sun moves ~1 degree a day, a line is 0.9375 degrees: 33 or 34 entries in 31 days.
    const sun = events.filter((e) => e.body === 'Sun');
    expect(sun.length).toBeGreaterThanOrEqual(32);
    expect(sun.length).toBeLessThanOrEqual(34);
    expect(sun.every((e) => e.direction === 'direct')).toBe(true);
    // Each event puts the body on a line boundary (1 second at the Sun's speed is 0.04").
    for (const e of events) {
      const lon = longitudeAt(e.body === 'Sun' ? 'sun' : 'mercury', e.utc);
      expect(toLineBoundary(lon) * 3600, `${e.body} ${e.utc}`).toBeLessThan(1);
      // Just past the boundary (0.36"; the UTC second is rounded) the wheel gives the entered line.
      expect(wheelActivation(lon + (e.direction === 'direct' ? 1e-4 : -1e-4))).toMatchObject({
        gate: e.gate,
        line: e.line,
      });
    }
    // Mercury stations retrograde 2025-03-15 06:46 UT (B3): its entries turn retrograde there.
    const mercury = events.filter((e) => e.body === 'Mercury');
    const turn = Date.parse('2025-03-15T06:46:00Z');
    for (const e of mercury) expect(e.direction).toBe(Date.parse(e.utc) < turn ? 'direct' : 'retrograde');
    // Periods chain: each starts where the previous ended; the first and last run past the range.
    for (const body of ['Sun', 'Mercury']) {
      const own = periods.filter((p) => p.body === body);
      expect(own[0]!.start).toBeNull();
      expect(own.at(-1)!.end).toBeNull();
      for (let i = 1; i < own.length; i++) expect(own[i]!.start).toBe(own[i - 1]!.end);
    }
  });

  it('the legacy alias answers the same; MCP too', async () => {
    const canonical = await get<Periods>('/api/transits/periods', march);
    const alias = await get<Periods>('/api/transit-periods', march);
    expect(alias.body.data).toEqual(canonical.body.data);
    const client = await connectMcp(svc.url, svc.key);
    const mcp = (await client.callTool({ name: 'get_transit_periods', arguments: march })) as {
      isError?: boolean;
      structuredContent?: unknown;
    };
    await client.close();
    expect(mcp.isError).toBeFalsy();
    expect(mcp.structuredContent).toEqual(canonical.body.data);
  });

  it('a leap year is allowed (366 days); 367 days is a 400 naming the limit', async () => {
    const year = await get<Periods>('/api/transits/periods', {
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      bodies: 'Sun',
    });
    expect(year.status).toBe(200);
    // 64 gates x 6 lines in a year, give or take the wrap of the range.
    expect(Math.abs(year.body.data.events.length - 384)).toBeLessThanOrEqual(2);
    const { status, body } = await get('/api/transits/periods', {
      startDate: '2024-01-01',
      endDate: '2025-01-01',
    });
    expect(status).toBe(400);
    expect(body.error?.code).toBe('span_too_long');
    expect(body.error?.message).toMatch(/367 days.*at most 366 days.*split/s);
  });

  it('an unknown body is a 400 naming it and the accepted names', async () => {
    const { status, body } = await get('/api/transits/periods', { ...march, bodies: 'Sun,Vulcan' });
    expect(status).toBe(400);
    expect(body.error?.details?.[0]?.field).toBe('bodies');
    expect(body.error?.message).toMatch(/"Vulcan".*Sun, Earth, Rahu, Ketu, Moon/);
  });
});

describe('get_eclipses', () => {
  const y2024 = { startDate: '2024-01-01', endDate: '2024-12-31' };
  // B2: Swiss Ephemeris maxima (UT), matching the published times.
  const B2_2024 = [
    ['2024-03-25T07:12:50Z', 'lunar', 'penumbral'],
    ['2024-04-08T18:17:18Z', 'solar', 'total'],
    ['2024-09-18T02:44:15Z', 'lunar', 'partial'],
    ['2024-10-02T18:45:01Z', 'solar', 'annular'],
  ] as const;

  it('2024: the four eclipses of B2, kind right, greatest eclipse within 60 s', async () => {
    const { status, body } = await get<Eclipses>('/api/eclipses', y2024);
    expect(status).toBe(200);
    const found = body.data.eclipses;
    expect(found.map((e) => [e.type, e.kind])).toEqual(B2_2024.map(([, type, kind]) => [type, kind]));
    found.forEach((e, i) => expect(seconds(e.utc, B2_2024[i]![0])).toBeLessThan(60));
    // Total solar eclipse of 2024-04-08: magnitude 1.0566 (B2); the Sun in Aries.
    expect(found[1]!.magnitude).toBeCloseTo(1.0566, 2);
    expect(found[1]!.sun.sign).toBe('Aries');
  });

  it('solarOnly and lunarOnly keep one type (query booleans); both is a 400; MCP agrees', async () => {
    const solar = await get<Eclipses>('/api/eclipses', { ...y2024, solarOnly: 'true' });
    expect(solar.body.data.eclipses.map((e) => e.type)).toEqual(['solar', 'solar']);
    const lunar = await get<Eclipses>('/api/eclipses', { ...y2024, lunarOnly: 'true' });
    expect(lunar.body.data.eclipses.map((e) => e.type)).toEqual(['lunar', 'lunar']);
    const both = await get('/api/eclipses', { ...y2024, solarOnly: 'true', lunarOnly: 'true' });
    expect(both.status).toBe(400);
    expect(both.body.error?.message).toMatch(/solarOnly and lunarOnly cannot both be true/);
    const client = await connectMcp(svc.url, svc.key);
    const mcp = (await client.callTool({
      name: 'get_eclipses',
      arguments: { ...y2024, solarOnly: true },
    })) as { structuredContent?: unknown };
    const mcpBoth = (await client.callTool({
      name: 'get_eclipses',
      arguments: { ...y2024, solarOnly: true, lunarOnly: true },
    })) as { isError?: boolean; content: { text: string }[] };
    await client.close();
    expect(mcp.structuredContent).toEqual(solar.body.data);
    expect(mcpBoth.isError).toBe(true);
    expect(mcpBoth.content[0]!.text).toMatch(/lunarOnly/);
  });

  it('10 years is the limit: 2020-01-01 to 2029-12-31 answers, one day more is a 400', async () => {
    const decade = await get<Eclipses>('/api/eclipses', { startDate: '2020-01-01', endDate: '2029-12-31' });
    expect(decade.status).toBe(200);
    // About 2.4 solar and 2.4 lunar eclipses a year.
    expect(decade.body.data.eclipses.length).toBeGreaterThan(40);
    const over = await get('/api/eclipses', { startDate: '2020-01-01', endDate: '2030-01-01' });
    expect(over.status).toBe(400);
    expect(over.body.error?.code).toBe('span_too_long');
    expect(over.body.error?.message).toMatch(/at most 10 years/);
  });
});

describe('get_retrogrades', () => {
  const y2025 = { startDate: '2025-01-01', endDate: '2025-12-31', planets: 'mercury,VENUS' };
  // B3, measured and confirmed by published times within a minute.
  const B3: Record<'Mercury' | 'Venus', [string, string][]> = {
    Mercury: [
      ['2025-03-15T06:46:00Z', '2025-04-07T11:07:00Z'],
      ['2025-07-18T04:44:00Z', '2025-08-11T07:29:00Z'],
      ['2025-11-09T19:01:00Z', '2025-11-29T17:38:00Z'],
    ],
    Venus: [['2025-03-02T00:36:00Z', '2025-04-13T01:02:00Z']],
  };

  it('2025 Mercury and Venus (names in any case): the stations of B3 within 5 minutes, gate and line of the longitude', async () => {
    const { status, body } = await get<Retrogrades>('/api/retrogrades', y2025);
    expect(status).toBe(200);
    const got = body.data.retrogrades;
    expect(got.map((r) => r.planet)).toEqual(['Mercury', 'Mercury', 'Mercury', 'Venus']);
    const expected = [...B3.Mercury, ...B3.Venus];
    got.forEach((r, i) => {
      expect(minutes(r.stationRetrograde.utc, expected[i]![0])).toBeLessThan(5);
      expect(minutes(r.stationDirect.utc, expected[i]![1])).toBeLessThan(5);
      for (const s of [r.stationRetrograde, r.stationDirect])
        expect(wheelActivation(s.longitude)).toMatchObject({ gate: s.gate, line: s.line });
      expect(r.durationDays).toBeCloseTo(
        (Date.parse(r.stationDirect.utc) - Date.parse(r.stationRetrograde.utc)) / 864e5,
        2,
      );
      expect(Date.parse(r.preShadowStart)).toBeLessThan(Date.parse(r.stationRetrograde.utc));
      expect(Date.parse(r.postShadowEnd)).toBeGreaterThan(Date.parse(r.stationDirect.utc));
    });
    // Mercury SR 2025-03-15 at 9°35' Aries (B3).
    expect(got[0]!.stationRetrograde.sign).toBe('Aries');
    expect(got[0]!.stationRetrograde.longitude).toBeCloseTo(9 + 35 / 60, 1);
  });

  it('the legacy alias answers the same', async () => {
    const canonical = await get<Retrogrades>('/api/retrogrades', y2025);
    const alias = await get<Retrogrades>('/api/retrograde-periods', y2025);
    expect(alias.status).toBe(200);
    expect(alias.body.data).toEqual(canonical.body.data);
  });

  it.each([['Vulcan'], ['Sun'], ['Mercury,Moon']])(
    'planets=%s is a 400 naming the unknown name',
    async (planets) => {
      const { status, body } = await get('/api/retrogrades', { ...y2025, planets });
      expect(status).toBe(400);
      expect(body.error?.details?.[0]?.field).toBe('planets');
      expect(body.error?.message).toMatch(
        /unknown planets? "(Vulcan|Sun|Moon)".*Mercury, Venus, Mars, Jupiter, Saturn, Uranus, Neptune, Pluto, Chiron/,
      );
    },
  );

  it('730 days is the limit; endDate before startDate and dates past the files are 400s', async () => {
    expect(
      (await get('/api/retrogrades', { startDate: '2024-01-01', endDate: '2025-12-30', planets: 'Mars' }))
        .status,
    ).toBe(200);
    const over = await get('/api/retrogrades', { startDate: '2024-01-01', endDate: '2025-12-31' });
    expect(over.status).toBe(400);
    expect(over.body.error?.message).toMatch(/731 days.*at most 730 days/s);
    const reversed = await get('/api/retrogrades', { startDate: '2025-02-01', endDate: '2025-01-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.error).toMatchObject({ code: 'invalid_input' });
    expect(reversed.body.error?.details?.[0]?.field).toBe('endDate');
    expect(reversed.body.error?.message).toMatch(/before startDate/);
    const early = await get('/api/retrogrades', { startDate: '1700-01-01', endDate: '1700-06-01' });
    expect(early.status).toBe(400);
    expect(early.body.error?.code).toBe('out_of_range');
    expect(early.body.error?.message).toMatch(/startDate.*1800-01-02 to 2399-12-29/);
    const badForm = await get('/api/retrogrades', { startDate: '2025-02-30', endDate: '2025-03-01' });
    expect(badForm.status).toBe(400);
    expect(badForm.body.error?.details?.[0]?.field).toBe('startDate');
  });
});

describe('get_planetary_return', () => {
  // B4's natal instant 1990-06-15 12:00 UT: 13:00 BST in London.
  const natal = { birthDate: '1990-06-15', birthTime: '13:00', latitude: 51.5074, longitude: -0.1278 };

  it('solar return 2024 (planet in any case) at 17:14:39 UT within 60 s, local time in London, the cross of the natal Sun', async () => {
    const { status, body } = await post<Returns>('/api/returns', { ...natal, planet: 'sUN', year: 2024 });
    expect(status).toBe(200);
    expect(body.data.planet).toBe('Sun');
    const [r, ...more] = body.data.returns;
    expect(more).toEqual([]);
    expect(seconds(r!.utc, '2024-06-14T17:14:39Z')).toBeLessThan(60);
    expect(r!.local).toMatch(/^2024-06-14T18:1\d:\d\d\+01:00$/);
    expect(r!.direction).toBe('direct');
    // The return puts the Sun back at the natal Sun, so the return chart's cross starts with its gate.
    const chart = await post<{ personality: { Sun: { gate: number } } }>('/api/chart', natal);
    expect(r!.chart.incarnationCross).toContain(`(${chart.body.data.personality.Sun.gate}/`);
  });

  it('Saturn return 2020 at 2020-01-23 07:49 UT (B4); about 13 lunar returns in 2024; MCP agrees', async () => {
    const saturn = await post<Returns>('/api/returns', { ...natal, planet: 'saturn', year: 2020 });
    expect(saturn.body.data.returns.map((r) => r.direction)).toEqual(['direct']);
    expect(minutes(saturn.body.data.returns[0]!.utc, '2020-01-23T07:49:00Z')).toBeLessThan(1);
    const moon = await post<Returns>('/api/returns', { ...natal, planet: 'Moon', year: 2024 });
    expect([13, 14]).toContain(moon.body.data.returns.length);
    const client = await connectMcp(svc.url, svc.key);
    const mcp = (await client.callTool({
      name: 'get_planetary_return',
      arguments: { ...natal, planet: 'Saturn', year: 2020 },
    })) as { structuredContent?: unknown };
    await client.close();
    expect(mcp.structuredContent).toEqual(saturn.body.data);
  });

  it.each([['Vulcan'], ['Earth'], ['Rahu']])(
    'planet %s is a 400 naming the accepted bodies',
    async (planet) => {
      const { status, body } = await post('/api/returns', { ...natal, planet, year: 2024 });
      expect(status).toBe(400);
      expect(body.error?.details?.[0]?.field).toBe('planet');
      expect(body.error?.message).toMatch(
        /Sun, Moon, Mercury, Venus, Mars, Jupiter, Saturn, Uranus, Neptune, Pluto, Chiron/,
      );
    },
  );

  it('a year outside the ephemeris is a 400 naming the field', async () => {
    const { status, body } = await post('/api/returns', { ...natal, planet: 'Sun', year: 2500 });
    expect(status).toBe(400);
    expect(body.error?.details?.[0]?.field).toBe('year');
  });
});

describe('metering', () => {
  it('each event tool costs 1 chart request, in a worker or not; a repeat is a free cache hit', async () => {
    const key = await svc.createKey(['advanced_chart']);
    const used = async () => {
      const r = await fetch(`${svc.url}/api/usage`, { headers: authHeaders(key) });
      return ((await r.json()) as { data: { usage: { chart: number } } }).data.usage.chart;
    };
    const calls = [
      () =>
        fetch(`${svc.url}/api/eclipses?startDate=2024-01-01&endDate=2024-06-30`, {
          headers: authHeaders(key),
        }),
      () =>
        fetch(`${svc.url}/api/transits/periods?startDate=2024-01-01&endDate=2024-01-31&bodies=Sun`, {
          headers: authHeaders(key),
        }),
      () =>
        fetch(`${svc.url}/api/retrogrades?startDate=2024-01-01&endDate=2024-06-30&planets=Mars`, {
          headers: authHeaders(key),
        }),
      () =>
        fetch(`${svc.url}/api/returns`, {
          method: 'POST',
          headers: authHeaders(key),
          body: JSON.stringify({
            birthDate: '1990-06-15',
            birthTime: '13:00',
            latitude: 51.5,
            longitude: -0.13,
            planet: 'Sun',
            year: 2024,
          }),
        }),
    ];
    for (const [i, call] of calls.entries()) {
      const first = await call();
      expect(first.headers.get('x-cache')).toBe('MISS');
      expect(await used()).toBe(i + 1);
      const again = await call();
      expect(again.headers.get('x-cache')).toBe('HIT');
      expect(await used()).toBe(i + 1);
    }
  });
});
