import * as z from 'zod';
import {
  checkedDateRange,
  EVENT_DATES,
  HD_BODY_NAMES,
  natalTransits,
  transitPeriods,
} from '../core/transits/index.js';
import { defineTool } from '../operations/types.js';
import { dateRangeFields } from '../schemas/date-range.js';
import { nameListField, namesOf } from '../schemas/name-list.js';
import { transitPeriodsSchema } from '../schemas/events.js';
import { optionalBirthFields, withOptionalBirthRule } from '../schemas/transits.js';

const MAX_DAYS = 366;
const RANGE = { maxDays: MAX_DAYS, supported: EVENT_DATES };

const input = withOptionalBirthRule(
  z.object({
    ...dateRangeFields(`At most ${MAX_DAYS} days per call; dates from 1800-01-02 to 2399-12-29.`),
    bodies: nameListField(HD_BODY_NAMES, { one: 'body', many: 'bodies', example: 'Sun,Moon' }),
    ...optionalBirthFields(),
  }),
);

export const getTransitPeriodsTool = defineTool({
  name: 'get_transit_periods',
  title: 'Transit gate and line periods',
  description:
    'When each Human Design body (Sun, Earth, North/South Node as Rahu/Ketu, Moon, Mercury ... Pluto) enters ' +
    'and leaves each gate and line between startDate and endDate (UTC, at most 366 days): periods[] per ' +
    'body with start and end (null where a period runs past the range), and events[] in time order, ' +
    'retrograde re-entries included, each to within a second. The Moon changes line about every 2 hours: ' +
    'for long ranges set bodies. With a birth (as in generate_chart): natal, the transits read against it. ' +
    'Costs 1 chart request (repeats are free).',
  input,
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
  check: (input) => void checkedDateRange(input, RANGE),
  async run(input, deps, ctx) {
    const range = checkedDateRange(input, RANGE);
    const bodies = namesOf(HD_BODY_NAMES, input.bodies);
    const result = transitPeriods(deps.ephemeris, range.startJdUT, range.endJdUT, bodies);
    const { birthDate, birthTime } = input;
    const natal =
      birthDate !== undefined && birthTime !== undefined
        ? natalTransits(deps, { ...input, birthDate, birthTime }, range, bodies, result)
        : undefined;
    if (natal) ctx.warnings.push(...natal.warnings);
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
      ...(natal ? { natal: natal.natal } : {}),
    };
  },
});
