import * as z from 'zod';
import { checkedRange, HD_BODY_NAMES, matchNameList, transitPeriods } from '../core/transits/index.js';
import { defineTool } from '../operations/types.js';
import { eventRangeFields } from '../schemas/event-range.js';
import { transitPeriodsSchema } from '../schemas/events.js';

const MAX_DAYS = 366;

export const getTransitPeriodsTool = defineTool({
  name: 'get_transit_periods',
  title: 'Transit gate and line periods',
  description:
    'When each Human Design body (Sun, Earth, North/South Node as Rahu/Ketu, Moon, Mercury ... Pluto) enters ' +
    'and leaves each gate and line between startDate and endDate (UTC, at most 366 days): periods[] per ' +
    'body with start and end (null where a period runs past the range), and events[] in time order, ' +
    'retrograde re-entries included, each to within a second. The Moon changes line about every 2 hours: ' +
    'for long ranges set bodies. Costs 1 chart request (repeats are free).',
  input: z.object({
    ...eventRangeFields(`${MAX_DAYS} days`),
    bodies: z
      .string()
      .optional()
      .describe(
        `Comma-separated bodies to include (any case), e.g. "Sun,Moon"; default all 13: ${HD_BODY_NAMES.join(', ')}.`,
      ),
  }),
  output: transitPeriodsSchema,
  access: 'advanced_chart',
  meter: 'chart',
  cost: () => 1,
  cacheable: true,
  heavy: true,
  meta: { version: '1.0.0', endpoint: 'transits/periods' },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  example: { startDate: '2025-03-01', endDate: '2025-03-31', bodies: 'Sun,Mercury' },
  http: [
    {
      method: 'GET',
      path: '/api/transits/periods',
      from: 'query',
      aliases: [{ path: '/api/transit-periods' }],
    },
  ],
  async run(input, deps) {
    const range = checkedRange(input, { days: MAX_DAYS });
    const bodies =
      input.bodies === undefined ? HD_BODY_NAMES : matchNameList(HD_BODY_NAMES, 'bodies', input.bodies);
    const result = transitPeriods(deps.ephemeris, range.startJdUT, range.endJdUT, bodies);
    return {
      range: { startDate: input.startDate, endDate: input.endDate },
      periods: result.periods,
      events: result.events.map(({ utc, body, gate, line, gateChange, direction }) => ({
        utc,
        body,
        gate,
        line,
        gateChange,
        direction,
      })),
    };
  },
});
