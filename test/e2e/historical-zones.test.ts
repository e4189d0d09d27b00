/**
 * One birth in a zone the IANA main data merges with a neighbour gets the same UTC on every surface
 * that takes a birth: REST charts, composite, batch, astrology, BaZi, returns, validate-location's
 * offset and the MCP tools; and its warning reaches the text a model reads.
 * Source of the expected instant: the IANA tz database 2026f with backzone (vendored Debian tzdata,
 * read with Python's zoneinfo): Sweden kept +01:00 in summer 1945 (backzone Europe/Stockholm),
 * so 1945-07-15 12:00 in Stockholm is 11:00 UTC; the main data's Berlin rules gave +03:00 (09:00 UTC).
 */
import { describe, expect, it } from 'vitest';
import { authHeaders } from '../helpers/service.js';
import { serviceWithMcpClient } from '../helpers/mcp.js';

const live = serviceWithMcpClient();

const STOCKHOLM = { birthDate: '1945-07-15', birthTime: '12:00', birthLocation: 'Stockholm, Sweden' };
const UTC = '1945-07-15T11:00:00Z';
const BACKZONE = /1945-07-15 12:00 in Europe\/Stockholm: UTC\+01:00 comes from .*backzone/;
const LONDON = { birthDate: '1990-06-22', birthTime: '14:30', birthLocation: 'London, United Kingdom' };

type Body = { data: Record<string, unknown> & { warnings?: string[] }; meta?: { warnings?: string[] } };

async function post(path: string, body: unknown): Promise<Body> {
  const res = await fetch(`${live.svc.url}${path}`, {
    method: 'POST',
    headers: authHeaders(live.svc.key),
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Body;
}

/** Every `utc` value anywhere in an answer. */
function utcValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(utcValues);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) =>
      k === 'utc' && typeof v === 'string' ? [v] : utcValues(v),
    );
  }
  return [];
}

describe('a Stockholm 1945 birth on every surface', () => {
  it.each([
    ['/api/chart', STOCKHOLM],
    ['/api/astrology', STOCKHOLM],
    ['/api/bazi', { ...STOCKHOLM, gender: 'female' }],
  ])('%s: UTC 11:00 and the backzone warning in the data', async (path, body) => {
    const { data } = await post(path, body);
    expect(utcValues(data)).toContain(UTC);
    expect(JSON.stringify(data)).not.toContain('1945-07-15T09:00:00Z');
    expect(data.warnings).toEqual([expect.stringMatching(BACKZONE)]);
  });

  it('composite and batch: the person and the entry', async () => {
    const comp = await post('/api/composite', {
      ...LONDON,
      birthDate1: STOCKHOLM.birthDate,
      birthTime1: STOCKHOLM.birthTime,
      birthLocation1: STOCKHOLM.birthLocation,
    });
    expect(utcValues(comp.data)).toContain(UTC);
    expect(comp.data.warnings).toEqual([expect.stringMatching(/^Person B: .*backzone/)]);
    const multi = await post('/api/multi-chart', { charts: [LONDON, STOCKHOLM] });
    expect(utcValues(multi.data)).toContain(UTC);
  });

  it('returns: the birth the return is measured from', async () => {
    const { data } = await post('/api/returns', { ...STOCKHOLM, planet: 'sun', year: 1946 });
    expect(utcValues(data)).toContain(UTC);
  });

  it('validate-location: the offset and the warning beside it', async () => {
    const res = await fetch(`${live.svc.url}/api/validate-location`, {
      method: 'POST',
      headers: authHeaders(live.svc.key),
      body: JSON.stringify(STOCKHOLM),
    });
    const body = (await res.json()) as { resolved: { offset: number }; offsetWarnings: string[] };
    expect(body.resolved.offset).toBe(1);
    expect(body.offsetWarnings).toEqual([expect.stringMatching(BACKZONE)]);
  });

  it('MCP: the same UTC and the warning in the text a model reads', async () => {
    const r = (await live.client.callTool({ name: 'generate_chart', arguments: STOCKHOLM })) as {
      content: { type: string; text: string }[];
    };
    const text = JSON.parse(r.content[0]!.text) as { warnings?: string[] };
    expect(utcValues(text)).toContain(UTC);
    expect(text.warnings).toEqual([expect.stringMatching(BACKZONE)]);
    const v = (await live.client.callTool({ name: 'validate_location', arguments: STOCKHOLM })) as {
      structuredContent: { resolved: { offset: number } };
    };
    expect(v.structuredContent.resolved.offset).toBe(1);
  });
});
