/**
 * Registry invariants: every tool and endpoint is fully described and reachable, derived from the
 * one ordered list (no hardcoded counts). Sources: shared/DESIGN.md sections 3-4 (tool shape, the
 * status table with its codes and statuses), the spec's Versioning table (legacy aliases), and
 * SEP-986 for tool names.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ERROR_CODES } from '../../src/core/errors.js';
import { ENDPOINTS } from '../../src/endpoints/index.js';
import { aliasMap, buildRouteTable } from '../../src/operations/routes.js';
import { HTTP_STATUS } from '../../src/core/errors.js';
import { TOOLS } from '../../src/tools/index.js';

const routes = buildRouteTable([...TOOLS, ...ENDPOINTS]);

describe('tools', () => {
  it('has unique names in one convention (SEP-986 characters, snake_case)', () => {
    const names = TOOLS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
  });

  it.each(TOOLS.map((t) => [t.name, t] as const))('%s is fully described', (_name, tool) => {
    expect(tool.title.length).toBeGreaterThan(3);
    expect(tool.description.length).toBeGreaterThan(60);
    for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
      expect(typeof tool.annotations[hint]).toBe('boolean');
    }
    // The service only computes and reads: every tool is read-only, idempotent and closed-world.
    expect(tool.annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(tool.output).toBeInstanceOf(z.ZodObject);
    expect(tool.http.length).toBeGreaterThan(0);
    // Every input field is described for the model (as the model sees it: the JSON Schema).
    const js = z.toJSONSchema(tool.input, { io: 'input' }) as Record<string, unknown>;
    const props = js.properties as Record<string, { description?: string }>;
    for (const field of Object.keys(tool.input.shape)) {
      expect(props[field]?.description, `${tool.name}.${field}`).toBeTruthy();
    }
    // No top-level anyOf/oneOf: some model providers reject them.
    expect(js.anyOf ?? js.oneOf ?? js.allOf).toBeUndefined();
    expect(js.type).toBe('object');
  });

  it('metered operations declare a cost and non-metered ones none', () => {
    for (const op of [...TOOLS, ...ENDPOINTS]) expect(Boolean(op.meter), op.name).toBe(Boolean(op.cost));
  });
});

describe('routes and aliases', () => {
  it('every operation has a canonical REST route', () => {
    for (const op of [...TOOLS, ...ENDPOINTS]) {
      expect(
        routes.some((r) => r.op === op && !r.aliasOf),
        op.name,
      ).toBe(true);
    }
  });

  it('every alias resolves to an existing canonical route of the same operation', () => {
    const map = aliasMap(routes);
    for (const [key, target] of map) {
      const alias = routes.find((r) => `${r.method} ${r.path}` === key)!;
      const canonical = routes.find(
        (r) => r.path === target.canonical && r.method === target.method && !r.aliasOf,
      );
      expect(canonical, key).toBeDefined();
      expect(canonical!.op).toBe(alias.op);
    }
  });

  /**
   * The spec's Versioning table (service-spec.md), one row per legacy path: [method or null where
   * the spec names none, legacy path, canonical path, fixed query].
   */
  const SPEC_ALIASES: [string | null, string, string, Record<string, string>][] = [
    ['POST', '/api/human-design', '/api/chart', {}],
    ['POST', '/api/v1/data', '/api/chart', {}],
    ['POST', '/api/v2/data', '/api/chart', {}],
    ['POST', '/api/v1/data-tooltip', '/api/chart', { include: 'tooltips' }],
    ['POST', '/api/v2/data-tooltip', '/api/chart', { include: 'tooltips' }],
    ['POST', '/api/v1/astrology', '/api/astrology', {}],
    ['POST', '/api/v1/astrology-tooltip', '/api/astrology', { include: 'tooltips' }],
    ['POST', '/api/v1/composite', '/api/composite', {}],
    ['POST', '/api/v1/composite-tooltip', '/api/composite', { include: 'tooltips' }],
    ['GET', '/api/transit-range', '/api/transits/all', {}],
    ['GET', '/api/transit/moon-range', '/api/transits/moon', {}],
    ['GET', '/api/transit-periods', '/api/transits/periods', {}],
    ['GET', '/api/v2/transit-chart', '/api/transits/chart', {}],
    ['GET', '/api/retrograde-periods', '/api/retrogrades', {}],
    ['POST', '/api/sage/query', '/api/sage', {}],
    ['GET', '/api/sage/query', '/api/sage', {}],
    ['POST', '/api/v1/saju', '/api/bazi', {}],
    [null, '/api/v1/saju/chart.svg', '/api/bazi/chart.svg', {}],
    ['GET', '/api/v1/locations', '/api/locations', {}],
    ['POST', '/api/v1/validate-location', '/api/validate-location', {}],
  ];
  const map = aliasMap(routes);
  const canonicalExists = (method: string | null, path: string) =>
    routes.some((r) => r.path === path && !r.aliasOf && (method === null || r.method === method));

  it("matches the spec's Versioning table for every canonical route that exists", () => {
    const missing: string[] = [];
    for (const [method, legacy, canonical, query] of SPEC_ALIASES) {
      const label = `${method ?? '*'} ${legacy}`;
      if (!canonicalExists(method, canonical)) {
        missing.push(label);
        continue;
      }
      const found = [...map].filter(([key]) => key.endsWith(` ${legacy}`) && (!method || key === label));
      // A method-less row (`*`) stands for every method the canonical route has.
      const methods = method ? [method] : routes.filter((r) => r.path === canonical).map((r) => r.method);
      expect(
        found.map(([, target]) => target),
        label,
      ).toEqual(methods.map((m) => ({ method: m, canonical, query })));
    }
    // Aliases of tools not built yet; this list shrinks as the tools land.
    expect(missing).toEqual([]);
  });

  it('has no alias the spec does not list (beyond the PNG twin of a listed SVG picture alias)', () => {
    const listed = new Set(
      SPEC_ALIASES.flatMap(([, legacy]) =>
        legacy.endsWith('.svg') ? [legacy, legacy.replace(/\.svg$/, '.png')] : [legacy],
      ),
    );
    expect([...map.keys()].filter((key) => !listed.has(key.split(' ')[1]!))).toEqual([]);
  });
});

describe('error status table', () => {
  it('maps every code to the status DESIGN.md section 4 gives it', () => {
    expect(HTTP_STATUS).toEqual({
      invalid_input: 400,
      location_not_found: 400,
      out_of_range: 400,
      span_too_long: 400,
      unauthorized: 401,
      forbidden: 403,
      not_found: 404,
      method_not_allowed: 405,
      request_timeout: 408,
      payload_too_large: 413,
      unsupported_media_type: 415,
      rate_limited: 429,
      quota_exceeded: 429,
      ai_service_error: 502,
      knowledge_unavailable: 503,
      queue_full: 503,
      queue_timeout: 503,
      service_unavailable: 503,
      internal_error: 500,
    });
    expect(Object.keys(HTTP_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });
});

describe('pictures that draw a chart tool', () => {
  // A picture is free when the chart it draws is in the result cache: the cache keys must be the
  // chart tool's own, so each input the picture names must be what that tool's schema makes of it.
  const drawing = ENDPOINTS.filter((op) => op.draws);

  it('are the keyed bodygraph, wheel and BaZi pictures', () => {
    expect(drawing.map((op) => `${op.name} -> ${op.draws!.operation}`).sort()).toEqual([
      'render_bazi_png -> get_bazi_chart',
      'render_bazi_svg -> get_bazi_chart',
      'render_bodygraph_png -> generate_chart',
      'render_bodygraph_svg -> generate_chart',
      'render_wheel_png -> get_astrology_chart',
      'render_wheel_svg -> get_astrology_chart',
    ]);
  });

  it.each(drawing.map((op) => [op.name, op] as const))(
    '%s names inputs its chart tool parses unchanged',
    (_, op) => {
      const tool = TOOLS.find((t) => t.name === op.draws!.operation)!;
      // Every field the two inputs share takes part in the chart's key (a houseSystem left out
      // would hand a Koch wheel over for a paid Placidus chart).
      const shared = Object.keys(op.input.shape).filter((f) => f in tool.input.shape);
      const full = Object.fromEntries(shared.map((f) => [f, `value of ${f}`]));
      expect(Object.keys(op.draws!.inputs(full)[0]!).sort()).toEqual(shared.sort());
      const inputs = [
        op.example,
        { ...op.example, latitude: 48.85, longitude: 2.35, birthLocation: undefined },
      ];
      for (const example of inputs) {
        const parsed = op.input.parse(example) as Record<string, unknown>;
        for (const chartInput of op.draws!.inputs(parsed)) {
          const reparsed = tool.input.parse(chartInput) as Record<string, unknown>;
          for (const field of tool.presentational ?? []) delete reparsed[field];
          expect(JSON.parse(JSON.stringify(reparsed))).toEqual(JSON.parse(JSON.stringify(chartInput)));
        }
      }
    },
  );
});
