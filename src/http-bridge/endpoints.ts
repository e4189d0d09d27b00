import * as z from 'zod';
import { searchCities } from '../core/location/index.js';
import { METERS, usageMonth } from '../store/index.js';
import { suggestionSchema } from '../schemas/location.js';
import { type AnyOperation, defineOperation } from '../operations/types.js';
import { RENDER_ENDPOINTS } from './render-endpoints.js';

/** REST-only operations (no MCP tool): rows of the same route table, run by the same handler. */

const locations = defineOperation({
  name: 'search_locations',
  title: 'Search cities',
  description:
    'City search for a city-picker: prefix-friendly and typo-tolerant over the offline GeoNames table ' +
    '(places with at least 1,000 people). Each item is shaped like a validate-location suggestion; its ' +
    '`value` can be sent as birthLocation. Free with any valid key, unmetered.',
  input: z.object({
    q: z.string().min(1).max(100).describe('What the user typed so far, e.g. "Lond", "sao pa", "Torronto".'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(20)
      .default(10)
      .describe('Maximum number of items, 1-20 (default 10).'),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .optional()
      .describe('Restrict to one country by ISO 3166-1 alpha-2 code, e.g. US, CA, BR.'),
  }),
  output: z.object({
    query: z.string(),
    count: z.number().int(),
    results: z
      .array(suggestionSchema)
      .describe('Best matches first: exact and prefix matches, then close spellings.'),
  }),
  access: 'free',
  http: [{ method: 'GET', path: '/api/locations', from: 'query', aliases: [{ path: '/api/v1/locations' }] }],
  example: { q: 'Lond', limit: 5 },
  async run(input, deps) {
    const results = searchCities(deps.cities, input.q, { limit: input.limit, country: input.country });
    return { query: input.q, count: results.length, results };
  },
});

const meterCounts = z.object(
  Object.fromEntries(METERS.map((m) => [m, z.number().int()])) as Record<
    (typeof METERS)[number],
    z.ZodNumber
  >,
);
const meterLimits = z.object(
  Object.fromEntries(METERS.map((m) => [m, z.number().int().nullable()])) as Record<
    (typeof METERS)[number],
    z.ZodNullable<z.ZodNumber>
  >,
);

const usage = defineOperation({
  name: 'get_usage',
  title: 'Usage of this key',
  description:
    "The calling key's own metered usage for a month (UTC) and its monthly allowances (null = unlimited).",
  input: z.object({
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
      .optional()
      .describe('Month as YYYY-MM, UTC (default: the current month).'),
  }),
  output: z.object({
    key: z.object({ id: z.string(), name: z.string(), prefix: z.string(), products: z.array(z.string()) }),
    month: z.string(),
    usage: meterCounts.describe('Units consumed per meter: chart requests and SAGE responses.'),
    allowances: meterLimits.describe('Monthly allowance per meter; null means unlimited.'),
    remaining: meterLimits.describe('Units left this month per meter; null means unlimited.'),
  }),
  access: 'free',
  http: [{ method: 'GET', path: '/api/usage', from: 'query' }],
  example: {},
  async run(input, deps, ctx) {
    const caller = ctx.caller!;
    const month = input.month ?? usageMonth(deps.now());
    const used = await deps.store.usage.get(caller.id, month);
    const remaining = Object.fromEntries(
      METERS.map((m) => [m, caller.limits[m] === null ? null : Math.max(0, caller.limits[m]! - used[m])]),
    ) as Record<(typeof METERS)[number], number | null>;
    return {
      key: { id: caller.id, name: caller.name, prefix: caller.prefix, products: caller.products },
      month,
      usage: used,
      allowances: caller.limits,
      remaining,
    };
  },
});

export const ENDPOINTS: readonly AnyOperation[] = [locations, usage, ...RENDER_ENDPOINTS];
