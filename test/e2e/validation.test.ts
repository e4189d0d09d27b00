/**
 * Rejected input reads the same over REST and MCP and never in the validator's own words: every
 * detail names the field, the accepted form and what was received, with the corrected value when
 * there is exactly one. The advertised JSON Schema states what the server enforces (date and time
 * patterns, the place length) and stays a flat object; bodies that are not JSON objects are named as
 * such (415 for a missing or wrong Content-Type). Sources: the spec's Conventions (JSON bodies,
 * YYYY-MM-DD, HH:MM 24-hour) and validate-location rules 3 and 4; shared/DESIGN.md section 4 (errors
 * name the field and the accepted form); docs/decisions.md (Input validation); expected corrections
 * worked by hand (6:20 pm = 18:20; 14 cannot be a month).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeaders } from '../helpers/service.js';
import { serviceWithMcpClient } from '../helpers/mcp.js';

const live = serviceWithMcpClient();

interface Detail {
  field: string;
  message: string;
  expected?: string;
  received?: unknown;
  suggestion?: string;
}
interface ErrorBody {
  success: false;
  error: { code: string; message: string; details?: Detail[] };
}

async function send(path: string, body: string | Blob | null, headers: Record<string, string>) {
  const res = await fetch(`${live.svc.url}${path}`, { method: 'POST', headers, body });
  return { status: res.status, body: (await res.json()) as ErrorBody };
}
const post = (path: string, body: unknown) => send(path, JSON.stringify(body), authHeaders(live.svc.key));

async function call(name: string, args: Record<string, unknown>) {
  return (await live.client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: { text: string }[];
  };
}

/** Wording of zod and of the SDK's own argument check, which must never reach a caller. */
const VALIDATOR_WORDING =
  /Invalid input|Invalid option|Invalid string|expected string|expected number|received undefined|Too big|Too small|must match pattern|Input validation error/;

const PLACE = { birthLocation: 'Montreal, QC' };
const GOOD = { birthDate: '1948-04-09', birthTime: '00:14', ...PLACE };

describe("the same friendly message over REST and MCP (MCP used to answer in the SDK's zod wording)", () => {
  const cases: [string, string, string, Record<string, unknown>, Detail][] = [
    [
      'a 12-hour time',
      'generate_chart',
      '/api/chart',
      { ...GOOD, birthTime: '6:20pm' },
      { field: 'birthTime', message: expect.stringContaining('12-hour') as string, suggestion: '18:20' },
    ],
    [
      'a time with seconds',
      'generate_chart',
      '/api/chart',
      { ...GOOD, birthTime: '06:20:00' },
      { field: 'birthTime', message: expect.stringContaining('"06:20"') as string, suggestion: '06:20' },
    ],
    [
      'a time with a trailing space',
      'generate_chart',
      '/api/chart',
      { ...GOOD, birthTime: '18:30 ' },
      { field: 'birthTime', message: expect.stringContaining('spaces') as string, suggestion: '18:30' },
    ],
    [
      'a day-first date',
      'generate_chart',
      '/api/chart',
      { ...GOOD, birthDate: '14/03/1988' },
      {
        field: 'birthDate',
        message: expect.stringContaining('day/month/year') as string,
        suggestion: '1988-03-14',
      },
    ],
    [
      'a written-out date',
      'generate_chart',
      '/api/chart',
      { ...GOOD, birthDate: 'March 14, 1988' },
      {
        field: 'birthDate',
        message: expect.stringContaining('"1988-03-14"') as string,
        suggestion: '1988-03-14',
      },
    ],
    [
      'a missing birth time',
      'generate_chart',
      '/api/chart',
      { birthDate: '1948-04-09', ...PLACE },
      { field: 'birthTime', message: 'required, send the local time as HH:MM (24-hour), e.g. "14:30"' },
    ],
    [
      'a latitude that is text',
      'generate_chart',
      '/api/chart',
      { ...GOOD, latitude: 'abc', longitude: 10 },
      { field: 'latitude', message: 'must be a number from -90 to 90, got "abc"', received: 'abc' },
    ],
    [
      'an unknown include',
      'generate_chart',
      '/api/chart',
      { ...GOOD, include: 'tooltip' },
      { field: 'include', message: expect.stringContaining('"tooltips"') as string, received: 'tooltip' },
    ],
    [
      'a place of two letters',
      'generate_chart',
      '/api/chart',
      { ...GOOD, birthLocation: 'US' },
      { field: 'birthLocation', message: expect.stringMatching(/too short.*City, Country/) as string },
    ],
    [
      "person B's latitude without longitude",
      'generate_composite',
      '/api/composite',
      { ...GOOD, birthDate1: '1991-08-13', birthTime1: '13:31', latitude1: 12.97 },
      {
        field: 'longitude1',
        message: expect.stringContaining('latitude1 and longitude1 together') as string,
      },
    ],
    [
      'a batch entry with a one-digit month',
      'multi_chart',
      '/api/multi-chart',
      { charts: [GOOD, { ...GOOD, birthDate: '1988-3-14' }] },
      {
        field: 'charts.1.birthDate',
        message: expect.stringContaining('two-digit') as string,
        suggestion: '1988-03-14',
      },
    ],
    [
      'a field name in snake case',
      'validate_location',
      '/api/validate-location',
      { birth_location: 'Paris, France' },
      { field: 'birthLocation', message: expect.stringContaining('birth_location') as string },
    ],
  ];

  it.each(cases)('%s', async (_label, tool, path, body, detail) => {
    const rest = await post(path, body);
    expect(rest.status).toBe(400);
    expect(rest.body.error.code).toBe('invalid_input');
    expect(rest.body.error.details).toContainEqual(expect.objectContaining(detail));
    expect(rest.body.error.message).toContain(`${detail.field}: `);
    expect(rest.body.error.message).not.toMatch(VALIDATOR_WORDING);

    const mcp = await call(tool, body);
    expect(mcp.isError).toBe(true);
    expect(mcp.content[0]!.text.startsWith(rest.body.error.message)).toBe(true);
    expect(mcp.content[0]!.text).not.toMatch(VALIDATOR_WORDING);
  });

  it('an empty argument object lists every missing field, place included', async () => {
    const rest = await post('/api/chart', {});
    expect(rest.body.error.details!.map((d) => d.field)).toEqual(['birthDate', 'birthTime', 'birthLocation']);
    expect(rest.body.error.details![0]).toMatchObject({
      message: 'required, send a date as YYYY-MM-DD, e.g. "1990-06-22"',
      expected: 'a date as YYYY-MM-DD, e.g. "1990-06-22"',
    });
    const mcp = await call('generate_chart', {});
    expect(mcp.content[0]!.text.startsWith(rest.body.error.message)).toBe(true);
  });

  it('an ambiguous date is called ambiguous, with no suggestion', async () => {
    const rest = await post('/api/chart', { ...GOOD, birthDate: '03/04/1988' });
    const d = rest.body.error.details![0]!;
    expect(d.message).toMatch(/ambiguous.*"1988-04-03" or "1988-03-04"/);
    expect(d.suggestion).toBeUndefined();
  });

  it('a two-letter country code on validate_location is still a 200 with a hint (rule 4)', async () => {
    const res = await fetch(`${live.svc.url}/api/validate-location`, {
      method: 'POST',
      headers: authHeaders(live.svc.key),
      body: JSON.stringify({ birthLocation: 'US' }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { valid: boolean; hint?: string };
    expect(body.valid).toBe(false);
    expect(body.hint).toMatch(/country is not a birth place/i);
  });

  it('an impossible time in a batch entry still fails only that entry', async () => {
    const res = await fetch(`${live.svc.url}/api/multi-chart`, {
      method: 'POST',
      headers: authHeaders(live.svc.key),
      body: JSON.stringify({ charts: [GOOD, { ...GOOD, birthTime: '24:00' }] }),
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as {
      data: { succeeded: number; results: { error?: { message: string } }[] };
    };
    expect(data.succeeded).toBe(1);
    expect(data.results[1]!.error!.message).toMatch(/^charts\.1\.birthTime: .*00:00 of the next day/);
  });
});

describe('request bodies that are not JSON objects', () => {
  const body = JSON.stringify(GOOD);
  const auth = { Authorization: `Bearer ${'x'}` };

  it.each([
    ['text/plain', { 'Content-Type': 'text/plain' }],
    ['form-encoded', { 'Content-Type': 'application/x-www-form-urlencoded' }],
  ])(
    'a JSON body sent as %s is 415 naming the header (it used to be skipped: "required" for every field)',
    async (_label, type) => {
      const res = await send('/api/chart', body, { ...authHeaders(live.svc.key), ...type });
      expect(res.status).toBe(415);
      expect(res.body.error.code).toBe('unsupported_media_type');
      expect(res.body.error.message).toContain('Content-Type: application/json');
      expect(res.body.error.details![0]).toMatchObject({ field: '(body)', received: type['Content-Type'] });
    },
  );

  it('a body with no Content-Type at all is 415', async () => {
    const res = await send('/api/chart', new Blob([body]), { Authorization: `Bearer ${live.svc.key}` });
    expect(res.status).toBe(415);
    expect(res.body.error.message).toMatch(/got no Content-Type/);
  });

  it('the key is checked before the body: no key and a wrong type is 401', async () => {
    const res = await send('/api/chart', body, { ...auth, 'Content-Type': 'text/plain' });
    expect(res.status).toBe(401);
  });

  it('an empty POST body is read as {} and answered with the fields to send', async () => {
    const res = await send('/api/chart', null, { Authorization: `Bearer ${live.svc.key}` });
    expect(res.status).toBe(400);
    expect(res.body.error.details!.map((d) => d.field)).toEqual(['birthDate', 'birthTime', 'birthLocation']);
  });

  it.each([
    ['42', 'a number'],
    ['"1948-04-09"', 'a string'],
    ['null', 'null'],
    ['[1, 2]', 'an array'],
  ])(
    'a JSON %s body is 400: it must be an object (the strict parser called scalars "not valid JSON")',
    async (text, kind) => {
      const res = await send('/api/chart', text, authHeaders(live.svc.key));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain('must be a JSON object');
      expect(res.body.error.message).toContain(kind);
    },
  );

  it('malformed JSON is 400 without the parser wording', async () => {
    const res = await send('/api/chart', '{"birthDate": ', authHeaders(live.svc.key));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^The request body is not valid JSON/);
    expect(res.body.error.message).not.toMatch(/Unexpected|position/);
  });
});

describe('the advertised schema states what the server enforces', () => {
  type Prop = { type?: string; pattern?: string; minLength?: number; maxLength?: number };
  let tools: { name: string; description?: string; inputSchema: Record<string, unknown> }[];
  beforeAll(async () => {
    tools = (await live.client.listTools()).tools;
  });
  const input = (name: string) => tools.find((t) => t.name === name)!.inputSchema;
  const props = (name: string) => input(name).properties as Record<string, Prop>;

  it('date and time patterns and the place length, in a flat object', () => {
    for (const name of ['generate_chart', 'generate_composite']) {
      expect(input(name).type).toBe('object');
      expect(input(name).anyOf ?? input(name).oneOf).toBeUndefined();
      expect(props(name).birthDate).toMatchObject({ type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
      expect(props(name).birthTime).toMatchObject({ type: 'string', pattern: '^\\d{2}:\\d{2}$' });
      expect(props(name).birthLocation).toMatchObject({ minLength: 3, maxLength: 200 });
    }
    expect(props('generate_composite').birthTime1!.pattern).toBe('^\\d{2}:\\d{2}$');
    const entry = (props('multi_chart').charts as { items: { properties: Record<string, Prop> } }).items;
    expect(entry.properties.birthDate!.pattern).toBe('^\\d{4}-\\d{2}-\\d{2}$');
  });

  it('validate_location allows 2 characters (country-code hint) and empty optional date and time', () => {
    expect(props('validate_location').birthLocation!.minLength).toBe(2);
    expect(new RegExp(props('validate_location').birthDate!.pattern!).test('')).toBe(true);
    expect(new RegExp(props('validate_location').birthTime!.pattern!).test('12:00')).toBe(true);
  });

  it('chart tools say what to do when the birth time is unknown', () => {
    const chart = tools.find((t) => t.name === 'generate_chart')!.description!;
    expect(chart).toMatch(/ask the user/);
    expect(chart).toMatch(/12:00 as a stand-in/);
    expect(chart).toMatch(/Moon's gate and line/);
    expect(chart).toMatch(/profile/);
    expect(chart).toMatch(/house/);
    // The other Human Design chart tools point at it: tools/list carries the long text once.
    for (const name of ['generate_composite', 'multi_chart']) {
      const d = tools.find((t) => t.name === name)!.description!;
      expect(d).toMatch(/ask the user/);
      expect(d).toMatch(/12:00 as a stand-in, read generate_chart's description/);
    }
    expect(tools.find((t) => t.name === 'generate_composite')!.description).toMatch(/compatibility/);
  });
});

describe('query strings exactly as documented (one strict parser for every route)', () => {
  const get = async (path: string) => {
    const res = await fetch(`${live.svc.url}${path}`, { headers: authHeaders(live.svc.key) });
    return { status: res.status, body: (await res.json()) as ErrorBody & { data?: unknown } };
  };
  const sample = '/api/chart/bodygraph/sample.json';

  it('regression: include "not-one-of-them" on /api/v1/data-tooltip was ignored with a 200 (found by the OpenAPI property test); a value other than the route\'s fixed one is refused', async () => {
    const refused = await post('/api/v1/data-tooltip', { ...GOOD, include: 'not-one-of-them' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details![0]!.field).toBe('include');
    expect(refused.body.error.message).toContain('include=tooltips');
    expect((await post('/api/v1/data-tooltip', { ...GOOD, include: 'tooltips' })).status).toBe(200);
    expect((await post('/api/v1/data-tooltip', GOOD)).status).toBe(200);
  });

  // Regression (outside probe): latitude=1e-7 was refused although OpenAPI declares `type: number`.
  it('a number in the query string may carry an exponent, as JSON numbers do; an integer stays digits', async () => {
    const base = `${live.svc.url}/api/chart/bodygraph.svg?birthDate=1948-04-09&birthTime=00:14`;
    const svg = (lat: string, lon: string) =>
      fetch(`${base}&latitude=${lat}&longitude=${lon}`, { headers: authHeaders(live.svc.key) });
    const exponent = await svg('4.55088E1', '-7.358781e%2B1');
    expect(exponent.status).toBe(200);
    const plain = await svg('45.5088', '-73.58781');
    expect(await exponent.text()).toBe(await plain.text());
    const tiny = await svg('1e-7', '0');
    expect(tiny.status).toBe(200);
    await tiny.arrayBuffer();
    for (const bad of ['0x10', '%2B45', '1e', '4.5e1.0', 'Infinity']) {
      const res = await svg(bad, '0');
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as ErrorBody).error.details?.[0], bad).toMatchObject({ field: 'latitude' });
    }
  });

  it('regression: width=0x320, 1e3, " 800" and 800.0 were read as 800; only digits are an integer', async () => {
    for (const width of ['0x320', '1e3', '%20800', '800.0', '', '+800']) {
      const res = await fetch(
        `${live.svc.url}/api/chart/bodygraph.svg?birthDate=1948-04-09&birthTime=00:14&birthLocation=Montreal&width=${width}`,
        {
          headers: authHeaders(live.svc.key),
        },
      );
      expect(res.status, width).toBe(400);
      const error = ((await res.json()) as ErrorBody).error;
      expect(error.details?.[0], width).toMatchObject({ field: 'width' });
      expect(error.message, width).not.toMatch(VALIDATOR_WORDING);
    }
    const ok = await fetch(
      `${live.svc.url}/api/chart/bodygraph.svg?birthDate=1948-04-09&birthTime=00:14&birthLocation=Montreal&width=800`,
      {
        headers: authHeaders(live.svc.key),
      },
    );
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
  });

  it('a boolean is true or false, nothing else', async () => {
    const base = '/api/chart/bodygraph.svg?birthDate=1948-04-09&birthTime=00:14&birthLocation=Montreal';
    for (const value of ['1', 'yes', 'TRUE']) {
      const { status, body } = await get(`${base}&transparent=${value}`).catch(async () => ({
        status: 0,
        body: {} as ErrorBody,
      }));
      expect(status, value).toBe(400);
      expect(body.error.details?.[0], value).toMatchObject({ field: 'transparent', received: value });
    }
  });

  it('regression: repeated parameters (width=800&width=900) passed silently; 400 naming the parameter', async () => {
    const { status, body } = await get('/api/locations?q=Lond&limit=5&limit=6');
    expect(status).toBe(400);
    expect(body.error.message).toBe('limit: sent 2 times; send it once.');
    expect(body.error.details?.[0]).toMatchObject({ field: 'limit', received: ['5', '6'] });
    // A parameter no operation reads may repeat (it is ignored, as unknown parameters are).
    expect((await get(`${sample}?utm=1&utm=2`)).status).toBe(200);
  });

  it('regression: an invalid q was ignored when query was also sent; two different values are a 400 naming both', async () => {
    for (const path of [
      `/api/sage?q=${'x'.repeat(600)}&query=${encodeURIComponent('What is an open Ajna?')}`,
      `/api/sage?q=${encodeURIComponent('What is a profile?')}&query=${encodeURIComponent('What is an open Ajna?')}`,
    ]) {
      const { status, body } = await get(path);
      expect(status).toBe(400);
      expect(body.error.details?.map((d) => d.field)).toEqual(['q', 'query']);
      expect(body.error.message).toMatch(/^q, query: .*different values/);
    }
  });

  it('regression: empty bodies= and planets= were schema-valid but refused; they select every name', async () => {
    const periods = await get('/api/transits/periods?startDate=2025-03-01&endDate=2025-03-02&bodies=');
    expect(periods.status).toBe(200);
    const all = await get('/api/transits/periods?startDate=2025-03-01&endDate=2025-03-02');
    expect(periods.body.data).toEqual(all.body.data);
    const stations = await get('/api/retrogrades?startDate=2025-01-01&endDate=2025-03-31&planets=');
    expect(stations.status).toBe(200);
    expect(stations.body.data).toEqual(
      (await get('/api/retrogrades?startDate=2025-01-01&endDate=2025-03-31')).body.data,
    );
    const unknown = await get('/api/retrogrades?startDate=2025-01-01&endDate=2025-03-31&planets=Vulcan');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details?.[0]).toMatchObject({ field: 'planets' });
  });

  it('lengths count characters as a person sees them: "🏙️🌍💥" is looked up (valid=false, not "under 3 characters")', async () => {
    const res = await post('/api/validate-location', { birthLocation: '🏙️🌍💥' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: false, suggestions: [] });
    expect(JSON.stringify(res.body)).not.toMatch(/at least 3|under 3/);
    // A flag is one character: under validate-location's 2.
    const flag = await post('/api/validate-location', { birthLocation: '🇺🇸' });
    expect(flag.status).toBe(400);
    expect(flag.body.error.details?.[0]).toMatchObject({
      field: 'birthLocation',
      message: expect.stringContaining('(1 character)'),
    });
  });
});
