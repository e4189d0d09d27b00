/**
 * The sidereal zodiac over the real HTTP service and the official MCP SDK client (issue 38, part 3):
 * - the same inputs on MCP and REST (body fields on POST /api/astrology, query fields on the wheel's
 *   GET), the same sidereal answer on both;
 * - without zodiac the REST answer is what it was (no `zodiac` key), and the sidereal Sun is the
 *   tropical one minus `data.zodiac.degrees`;
 * - an ayanamsa with zodiac "tropical" is a 400 naming `ayanamsa`; `zodiac` sent to generate_chart is
 *   a 400 on REST and an isError result over MCP naming the field, not silently dropped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, startService, type TestService } from '../helpers/service.js';
import { connectMcp } from '../helpers/mcp.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc?.close());

const BIRTH = { birthDate: '1940-10-09', birthTime: '18:30', birthLocation: 'Liverpool, United Kingdom' };

const post = (path: string, body: unknown) =>
  fetch(`${svc.url}${path}`, { method: 'POST', headers: authHeaders(svc.key), body: JSON.stringify(body) });

interface Planet {
  longitude: number;
  sign: string;
}
interface Answer {
  data: {
    zodiac?: { type: string; ayanamsa?: string; degrees?: number };
    personality: { planets: { Sun: Planet } };
  };
}
interface Refusal {
  error: { code: string; message: string; details: { field: string }[] };
}

describe('sidereal zodiac on REST and MCP', () => {
  it('answers the same sidereal chart on both, with data.zodiac; without zodiac, no zodiac key', async () => {
    const plainRes = await post('/api/astrology', BIRTH);
    const plain = (await plainRes.json()) as Answer;
    expect('zodiac' in plain.data).toBe(false);

    const res = await post('/api/astrology', { ...BIRTH, zodiac: 'sidereal', ayanamsa: 'fagan-bradley' });
    expect(res.status).toBe(200);
    const rest = (await res.json()) as Answer;
    const z = rest.data.zodiac!;
    expect(z).toMatchObject({ type: 'sidereal', ayanamsa: 'fagan-bradley' });
    // Fagan-Bradley in 1940: about 23°54' (24°02'31" in 1950, 50.3" a year less ten years earlier).
    expect(z.degrees!).toBeCloseTo(24.042 - (9.2 * 50.29) / 3600, 1);
    const tropicalSun = plain.data.personality.planets.Sun.longitude;
    expect(rest.data.personality.planets.Sun.longitude).toBeCloseTo(tropicalSun - z.degrees!, 5);
    expect(rest.data.personality.planets.Sun.sign).toBe('Virgo');

    const client = await connectMcp(svc.url, svc.key);
    const mcp = (await client.callTool({
      name: 'get_astrology_chart',
      arguments: { ...BIRTH, zodiac: 'sidereal', ayanamsa: 'fagan-bradley' },
    })) as { structuredContent: Answer['data'] };
    expect(mcp.structuredContent.zodiac).toEqual(z);
    expect(mcp.structuredContent.personality.planets.Sun).toEqual(rest.data.personality.planets.Sun);
    await client.close();
  });

  it('draws the wheel from query fields, labelled', async () => {
    const q = new URLSearchParams({ ...BIRTH, zodiac: 'sidereal', ayanamsa: 'krishnamurti' });
    const res = await fetch(`${svc.url}/api/astrology/wheel.svg?${q}`, { headers: authHeaders(svc.key) });
    expect(res.status).toBe(200);
    const svg = await res.text();
    expect(svg).toContain('data-ayanamsa="krishnamurti"');
    expect(svg).toMatch(/Krishnamurti 22°5\d'/);
  });

  it('documents zodiac, ayanamsa and data.zodiac in the OpenAPI document', async () => {
    const doc = JSON.stringify(await (await fetch(`${svc.url}/openapi.json`)).json());
    expect(doc).toContain('tropical (default) or sidereal.');
    expect(doc).toContain('Implies sidereal; lahiri by default.');
    expect(doc).toContain('If zodiac/ayanamsa sent; degrees: ayanamsa at birth.');
    // The wheel's GET takes them as query parameters.
    const wheelGet = (await (await fetch(`${svc.url}/openapi.json`)).json()) as {
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    };
    const names = wheelGet.paths['/api/astrology/wheel.svg']!.get!.parameters!.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['zodiac', 'ayanamsa']));
  });

  it('refuses an ayanamsa with zodiac "tropical" on the ayanamsa field', async () => {
    const res = await post('/api/astrology', { ...BIRTH, zodiac: 'tropical', ayanamsa: 'lahiri' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Refusal;
    expect(body.error.details.map((d) => d.field)).toEqual(['ayanamsa']);
  });

  it('refuses zodiac on generate_chart: 400 on REST, isError over MCP, naming the field', async () => {
    const res = await post('/api/chart', { ...BIRTH, zodiac: 'sidereal' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Refusal;
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.details.map((d) => d.field)).toEqual(['zodiac']);
    expect(body.error.message).toContain('Human Design is defined on the tropical zodiac');

    const client = await connectMcp(svc.url, svc.key);
    const mcp = (await client.callTool({
      name: 'generate_chart',
      arguments: { ...BIRTH, zodiac: 'sidereal' },
    })) as { isError?: boolean; content: { text: string }[] };
    expect(mcp.isError).toBe(true);
    expect(mcp.content.map((c) => c.text).join(' ')).toContain('zodiac: not accepted here');
    await client.close();
  });
});
