import * as z from 'zod';
import { defineOperation } from '../operations/types.js';
import { METERS, usageMonth } from '../store/index.js';

/** GET /api/usage: the calling key's own month (REST only, free). */
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

export const getUsage = defineOperation({
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
  example: { month: '2026-01' },
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
