/**
 * get_bazi_chart over real HTTP and the MCP SDK client. Parity of MCP, /api/bazi and /api/v1/saju
 * and the 401/403 checks are in the registry-driven surface.test.ts; here: the access rule of the
 * issue (a basic_chart key gets BaZi), the gender errors, and the New York case of reference
 * astrology-bazi-location.md C1/C5 (2024-02-04 05:00 EST is after Lichun 08:27 UT: 甲辰 丙寅 戊戌 乙卯)
 * and the Lichun warning for Beijing 16:00 (27 minutes before the term), end to end; the optional
 * `date` (the year in force: test/core/bazi/current.test.ts holds its values) on REST and MCP, its
 * errors, and an answer without it unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, startService, type TestService } from '../helpers/service.js';
import { connectMcp } from '../helpers/mcp.js';

interface Pillar {
  ganzhi: string;
}
interface BaziBody {
  success: boolean;
  data?: {
    birthInfo: { utc: string; timezone: string };
    pillars: Record<'year' | 'month' | 'day' | 'hour', Pillar>;
    warnings?: string[];
    tooltips: Record<string, unknown>;
    current?: {
      date: string;
      annual: Pillar;
      monthly: Pillar;
      daily: Pillar;
      luck: (Pillar & { number: number }) | null;
      interactions: { type: string; between: string[] }[];
    };
  };
  error?: { code: string; message: string; details?: { field?: string; message?: string }[] };
}

let svc: TestService;
let basicKey: string;
beforeAll(async () => {
  svc = await startService();
  basicKey = await svc.createKey(['basic_chart']);
});
afterAll(() => svc?.close());

async function bazi(body: Record<string, unknown>, key = svc.key) {
  const res = await fetch(`${svc.url}/api/bazi`, {
    method: 'POST',
    headers: authHeaders(key),
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as BaziBody };
}

const four = (b: BaziBody) =>
  (['year', 'month', 'day', 'hour'] as const).map((p) => b.data?.pillars[p].ganzhi).join(' ');

const NEW_YORK = {
  birthDate: '2024-02-04',
  birthTime: '05:00',
  birthLocation: 'New York, NY',
  gender: 'male',
};

describe('get_bazi_chart', () => {
  it('New York 05:00 EST: year and month from the instant (甲辰 丙寅), day and hour from the local clock', async () => {
    const { status, body } = await bazi(NEW_YORK);
    expect(status).toBe(200);
    expect(four(body)).toBe('甲辰 丙寅 戊戌 乙卯');
    expect(body.data?.birthInfo).toMatchObject({ utc: '2024-02-04T10:00:00Z', timezone: 'America/New_York' });
    expect(body.data?.tooltips).toEqual({});
  });

  it('warns about a birth 27 minutes before Lichun (Beijing 16:00)', async () => {
    const { body } = await bazi({ ...NEW_YORK, birthTime: '16:00', birthLocation: 'Beijing, China' });
    expect(four(body)).toBe('癸卯 乙丑 戊戌 庚申');
    expect(body.data?.warnings?.join(' ')).toMatch(/before the solar term Lichun/);
  });

  it('a basic_chart key gets BaZi over REST and MCP', async () => {
    const { status } = await bazi(NEW_YORK, basicKey);
    expect(status).toBe(200);
    const client = await connectMcp(svc.url, basicKey);
    const result = (await client.callTool({ name: 'get_bazi_chart', arguments: NEW_YORK })) as {
      isError?: boolean;
      structuredContent?: BaziBody['data'];
    };
    await client.close();
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent?.pillars.year.ganzhi).toBe('甲辰');
  });

  it.each([
    ['missing', undefined],
    ['wrong', 'm'],
  ])('gender %s is a 400 naming the field and male/female', async (_label, gender) => {
    const { status, body } = await bazi({ ...NEW_YORK, gender });
    expect(status).toBe(400);
    expect(body.error?.code).toBe('invalid_input');
    const detail = body.error?.details?.find((d) => d.field === 'gender');
    expect(detail?.message).toMatch(/"male" or "female"/);
    expect(body.error?.message).toMatch(/gender/);
  });

  it('include=tooltips explains the values', async () => {
    const { body } = await bazi({ ...NEW_YORK, include: 'tooltips' });
    expect(Object.keys(body.data?.tooltips ?? {})).toEqual([
      'stems',
      'branches',
      'tenGods',
      'naYin',
      'elements',
    ]);
  });
});

describe('get_bazi_chart date (the year in force)', () => {
  // Luck of this New York male (甲辰 year, yang, forward) starts within the first decade.
  const ON_LICHUN = { ...NEW_YORK, date: '2024-02-04' };

  it('adds current on REST: the 甲辰 year and 丙寅 month from the day of Lichun, with a warning', async () => {
    const { status, body } = await bazi({ ...NEW_YORK, date: '2025-06-01' });
    expect(status).toBe(200);
    // 2025 is 乙巳; 2025-06-01 lies after 小满 and before 芒种 (06-05): the 辛巳 month of an 乙 year.
    expect([body.data?.current?.annual.ganzhi, body.data?.current?.monthly.ganzhi]).toEqual(['乙巳', '辛巳']);
    const onLichun = await bazi(ON_LICHUN);
    expect(onLichun.body.data?.current).toMatchObject({
      date: '2024-02-04',
      annual: { ganzhi: '甲辰' },
      monthly: { ganzhi: '丙寅' },
      daily: { ganzhi: '戊戌' },
      luck: null,
    });
    expect(onLichun.body.data?.warnings?.join(' ')).toMatch(/A solar term falls on 2024-02-04: Lichun/);
  });

  it('leaves the answer without date as it was: no current, everything else the same', async () => {
    // Bug it would pin: a `current: undefined` key or a moved field changes every existing answer.
    const plain = await bazi(NEW_YORK);
    expect(Object.keys(plain.body.data ?? {})).not.toContain('current');
    const withDate = await bazi({ ...NEW_YORK, date: '2030-01-01' });
    const { current: _current, ...rest } = withDate.body.data!;
    expect(JSON.stringify(rest)).toBe(JSON.stringify(plain.body.data));
  });

  it('gives MCP the same current, and a tool error naming date for a bad one', async () => {
    const client = await connectMcp(svc.url, svc.key);
    const ok = (await client.callTool({ name: 'get_bazi_chart', arguments: ON_LICHUN })) as {
      structuredContent?: BaziBody['data'];
    };
    const bad = (await client.callTool({
      name: 'get_bazi_chart',
      arguments: { ...NEW_YORK, date: '2024-2-4' },
    })) as { isError?: boolean; content: { text: string }[] };
    await client.close();
    expect(ok.structuredContent?.current).toEqual((await bazi(ON_LICHUN)).body.data?.current);
    expect(bad.isError).toBe(true);
    expect(bad.content[0]!.text).toMatch(/date/);
    expect(bad.content[0]!.text).toMatch(/YYYY-MM-DD/);
  });

  it("outlines the date's luck pillar in the MCP picture, not today's", async () => {
    const client = await connectMcp(svc.url, svc.key);
    const result = (await client.callTool({
      name: 'get_bazi_chart',
      arguments: { ...NEW_YORK, date: '2040-06-01', image: 'svg' },
    })) as { content: { type: string; data?: string; text?: string }[] };
    await client.close();
    const data = JSON.parse(result.content[0]!.text!) as BaziBody['data'];
    const svg = Buffer.from(result.content[1]!.data!, 'base64').toString('utf8');
    expect(svg).toContain('data-as-of="2040-06-01"');
    expect(data?.current?.luck?.ganzhi).toMatch(/^..$/);
    expect(svg).toContain(`On 2040-06-01 the luck pillar ${data?.current?.luck?.ganzhi} is in force.`);
  });

  it.each([
    ['2024-2-4', 'invalid_input', /YYYY-MM-DD/],
    ['2024-02-30', 'invalid_input', /date/],
    ['2024-02-03', 'invalid_input', /before the birth date 2024-02-04/],
    ['2400-01-01', 'out_of_range', /1800-02-03 to 2399-11-28/],
  ])('date %s is a 400 %s naming the field', async (date, code, message) => {
    const { status, body } = await bazi({ ...NEW_YORK, date });
    expect(status).toBe(400);
    expect(body.error?.code).toBe(code);
    expect(body.error?.details?.some((d) => d.field === 'date')).toBe(true);
    expect(JSON.stringify(body.error)).toMatch(message);
  });
});
