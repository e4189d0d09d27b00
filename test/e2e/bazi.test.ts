/**
 * get_bazi_chart over real HTTP and the MCP SDK client. Parity of MCP, /api/bazi and /api/v1/saju
 * and the 401/403 checks are in the registry-driven surface.test.ts; here: the access rule of the
 * issue (a basic_chart key gets BaZi), the gender errors, and the New York case of reference
 * astrology-bazi-location.md C1/C5 (2024-02-04 05:00 EST is after Lichun 08:27 UT: 甲辰 丙寅 戊戌 乙卯)
 * and the Lichun warning for Beijing 16:00 (27 minutes before the term), end to end.
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
