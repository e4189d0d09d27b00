/**
 * Synastry over the real HTTP service and the official MCP SDK client (issue 38, part 2):
 * - person B as birthDate1 ... longitude1 (generate_composite's names), as body fields on REST and
 *   arguments on MCP, the same `data.synastry` on both, computed against B's own single chart;
 * - without B the answer is byte for byte what it was: its sha256 below was taken from the service
 *   before synastry existed (the same request on the previous commit);
 * - B in the sidereal zodiac when A's chart is; B's warnings reach the answer labelled "Person B:";
 * - half a person B is a 400 on REST and an isError result on MCP naming the missing field and its form;
 * - the wheel with details heads A's data box as A's and shows B's birth too.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, startService, type TestService } from '../helpers/service.js';
import { connectMcp } from '../helpers/mcp.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc?.close());

const A = { birthDate: '1940-10-09', birthTime: '18:30', birthLocation: 'Liverpool, United Kingdom' };
const B1 = { birthDate1: '1942-06-18', birthTime1: '14:00', birthLocation1: 'Liverpool, United Kingdom' };
const B = { birthDate: '1942-06-18', birthTime: '14:00', birthLocation: 'Liverpool, United Kingdom' };
/** sha256 of JSON.stringify(data) for A alone, from the service before synastry was added. */
const PLAIN_SHA256 = '80e7e05e2b4da9c380d5199c3c6504f6782222cf60cbf26564e8bea39e5a06ad';

const post = (path: string, body: unknown) =>
  fetch(`${svc.url}${path}`, { method: 'POST', headers: authHeaders(svc.key), body: JSON.stringify(body) });

interface Body {
  longitude: number;
  house: number;
}
interface Chart {
  planets: Record<string, Body>;
  houses: { cuspLongitude: number }[];
}
interface Synastry {
  aspects: { personA: string; personB: string; aspect: string; angle: number; orb: number }[];
  houseOverlays: { aInB: Record<string, number>; bInA: Record<string, number> };
  summary: { aspects: number; byAspect: Record<string, number> };
}
interface Answer {
  data: { personality: Chart; synastry?: Synastry; warnings?: string[] };
  warnings?: string[];
}
interface Refusal {
  error: { code: string; message: string; details: { field: string; message: string }[] };
}

describe('synastry on REST and MCP', () => {
  it('leaves the answer without person B byte for byte as it was', async () => {
    const res = await post('/api/astrology', A);
    const answer = (await res.json()) as { data: unknown };
    expect(createHash('sha256').update(JSON.stringify(answer.data)).digest('hex')).toBe(PLAIN_SHA256);
  });

  it("adds data.synastry, the same on both, agreeing with B's own chart", async () => {
    const res = await post('/api/astrology', { ...A, ...B1 });
    expect(res.status).toBe(200);
    const rest = (await res.json()) as Answer;
    const s = rest.data.synastry!;
    const single = (await (await post('/api/astrology', B)).json()) as Answer;
    const plain = (await (await post('/api/astrology', A)).json()) as Answer;
    const aPlanets = () => plain.data.personality.planets;
    const bPlanets = () => single.data.personality.planets;
    // A's chart is unchanged by B.
    expect(rest.data.personality).toEqual(plain.data.personality);
    const bSun = single.data.personality.planets.Sun!.longitude;
    const aSun = plain.data.personality.planets.Sun!.longitude;
    const arc = Math.min(Math.abs(aSun - bSun), 360 - Math.abs(aSun - bSun));
    const sunSun = s.aspects.find((x) => x.personA === 'Sun' && x.personB === 'Sun');
    // Sun 16° Libra against Sun 26° Gemini: about 110°, no major aspect within the orbs.
    expect(arc).toBeGreaterThan(100);
    expect(arc).toBeLessThan(112);
    expect(sunSun).toBeUndefined();
    const cusps = plain.data.personality.houses.map((h) => h.cuspLongitude);
    const fwd = (from: number, to: number) => (((to - from) % 360) + 360) % 360;
    const houseInA = (lon: number) =>
      cusps.findIndex((c, i) => fwd(c, lon) < fwd(c, cusps[(i + 1) % 12]!)) + 1;
    for (const [planet, body] of Object.entries(single.data.personality.planets)) {
      expect(s.houseOverlays.bInA[planet], planet).toBe(houseInA(body.longitude));
    }
    // Each listed planet pair's angle is the arc between the two single charts' longitudes.
    for (const x of s.aspects.filter((y) => y.personA in aPlanets() && y.personB in bPlanets())) {
      const d = Math.abs(aPlanets()[x.personA]!.longitude - bPlanets()[x.personB]!.longitude);
      expect(x.angle).toBeCloseTo(Math.min(d, 360 - d), 3);
    }
    // The pair read the other way round: B's planets in A's houses are then aInB.
    const reversed = (await (
      await post('/api/astrology', {
        ...B,
        birthDate1: A.birthDate,
        birthTime1: A.birthTime,
        birthLocation1: A.birthLocation,
      })
    ).json()) as Answer;
    expect(reversed.data.synastry!.houseOverlays.aInB).toEqual(s.houseOverlays.bInA);
    expect(reversed.data.synastry!.summary.aspects).toBe(s.summary.aspects);
    expect(s.summary.aspects).toBe(s.aspects.length);

    const client = await connectMcp(svc.url, svc.key);
    const mcp = (await client.callTool({ name: 'get_astrology_chart', arguments: { ...A, ...B1 } })) as {
      structuredContent: Answer['data'];
    };
    expect(mcp.structuredContent.synastry).toEqual(s);
    await client.close();
  });

  it("draws B's ring in the MCP picture, as the wheel endpoint does (image argument)", async () => {
    const client = await connectMcp(svc.url, svc.key);
    const picture = async (args: Record<string, unknown>) => {
      const result = (await client.callTool({
        name: 'get_astrology_chart',
        arguments: { ...args, image: 'svg' },
      })) as { content: { type: string; data?: string }[] };
      const block = result.content.find((c) => c.type === 'image');
      return Buffer.from(block!.data!, 'base64').toString();
    };
    try {
      const withB = await picture({ ...A, ...B1 });
      const alone = await picture(A);
      expect(withB).toContain('data-person="B"');
      expect(withB).toContain("person B's chart");
      expect(alone).not.toContain('data-person="B"');
    } finally {
      await client.close();
    }
  });

  it('computes B in the sidereal zodiac with A, and labels B warnings', async () => {
    const sidereal = (await (
      await post('/api/astrology', { ...A, ...B1, zodiac: 'sidereal' })
    ).json()) as Answer;
    const tropical = (await (await post('/api/astrology', { ...A, ...B1 })).json()) as Answer;
    const key = (x: Synastry['aspects'][number]) => `${x.personA}|${x.personB}|${x.aspect}`;
    const t = new Map(tropical.data.synastry!.aspects.map((x) => [key(x), x.orb]));
    // Both charts shift by nearly the same ayanamsa (1.4' apart): the same pairs, orbs a little moved.
    const moved = sidereal.data.synastry!.aspects.filter((x) => t.has(key(x)) && t.get(key(x)) !== x.orb);
    expect(moved.length).toBeGreaterThan(0);

    // 1940-05-16 00:30 in Amsterdam: a wall-clock time the city's clock skipped (to German time), which warns.
    const warned = (await (
      await post('/api/astrology', {
        ...A,
        birthDate1: '1940-05-16',
        birthTime1: '00:30',
        birthLocation1: 'Amsterdam, Netherlands',
      })
    ).json()) as Answer & { warnings?: string[] };
    const warnings = JSON.stringify(warned);
    expect(warnings).toMatch(/Person B: /);
  });

  it('refuses half a person B, naming the field and its form', async () => {
    const res = await post('/api/astrology', { ...A, birthDate1: '1942-06-18' });
    expect(res.status).toBe(400);
    const refusal = (await res.json()) as Refusal;
    const fields = refusal.error.details.map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['birthTime1', 'birthLocation1']));
    expect(refusal.error.message).toMatch(/birthTime1.*HH:MM/);

    const client = await connectMcp(svc.url, svc.key);
    const mcp = (await client.callTool({
      name: 'get_astrology_chart',
      arguments: { ...A, birthDate1: '1942-06-18', birthLocation1: 'Liverpool, United Kingdom' },
    })) as { isError?: boolean; content: { text: string }[] };
    expect(mcp.isError).toBe(true);
    expect(mcp.content[0]!.text).toMatch(/birthTime1/);
    expect(mcp.content[0]!.text).toMatch(/HH:MM/);
    await client.close();
  });

  it("draws B's planets on the wheel's outer ring from query fields, SVG and PNG", async () => {
    const q = new URLSearchParams({ ...A, ...B1 });
    const res = await fetch(`${svc.url}/api/astrology/wheel.svg?${q}`, { headers: authHeaders(svc.key) });
    expect(res.status).toBe(200);
    const svg = await res.text();
    expect(svg).toContain('data-person="B"');
    expect(svg).toContain("Outer ring: person B's chart, Sun in Gemini.");
    const png = await fetch(`${svc.url}/api/astrology/wheel.png?${q}&width=390`, {
      headers: authHeaders(svc.key),
    });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');

    // With details, A's data box is headed as A's (it read "Natal chart") and B's birth follows
    // (June 1942: British double summer time, UTC+2).
    const details = await (
      await fetch(`${svc.url}/api/astrology/wheel.svg?${q}&details=true`, { headers: authHeaders(svc.key) })
    ).text();
    expect(details).toContain('Person A (inner)');
    expect(details).not.toContain('Natal chart');
    const boxB = details.slice(details.indexOf('data-details="person-b"'));
    expect(boxB).toContain('Person B (outer)');
    expect(boxB).toContain('1942-06-18 14:00 (UTC+02:00)');

    const half = await fetch(
      `${svc.url}/api/astrology/wheel.svg?${new URLSearchParams({ ...A, birthTime1: '14:00' })}`,
      {
        headers: authHeaders(svc.key),
      },
    );
    expect(half.status).toBe(400);
    expect(((await half.json()) as Refusal).error.details.map((d) => d.field)).toEqual(
      expect.arrayContaining(['birthDate1', 'birthLocation1']),
    );
    const both = await fetch(`${svc.url}/api/astrology/wheel.svg?${q}&designRing=true`, {
      headers: authHeaders(svc.key),
    });
    expect(both.status).toBe(400);
    expect(((await both.json()) as Refusal).error.details[0]!.field).toBe('designRing');
  });
});
