/**
 * The chart tools over real HTTP: MCP (the SDK's own client) and REST give the same `data` for
 * chart-specific inputs (coordinates, tooltips, composites, batches); the -tooltip aliases' fixed
 * include; envelopes, meta, warnings, errors. The registry-wide checks (parity on every alias, 401,
 * 403 / isError outside the plan) are in test/e2e/surface.test.ts. Expected behaviour: the spec's sections "the service chart (V2)",
 * "Composite chart", MCP endpoint, Authentication (403 / isError outside the plan), Errors (400 for an
 * unresolvable birthLocation), Limits (at most 10 charts per batch) and Versioning (meta versions,
 * the alias table); DST rules from src/core/time (the documented gap/fold rule); R1 birth data from
 * shared/reference/human-design.md section 12.1; place facts from GeoNames.
 */
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allHdKnowledgeIds, tooltipIds } from '../../src/core/human-design/index.js';
import { julianDayUT } from '../../src/core/time/index.js';
import { type ChartData, type CompositeData, hdChartAt } from '../../src/core/human-design/index.js';
import { REFERENCE_CHARTS } from '../fixtures/reference-charts.js';
import { authHeaders, startService, type TestService } from '../helpers/service.js';
import { connectMcp } from '../helpers/mcp.js';

let svc: TestService;
let client: Client;
beforeAll(async () => {
  svc = await startService();
  client = await connect(svc.key);
});
afterAll(async () => {
  await client?.close();
  await svc?.close();
});

const connect = (key: string): Promise<Client> => connectMcp(svc.url, key);

interface Envelope<T> {
  success: boolean;
  meta?: { version: string; endpoint: string; timestamp: string; warnings?: string[] };
  data: T;
  error?: { code: string; message: string; details?: Record<string, unknown>[] };
}

async function post<T = ChartData>(
  path: string,
  body: unknown,
  key = svc.key,
): Promise<{ status: number; headers: Headers; body: Envelope<T> }> {
  const res = await fetch(`${svc.url}${path}`, {
    method: 'POST',
    headers: authHeaders(key),
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Envelope<T> };
}

async function call(name: string, args: Record<string, unknown>, c = client) {
  const r = await c.callTool({ name, arguments: args });
  return r as {
    isError?: boolean;
    structuredContent?: Record<string, unknown>;
    content: { text: string }[];
    _meta?: { warnings?: string[] };
  };
}

const R1 = REFERENCE_CHARTS.R1.input;
const R3 = REFERENCE_CHARTS.R3.input;
const R8 = REFERENCE_CHARTS.R8.input;
const COMPOSITE = {
  ...R1,
  birthDate1: R8.birthDate,
  birthTime1: R8.birthTime,
  birthLocation1: R8.birthLocation,
};
const MULTI = { charts: [R1, R3, R8] };

describe('MCP and REST give the same data', () => {
  it.each([
    ['generate_chart', '/api/chart', R1],
    ['generate_chart (coordinates, tooltips)', '/api/chart', { ...R3, include: 'tooltips' }],
    ['generate_composite', '/api/composite', COMPOSITE],
    ['generate_composite (tooltips)', '/api/composite', { ...COMPOSITE, include: 'tooltips' }],
    ['multi_chart', '/api/multi-chart', MULTI],
  ])('%s', async (label, path, args) => {
    const mcp = await call(label.split(' ')[0]!, args as Record<string, unknown>);
    expect(mcp.isError, mcp.content[0]?.text).toBeFalsy();
    expect(JSON.parse(mcp.content[0]!.text)).toEqual(mcp.structuredContent);
    const rest = await post(path, args);
    expect(rest.status).toBe(200);
    expect(rest.body.success).toBe(true);
    expect(rest.body.data).toEqual(mcp.structuredContent);
  });
});

describe('legacy aliases', () => {
  it("the body cannot undo an alias's fixed include=tooltips", async () => {
    const r = await post('/api/v2/data-tooltip', { ...R1, include: undefined });
    expect(Object.keys(r.body.data.tooltips).length).toBeGreaterThan(0);
  });
});

describe('envelope and meta', () => {
  it('chart: version 2.0.0, endpoint v2, ISO timestamp', async () => {
    const r = await post('/api/chart', R1);
    expect(r.body.meta).toMatchObject({ version: '2.0.0', endpoint: 'v2' });
    expect(new Date(r.body.meta!.timestamp).toISOString()).toBe(r.body.meta!.timestamp);
    expect(Object.keys(r.body.data)).toEqual([
      'birthInfo',
      'chart',
      'centers',
      'channels',
      'gates',
      'activations',
      'personality',
      'design',
      'phs',
      'ravePsychology',
      'tooltips',
    ]);
    expect(r.body.data.birthInfo).toMatchObject({
      date: '1948-04-09',
      time: '00:14',
      location: 'Montréal, Quebec, Canada',
    });
  });

  it('composite: version 1.0.0, endpoint v1-composite, the spec shape', async () => {
    const r = await post<CompositeData>('/api/composite', COMPOSITE);
    expect(r.body.meta).toMatchObject({ version: '1.0.0', endpoint: 'v1-composite' });
    const d = r.body.data;
    for (const person of [d.personA, d.personB]) {
      expect(Object.keys(person)).toEqual([
        'birthInfo',
        'chart',
        'centers',
        'channels',
        'personality',
        'design',
      ]);
    }
    expect(d.personA.chart.type).toBe('Manifestor');
    expect(d.personB.chart.profile).toBe('2/4');
    expect(Object.keys(d.Combined)).toEqual(['DefinedCenters', 'OpenCenters', 'Properties']);
    expect(Object.keys(d.Combined.Properties.RelationshipChannels)).toEqual([
      'Companionship',
      'Dominance',
      'Compromise',
      'Electromagnetic',
    ]);
    expect([...d.Combined.DefinedCenters, ...d.Combined.OpenCenters]).toHaveLength(9);
    // R1's channel 23-43 and R8's channel 23-43: both have it.
    expect(d.Combined.Properties.RelationshipChannels.Companionship.List).toContainEqual({
      gates: '23-43',
      name: 'Structuring',
    });
    expect(d.tooltips).toEqual({});
  });

  it('multi_chart: one result per entry in order, each a V2 chart', async () => {
    const r = await post<{
      count: number;
      succeeded: number;
      failed: number;
      results: { index: number; success: boolean; data?: ChartData }[];
    }>('/api/multi-chart', MULTI);
    expect(r.body.data).toMatchObject({ count: 3, succeeded: 3, failed: 0 });
    expect(r.body.data.results.map((x) => x.index)).toEqual([0, 1, 2]);
    expect(r.body.data.results.map((x) => x.data!.chart.type)).toEqual([
      'Manifestor',
      'Generator',
      'Generator',
    ]);
    const single = await post('/api/chart', R8);
    expect(r.body.data.results[2]!.data).toEqual(single.body.data);
  });
});

describe('tooltips', () => {
  it('cover exactly the ids the engine lists for the chart, from the knowledge entries', async () => {
    const { body } = await post('/api/chart?include=tooltips', R1);
    const t = body.data.tooltips;
    const { chart } = hdChartAt(svc.service.deps.ephemeris, julianDayUT(Date.parse('1948-04-09T05:14:00Z')));
    const ids = [
      t.type,
      t.strategy,
      t.authority,
      t.profile,
      t.profileLines?.personality,
      t.profileLines?.design,
      t.definition,
      t.angle,
      t.incarnationCross,
      ...Object.values(t.centers ?? {}),
      ...Object.values(t.channels ?? {}),
      ...Object.values(t.gates ?? {}),
    ].map((x) => x?.id);
    // Same ids; centers come in the fixed center order rather than defined-then-open.
    expect([...ids].sort()).toEqual([...tooltipIds(chart)].sort());
    expect(new Set(ids).size).toBe(ids.length);
    expect(t.type).toMatchObject({ id: 'type:manifestor', title: 'Manifestor' });
    expect(t.profileLines).toMatchObject({ personality: { id: 'line:5' }, design: { id: 'line:1' } });
    expect(t.incarnationCross!.id).toBe('cross:left-angle:clarion');
    expect(Object.keys(t.channels!)).toEqual(body.data.channels.map((c) => c.gates));
    expect(Object.keys(t.gates!)).toEqual(body.data.gates.definedGates.map(String));
    const kb = svc.service.deps.knowledge;
    expect(t.gates!['51']!.text).toBe(kb.byId.get('gate:51')!.body);
  });

  it("explain each center in its own state (the entry's Defined or Open section)", async () => {
    const { body } = await post('/api/chart?include=tooltips', R1);
    const centers = body.data.tooltips.centers!;
    const kb = svc.service.deps.knowledge;
    expect(Object.keys(centers)).toEqual([
      'Head',
      'Ajna',
      'Throat',
      'G',
      'Heart',
      'Sacral',
      'Spleen',
      'Solar Plexus',
      'Root',
    ]);
    for (const [name, tip] of Object.entries(centers)) {
      const defined = body.data.centers.defined.includes(name as never);
      expect(tip.state).toBe(defined ? 'defined' : 'open');
      expect(tip.text).toBe(kb.byId.get(tip.id)!.sections[defined ? 'Defined' : 'Open']);
    }
    expect(centers.Spleen!.state).toBe('defined');
    expect(centers.Sacral!.state).toBe('open');
  });

  it('composite tooltips: definition, nine centers in their combined state, every relationship channel', async () => {
    const { body } = await post<CompositeData>('/api/v1/composite-tooltip', COMPOSITE);
    const t = body.data.tooltips;
    expect(t.definition!.id).toBe(
      `definition:${body.data.Combined.Properties.Definition.Name.toLowerCase().replace(/ /g, '-')}`,
    );
    expect(
      Object.values(t.centers!)
        .filter((c) => c.state === 'defined')
        .map((c) => c.title.replace(/ Center$/, '')),
    ).toEqual(body.data.Combined.DefinedCenters);
    const channels = Object.values(body.data.Combined.Properties.RelationshipChannels).flatMap((k) =>
      k.List.map((c) => c.gates),
    );
    expect(Object.keys(t.channels!).sort()).toEqual([...new Set(channels)].sort());
  });

  it('every id the engine can produce has a knowledge entry; every center has Defined and Open sections', () => {
    const kb = svc.service.deps.knowledge;
    const missing = allHdKnowledgeIds().filter((id) => !kb.byId.has(id));
    expect(missing).toEqual([]);
    for (const id of allHdKnowledgeIds().filter((x) => x.startsWith('center:'))) {
      expect(kb.byId.get(id)!.sections.Defined, id).toBeTruthy();
      expect(kb.byId.get(id)!.sections.Open, id).toBeTruthy();
    }
  });
});

describe('DST warnings (documented rule: gap -> earlier offset, fold -> earlier instant)', () => {
  it('a wall time in a spring-forward gap is moved forward and reported in meta.warnings and MCP _meta', async () => {
    const gap = { birthDate: '2024-03-10', birthTime: '02:30', birthLocation: 'New York, NY' };
    const rest = await post('/api/chart', gap);
    expect(rest.status).toBe(200);
    expect(rest.body.data.birthInfo.utc).toBe('2024-03-10T07:30:00Z');
    expect(rest.body.meta!.warnings).toEqual([expect.stringMatching(/does not exist.*03:30/)]);
    const mcp = await call('generate_chart', gap);
    expect(mcp._meta?.warnings).toEqual(rest.body.meta!.warnings);
  });

  it('a wall time in a fall-back fold takes the earlier instant, with a warning', async () => {
    const rest = await post('/api/chart', {
      birthDate: '2024-11-03',
      birthTime: '01:30',
      birthLocation: 'New York, NY',
    });
    expect(rest.body.data.birthInfo).toMatchObject({ utc: '2024-11-03T05:30:00Z', utcOffset: '-04:00' });
    expect(rest.body.meta!.warnings).toEqual([expect.stringMatching(/ambiguous.*earlier occurrence/)]);
  });

  it('composite warnings name the person; multi_chart warnings name the entry', async () => {
    const gap = { birthDate: '2024-03-10', birthTime: '02:30', birthLocation: 'New York, NY' };
    const comp = await post('/api/composite', {
      ...R1,
      birthDate1: gap.birthDate,
      birthTime1: gap.birthTime,
      birthLocation1: gap.birthLocation,
    });
    expect(comp.body.meta!.warnings).toEqual([expect.stringMatching(/^Person B: /)]);
    const multi = await post('/api/multi-chart', { charts: [R1, gap] });
    expect(multi.body.meta!.warnings).toEqual([expect.stringMatching(/^charts\.1: /)]);
  });

  it("a birth before standard time notes the zone's local mean time", async () => {
    const r = await post('/api/chart', {
      birthDate: '1870-06-01',
      birthTime: '12:00',
      birthLocation: 'Montreal, QC',
    });
    expect(r.body.data.birthInfo.utcOffset).toBe('-05:17:32');
    // Toronto's mean time (the zone's), 23 minutes from Montréal's own: the warning says both.
    expect(r.body.meta!.warnings).toEqual([
      expect.stringMatching(
        /local mean time for the zone, UTC-05:17:32 .* is UTC-04:54:21, 23 min 11 s ahead/,
      ),
    ]);
  });
});

describe('bad input: 400 naming the field on REST, isError on MCP', () => {
  const cases: [string, string, string, Record<string, unknown>, string, RegExp][] = [
    [
      'an impossible date',
      'generate_chart',
      '/api/chart',
      { ...R1, birthDate: '2023-02-30' },
      'birthDate',
      /2023-02 has 28 days/,
    ],
    [
      '24:00',
      'generate_chart',
      '/api/chart',
      { ...R1, birthTime: '24:00' },
      'birthTime',
      /00:00 of the next day/,
    ],
    [
      'a malformed date',
      'generate_chart',
      '/api/chart',
      { ...R1, birthDate: '09/04/1948' },
      'birthDate',
      /YYYY-MM-DD/,
    ],
    [
      'a year before the ephemeris',
      'generate_chart',
      '/api/chart',
      { ...R1, birthDate: '1700-01-01' },
      'birthDate',
      /1800-04-08 to 2399-12-30/,
    ],
    [
      'a year after the ephemeris',
      'generate_chart',
      '/api/chart',
      { ...R1, birthDate: '2400-06-01' },
      'birthDate',
      /1800-04-08 to 2399-12-30/,
    ],
    [
      'a half-given coordinate',
      'generate_chart',
      '/api/chart',
      { birthDate: '1990-01-01', birthTime: '12:00', latitude: 45 },
      'longitude',
      /together/,
    ],
    [
      'no place at all',
      'generate_chart',
      '/api/chart',
      { birthDate: '1990-01-01', birthTime: '12:00' },
      'birthLocation',
      /required unless/,
    ],
    [
      'a latitude out of range',
      'generate_chart',
      '/api/chart',
      { ...R1, latitude: 91, longitude: 0 },
      'latitude',
      /90/,
    ],
    [
      'a missing birthDate',
      'generate_chart',
      '/api/chart',
      { birthTime: '12:00', birthLocation: 'Paris, France' },
      'birthDate',
      /.+/,
    ],
    [
      'an unknown include',
      'generate_chart',
      '/api/chart',
      { ...R1, include: 'everything' },
      'include',
      /tooltips/,
    ],
    [
      "person B's impossible date",
      'generate_composite',
      '/api/composite',
      { ...COMPOSITE, birthDate1: '2023-02-30' },
      'birthDate1',
      /28 days/,
    ],
    [
      "person B's half coordinate",
      'generate_composite',
      '/api/composite',
      { ...COMPOSITE, birthLocation1: undefined, latitude1: 10 },
      'longitude1',
      /latitude1 and longitude1/,
    ],
    [
      '11 charts in a batch',
      'multi_chart',
      '/api/multi-chart',
      { charts: Array.from({ length: 11 }, () => R1) },
      'charts',
      /10/,
    ],
    ['an empty batch', 'multi_chart', '/api/multi-chart', { charts: [] }, 'charts', /1/],
  ];

  it.each(cases)('%s', async (_label, tool, path, body, field, message) => {
    const rest = await post(path, body);
    expect(rest.status).toBe(400);
    expect(rest.body.success).toBe(false);
    expect(['invalid_input', 'out_of_range']).toContain(rest.body.error!.code);
    expect(rest.body.error!.details!.map((d) => d.field)).toContain(field);
    expect(rest.body.error!.message).toMatch(message);
    const mcp = await call(tool, body);
    expect(mcp.isError).toBe(true);
    expect(mcp.content[0]!.text).toContain(field);
  });

  it('an out-of-range year is out_of_range with the supported span in details', async () => {
    const rest = await post('/api/chart', { ...R1, birthDate: '1700-01-01' });
    expect(rest.body.error).toMatchObject({
      code: 'out_of_range',
      details: [{ field: 'birthDate', from: '1800-04-08', to: '2399-12-30' }],
    });
  });

  // Regression: the astrology chart named the ephemeris' own range for 1799-12-31 and then refused
  // 1800-01-02 with a Human Design message; its Design side needs the same 3 months as Human Design.
  it.each(['1799-12-31', '1800-01-02', '1800-04-07', '2400-06-01'])(
    'the astrology chart refuses %s with its own supported dates',
    async (birthDate) => {
      const rest = await post('/api/astrology', { ...R1, birthDate });
      expect(rest.status).toBe(400);
      expect(rest.body.error).toMatchObject({
        code: 'out_of_range',
        details: [{ field: 'birthDate', from: '1800-04-08', to: '2399-12-30' }],
      });
      expect(rest.body.error!.message).toMatch(
        /^birthDate: .* is outside the supported birth dates for the astrology chart \(Personality and Design\): 1800-04-08 to 2399-12-30/,
      );
      expect(rest.body.error!.message).not.toMatch(/Human Design/);
    },
  );

  it('the astrology chart answers from its first supported date', async () => {
    const rest = await post('/api/astrology', { ...R1, birthDate: '1800-04-09' });
    expect(rest.status).toBe(200);
  });

  // Regression: a year outside the returns' range was invalid_input, unlike every other date limit.
  it.each([1800, 2399])('returns for the year %s are out_of_range, naming the years', async (year) => {
    const rest = await post('/api/returns', { ...R1, planet: 'sun', year });
    expect(rest.status).toBe(400);
    expect(rest.body.error).toMatchObject({ code: 'out_of_range', details: [{ field: 'year' }] });
    expect(rest.body.error!.message).toMatch(/^year: must be a calendar year from 1801 to 2398/);
    const wrongType = await post('/api/returns', { ...R1, planet: 'sun', year: 'next' });
    expect(wrongType.body.error!.code).toBe('invalid_input');
  });

  it('an unknown place is 400 location_not_found with up to 5 suggestions; MCP isError with them', async () => {
    const rest = await post('/api/chart', { ...R1, birthLocation: 'Torronto' });
    expect(rest.status).toBe(400);
    expect(rest.body.error!.code).toBe('location_not_found');
    expect(rest.body.error!.message).toMatch(/^birthLocation: .*Did you mean "Toronto, Ontario, Canada"/);
    const details = rest.body.error!.details!;
    expect(details.length).toBeGreaterThan(0);
    expect(details.length).toBeLessThanOrEqual(5);
    expect(details[0]).toMatchObject({
      field: 'birthLocation',
      name: 'Toronto',
      value: 'Toronto, Ontario, Canada',
      timezone: 'America/Toronto',
    });
    const mcp = await call('generate_chart', { ...R1, birthLocation: 'Torronto' });
    expect(mcp.isError).toBe(true);
    expect(mcp.content[0]!.text).toContain('Toronto, Ontario, Canada');

    const comp = await post('/api/composite', { ...COMPOSITE, birthLocation1: 'Pariss' });
    expect(comp.body.error).toMatchObject({
      code: 'location_not_found',
      details: expect.arrayContaining([expect.objectContaining({ field: 'birthLocation1' })]),
    });
  });
});

// Parity on every alias, 401 and 403 / isError for every tool: test/e2e/surface.test.ts.
describe('access', () => {
  it('no key is 401', async () => {
    const res = await fetch(`${svc.url}/api/chart`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(R1),
    });
    expect(res.status).toBe(401);
  });
});
