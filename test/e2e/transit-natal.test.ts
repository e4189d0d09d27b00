/**
 * get_transit_periods read against a birth chart (issue 38) over real HTTP (GET query fields and MCP):
 * without a birth the answer is byte for byte the one before the feature; with one, `natal` carries
 * the natal definition, channel and center windows and the exact aspects, identical on REST and MCP;
 * half a birth is a 400 / tool error naming the missing field and the form to send.
 *
 * Sources: the reference natal 1990-06-15 12:00 UT (astrology-bazi-location.md B4: solar return
 * 2024-06-14 17:14:39 UT), sent as London 13:00 BST (UTC+1 in June 1990); the natal chart's gates,
 * channels and centers are generate_chart's own for the same birth.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONTH_BODIES, monthRange } from '../../src/prompts/month_transits.js';
import { connectMcp } from '../helpers/mcp.js';
import { authHeaders, startService, type TestService } from '../helpers/service.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc?.close());

interface Natal {
  birthInfo: { utc: string };
  definedGates: number[];
  definedChannels: string[];
  definedCenters: string[];
  channels: {
    channel: string;
    gate: number;
    planet: string;
    start: string;
    end: string;
    openStart: boolean;
    openEnd: boolean;
  }[];
  centers: { center: string; start: string; end: string }[];
  aspects: { transit: string; natal: string; aspect: string; exact: string; transitRetrograde: boolean }[];
}
interface Answer {
  success: boolean;
  data: { periods: unknown[]; events: unknown[]; natal?: Natal };
  meta: { warnings?: string[] };
  error?: { code: string; message: string; details?: { field?: string }[] };
}

async function get(query: Record<string, string>) {
  const res = await fetch(`${svc.url}/api/transits/periods?${new URLSearchParams(query)}`, {
    headers: authHeaders(svc.key),
  });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as Answer };
}

const june = { startDate: '2024-06-01', endDate: '2024-06-30', bodies: 'Sun,Moon,Mercury,Mars' };
const birth = { birthDate: '1990-06-15', birthTime: '13:00', birthLocation: 'London, United Kingdom' };

describe('get_transit_periods with a birth', () => {
  it('without a birth, the answer is byte for byte the one before natal transits existed', async () => {
    const { status, body } = await get(june);
    expect(status).toBe(200);
    expect(body.data.natal).toBeUndefined();
    // sha256 of the JSON `data` of this request, taken from the service before the birth inputs were added.
    const hash = createHash('sha256').update(JSON.stringify(body.data)).digest('hex');
    expect(hash).toBe(NO_BIRTH_DATA_SHA256);
  });

  it('with a birth: the same periods and events, plus natal; the solar return is the Sun conjunct the natal Sun', async () => {
    const plain = await get(june);
    const { status, body } = await get({ ...june, ...birth });
    expect(status).toBe(200);
    const { natal, ...rest } = body.data;
    expect(JSON.stringify(rest)).toBe(JSON.stringify(plain.body.data));
    expect(natal!.birthInfo.utc).toBe('1990-06-15T12:00:00Z');
    const chart = await fetch(`${svc.url}/api/chart`, {
      method: 'POST',
      headers: authHeaders(svc.key),
      body: JSON.stringify(birth),
    }).then(
      (r) =>
        r.json() as Promise<{
          data: {
            gates: { definedGates: number[] };
            channels: { gates: string }[];
            centers: { defined: string[] };
          };
        }>,
    );
    expect(natal!.definedGates).toEqual(chart.data.gates.definedGates);
    expect(natal!.definedChannels).toEqual(chart.data.channels.map((c) => c.gates));
    expect(natal!.definedCenters).toEqual(chart.data.centers.defined);
    const solar = natal!.aspects.filter(
      (a) => a.transit === 'Sun' && a.natal === 'Sun' && a.aspect === 'conjunction',
    );
    // 2024-06-14 17:14:39 UT, to the minute.
    expect(solar).toEqual([
      {
        transit: 'Sun',
        natal: 'Sun',
        aspect: 'conjunction',
        exact: '2024-06-14T17:15Z',
        transitRetrograde: false,
      },
    ]);
    // The Moon is in (a 30-day range) and the bodies filter holds: no Venus, no Saturn.
    expect(natal!.aspects.some((a) => a.transit === 'Moon')).toBe(true);
    expect(natal!.aspects.every((a) => ['Sun', 'Moon', 'Mercury', 'Mars'].includes(a.transit))).toBe(true);
    expect(natal!.channels.every((c) => ['Sun', 'Moon', 'Mercury', 'Mars'].includes(c.planet))).toBe(true);
    for (const c of natal!.channels) {
      expect(natal!.definedChannels).not.toContain(c.channel);
      const [a, b] = c.channel.split('-').map(Number) as [number, number];
      expect(natal!.definedGates).toContain(c.gate === a ? b : a);
      expect(natal!.definedGates).not.toContain(c.gate);
    }
    for (const c of natal!.centers) expect(natal!.definedCenters).not.toContain(c.center);
    // Aspects in time order.
    const times = natal!.aspects.map((a) => Date.parse(a.exact));
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });

  it('MCP gives the same natal part; coordinates replace the place', async () => {
    // Without the Moon: its line changes alone would pass the MCP result limit over a month.
    const noMoon = { ...june, bodies: 'Sun,Mercury,Mars' };
    const rest = await get({ ...noMoon, ...birth });
    const client = await connectMcp(svc.url, svc.key);
    const mcp = (await client.callTool({
      name: 'get_transit_periods',
      arguments: { ...noMoon, ...birth },
    })) as {
      structuredContent: { natal: Natal };
    };
    await client.close();
    expect(mcp.structuredContent.natal).toEqual(rest.body.data.natal);
    const byCoordinates = await get({
      ...noMoon,
      birthDate: '1990-06-15',
      birthTime: '13:00',
      latitude: '51.5085',
      longitude: '-0.1257',
    });
    expect(byCoordinates.status).toBe(200);
    expect(byCoordinates.body.data.natal!.aspects.length).toBe(rest.body.data.natal!.aspects.length);
  });

  it('a year with a birth: no Moon aspects; the Sun makes each of its 104 aspects once (8 per natal point)', async () => {
    const { status, body } = await get({
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      bodies: 'Sun,Mercury,Venus,Mars,Jupiter,Saturn,Uranus,Neptune,Pluto',
      ...birth,
    });
    expect(status).toBe(200);
    const { aspects } = body.data.natal!;
    expect(aspects.some((a) => a.transit === 'Moon')).toBe(false);
    const sun = aspects.filter((a) => a.transit === 'Sun');
    // 13 natal points x (conjunction, opposition, and sextile, square, trine on either side).
    expect(sun).toHaveLength(104);
    const perKind = new Map<string, number>();
    for (const a of sun)
      perKind.set(`${a.natal} ${a.aspect}`, (perKind.get(`${a.natal} ${a.aspect}`) ?? 0) + 1);
    for (const [key, n] of perKind) expect(n, key).toBe(/conjunction|opposition/.test(key) ? 1 : 2);
    expect(Buffer.byteLength(JSON.stringify(body.data.natal))).toBeLessThan(70_000);
  });

  it("the birth's warnings come in meta.warnings as generate_chart's do: a time the clocks skipped (New York, 2021-03-14 02:30)", async () => {
    const dst = { birthDate: '2021-03-14', birthTime: '02:30', birthLocation: 'New York, NY' };
    const { status, body } = await get({ ...june, bodies: 'Sun', ...dst });
    expect(status).toBe(200);
    const chart = (await fetch(`${svc.url}/api/chart`, {
      method: 'POST',
      headers: authHeaders(svc.key),
      body: JSON.stringify(dst),
    }).then((r) => r.json())) as { meta: { warnings?: string[] } };
    expect(chart.meta.warnings?.length).toBeGreaterThan(0);
    expect(body.meta.warnings).toEqual(chart.meta.warnings);
  });

  it('half a birth is a 400 naming each missing field and its form; MCP says the same', async () => {
    const { status, body } = await get({ ...june, birthDate: '1990-06-15' });
    expect(status).toBe(400);
    const fields = (body.error?.details ?? []).map((d) => d.field).sort();
    expect(fields).toEqual(['birthLocation', 'birthTime']);
    expect(body.error?.message).toMatch(/birthTime.*HH:MM/);
    expect(body.error?.message).toMatch(/birthLocation.*"City, Country"/);
    const onlyPlace = await get({ ...june, birthLocation: 'London, United Kingdom' });
    expect(onlyPlace.status).toBe(400);
    expect((onlyPlace.body.error?.details ?? []).map((d) => d.field).sort()).toEqual([
      'birthDate',
      'birthTime',
    ]);
    expect(onlyPlace.body.error?.message).toMatch(/birthDate.*YYYY-MM-DD/);
    const client = await connectMcp(svc.url, svc.key);
    const mcp = (await client.callTool({
      name: 'get_transit_periods',
      arguments: { ...june, birthDate: '1990-06-15' },
    })) as {
      isError?: boolean;
      content: { text: string }[];
    };
    await client.close();
    expect(mcp.isError).toBe(true);
    expect(mcp.content[0]!.text).toMatch(/birthTime/);
  });
});

describe('month_transits', () => {
  it("the prompt's two get_transit_periods calls (31-day months, their bodies, the birth) fit an MCP result", async () => {
    const client = await connectMcp(svc.url, svc.key);
    const prompt = await client.getPrompt({
      name: 'month_transits',
      arguments: { ...birth, month: '2026-01' },
    });
    const text = prompt.messages.map((m) => (m.content.type === 'text' ? m.content.text : '')).join('\n');
    for (const bodies of MONTH_BODIES) expect(text).toContain(`bodies="${bodies}"`);
    expect(text).toContain('birthDate="1990-06-15"');
    for (const month of ['2026-01', '2026-05', '2026-08'])
      for (const bodies of MONTH_BODIES) {
        const mcp = (await client.callTool({
          name: 'get_transit_periods',
          arguments: { ...monthRange(month), bodies, ...birth },
        })) as { isError?: boolean; structuredContent?: { natal?: Natal } };
        expect(mcp.isError, `${month} ${bodies}`).toBeFalsy();
        expect(mcp.structuredContent?.natal?.birthInfo.utc).toBe('1990-06-15T12:00:00Z');
      }
    await client.close();
  });
});

/** Measured with the tool's code before this feature (same request, same ephemeris). */
const NO_BIRTH_DATA_SHA256 = '276044db65345ca4e976a86e1bb6bd163456728d30087d989ed093302e4386f8';
