/**
 * The REST bridge over real HTTP: envelopes, errors as JSON naming the field, OpenAPI
 * and /docs covering every route, health and readiness, the public rate limit. Expected shapes: the
 * spec's "Location resolution - response", Versioning and Errors sections and shared/DESIGN.md
 * section 4. Place facts from GeoNames and the tz database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/tools/index.js';
import { authHeaders, startService, type TestService } from '../helpers/service.js';
import { connectMcp } from '../helpers/mcp.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startService({ PUBLIC_RATE_PER_MINUTE: '60', PUBLIC_RATE_BURST: '5', BODY_LIMIT: '2kb' });
});
afterAll(() => svc?.close());

const post = (path: string, body: unknown, key = svc.key) =>
  fetch(`${svc.url}${path}`, {
    method: 'POST',
    headers: authHeaders(key),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const get = (path: string, key = svc.key) =>
  fetch(`${svc.url}${path}`, { headers: { Authorization: `Bearer ${key}` } });

describe('validate-location over REST', () => {
  it('answers the flat spec shape with success beside the fields', async () => {
    const res = await post('/api/validate-location', {
      birthLocation: 'Montreal, Canada',
      birthDate: '1948-07-15',
      birthTime: '12:00',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-queue-wait-ms')).toMatch(/^\d+$/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['input', 'resolved', 'success', 'valid']);
    expect(body).toMatchObject({
      success: true,
      valid: true,
      input: 'Montreal, Canada',
      resolved: { timezone: 'America/Toronto', offset: -4, source: 'offline-city-lookup' },
    });
  });

  it('an unresolvable place is 200 with valid false, error and suggestions', async () => {
    const body = (await (
      await post('/api/validate-location', { birthLocation: 'Torronto' })
    ).json()) as Record<string, unknown>;
    expect(body.success).toBe(true);
    expect(body.valid).toBe(false);
    expect(typeof body.error).toBe('string');
    expect((body.suggestions as { name: string }[])[0]!.name).toBe('Toronto');
    expect(body.resolved).toBeUndefined();
  });

  it('is not metered', async () => {
    const before = await svc.service.deps.store.usage.list();
    for (let i = 0; i < 3; i++) await post('/api/validate-location', { birthLocation: 'Paris, France' });
    expect(await svc.service.deps.store.usage.list()).toEqual(before);
  });

  it('gives the same data over MCP as over REST', async () => {
    const client = await connectMcp(svc.url, svc.key);
    for (const args of [
      { birthLocation: 'São Paulo' },
      { birthLocation: 'New York NY' },
      { latitude: 51.5, longitude: -0.12, birthDate: '1941-06-15' },
    ]) {
      const mcp = (await client.callTool({ name: 'validate_location', arguments: args })).structuredContent;
      const { success: _s, ...rest } = (await (await post('/api/validate-location', args)).json()) as Record<
        string,
        unknown
      >;
      expect(rest).toEqual(mcp);
    }
    await client.close();
  });
});

describe('success envelope', () => {
  // The envelope is written into the bytes sent around the answer's JSON (rest.ts): its length must
  // count UTF-8 bytes, not characters, or a place name such as São Paulo cuts the answer short.
  const uncompressed = (path: string, body: unknown) =>
    fetch(`${svc.url}${path}`, {
      method: 'POST',
      headers: { ...authHeaders(svc.key), 'Accept-Encoding': 'identity' },
      body: JSON.stringify(body),
    });
  const bytesOf = async (res: Response) => {
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    return JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
  };

  it('sends {success, meta, data} with non-ASCII text whole, its Content-Length in bytes', async () => {
    const body = await bytesOf(
      await uncompressed('/api/chart', {
        birthDate: '1990-03-04',
        birthTime: '08:15',
        birthLocation: 'São Paulo',
      }),
    );
    expect(Object.keys(body)).toEqual(['success', 'meta', 'data']);
    const data = body.data as { birthInfo: { location: string } };
    expect(data.birthInfo.location).toMatch(/^São Paulo/);
  });

  it('sends a flat answer beside success with non-ASCII text whole', async () => {
    const body = await bytesOf(await uncompressed('/api/validate-location', { birthLocation: 'Zürich' }));
    expect(body.success).toBe(true);
    expect(body.valid).toBe(true);
    expect(JSON.stringify(body)).toContain('Zürich');
  });
});

describe('errors', () => {
  it('regression: a 2-character place was refused although validate-location advertises minLength 2; 1 character is 400 naming the field', async () => {
    const two = await post('/api/validate-location', { birthLocation: '00' });
    expect(two.status).toBe(200);
    expect(await two.json()).toMatchObject({ success: true, valid: false, suggestions: [] });
    const res = await post('/api/validate-location', { birthLocation: 'a' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      success: boolean;
      error: { code: string; message: string; details: { field: string }[] };
    };
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.details[0]!.field).toBe('birthLocation');
  });

  it.each([
    ['an impossible date', { birthLocation: 'Paris, France', birthDate: '2023-02-30' }, 'birthDate'],
    ['24:00', { birthLocation: 'Paris, France', birthTime: '24:00' }, 'birthTime'],
    ['a half-given coordinate', { latitude: 10 }, 'longitude'],
    ['a latitude out of range', { latitude: 91, longitude: 0 }, 'latitude'],
    ['a wrong type', { birthLocation: 42 }, 'birthLocation'],
  ])('%s is a 400 naming %s', async (_label, body, field) => {
    const res = await post('/api/validate-location', body);
    expect(res.status).toBe(400);
    const err = (
      (await res.json()) as { error: { code: string; message: string; details: { field: string }[] } }
    ).error;
    expect(err.code).toBe('invalid_input');
    expect(err.details.map((d) => d.field)).toContain(field);
  });

  it('malformed JSON is 400, a non-object body is 400, an oversized body is 413', async () => {
    const bad = await post('/api/validate-location', '{"birthLocation": ');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
    expect((await post('/api/validate-location', '[1,2]')).status).toBe(400);
    const big = await post('/api/validate-location', { birthLocation: 'x'.repeat(5000) });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('no key is 401 with WWW-Authenticate; unknown path 404; wrong method 405 with Allow', async () => {
    const noKey = await fetch(`${svc.url}/api/validate-location`, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(noKey.status).toBe(401);
    // Every 401 points at the protected resource metadata, as on /mcp (test/e2e/oauth-flow.test.ts).
    expect(noKey.headers.get('www-authenticate')).toBe(
      `Bearer realm="chart-service", resource_metadata="${svc.url}/.well-known/oauth-protected-resource/mcp", error="invalid_token", error_description="Missing API key: send the header Authorization: Bearer <key>."`,
    );
    const missing = await get('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('not_found');
    const wrong = await get('/api/validate-location');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });
});

describe('locations search', () => {
  it('finds by prefix, tolerates typos, filters by country and caps the limit', async () => {
    const lond = (await (await get('/api/locations?q=Lond&limit=3')).json()) as {
      data: { results: { name: string; value: string }[] };
    };
    expect(lond.data.results[0]!.name).toBe('London');
    expect(lond.data.results.length).toBeLessThanOrEqual(3);
    const typo = (await (await get('/api/locations?q=Pariss')).json()) as {
      data: { results: { name: string; country: string }[] };
    };
    expect(typo.data.results[0]).toMatchObject({ name: 'Paris', country: 'France' });
    const ca = (await (await get('/api/locations?q=London&country=CA')).json()) as {
      data: { results: { country: string }[] };
    };
    expect(ca.data.results.every((r) => r.country === 'Canada')).toBe(true);
    expect((await get('/api/locations?q=London&limit=21')).status).toBe(400);
    expect((await get('/api/locations?q=London&limit=abc')).status).toBe(400);
    expect((await get('/api/locations')).status).toBe(400);
  });

  // Regression (outside probe): a blank q was 200 with nothing found while an empty q was 400.
  it('answers a blank q as it answers an empty one: 400 naming q', async () => {
    for (const q of ['', '%20%20', '%09']) {
      const res = await get(`/api/locations?q=${q}`);
      expect(res.status, q).toBe(400);
      const body = (await res.json()) as {
        error: { code: string; details: { field: string; message: string }[] };
      };
      expect(body.error.code).toBe('invalid_input');
      expect(body.error.details[0]).toMatchObject({ field: 'q' });
    }
    const blank = (await (await get('/api/locations?q=%20%20')).json()) as { error: { message: string } };
    expect(blank.error.message).toMatch(/^q: is blank \(spaces only\): send /);
  });
});

describe('service routes', () => {
  it('/health (naming the Swiss Ephemeris build) and /ready', async () => {
    const health = await fetch(`${svc.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', ephemeris: 'wasm' });
    const ready = await fetch(`${svc.url}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', database: 'embedded' });
  });

  it('OpenAPI 3.1 covers every route and alias with schemas', async () => {
    const doc = (await (await fetch(`${svc.url}/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { requestBody?: unknown; parameters?: { name: string }[]; deprecated?: boolean }>
      >;
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const r of svc.service.http.routes) {
      const op = doc.paths[r.path]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.path}`).toBeDefined();
      if (r.binding.from === 'body') expect(op!.requestBody).toBeDefined();
      else
        expect((op!.parameters ?? []).map((p) => p.name)).toEqual(
          expect.arrayContaining(Object.keys(r.op.input.shape)),
        );
      expect(Boolean(op!.deprecated)).toBe(Boolean(r.aliasOf));
    }
    expect(JSON.stringify(doc)).not.toContain('"$schema"');
  });

  it('/docs is a self-contained page naming every tool and route', async () => {
    const res = await fetch(`${svc.url}/docs`);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    for (const t of TOOLS) expect(html).toContain(t.name);
    for (const r of svc.service.http.routes) expect(html).toContain(r.path);
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/);
  });

  it("GET /api/usage returns the caller's own usage and allowances", async () => {
    const key = await svc.createKey(['basic_chart'], { chartLimit: 25 });
    const body = (await (await get('/api/usage', key)).json()) as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({
      key: { products: ['basic_chart'] },
      usage: { chart: 0, sage: 0 },
      allowances: { chart: 25, sage: null },
      remaining: { chart: 25, sage: null },
    });
    expect((await get('/api/usage?month=2026-13')).status).toBe(400);
  });

  it('key-less routes are rate limited per address with Retry-After', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${svc.url}/openapi.json`);
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get('retry-after');
      await res.arrayBuffer();
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${svc.url}/health`)).status).toBe(200);
  });
});
