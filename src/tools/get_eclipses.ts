import * as z from 'zod';
import { checkedDateRange, EVENT_DATES, type Eclipse, eclipsesBetween } from '../core/transits/index.js';
import { invalidInput } from '../core/errors.js';
import { defineTool } from '../operations/types.js';
import { dateRangeFields } from '../schemas/date-range.js';
import { eclipsesSchema } from '../schemas/events.js';

const MAX_YEARS = 10;
const RANGE = { maxYears: MAX_YEARS, supported: EVENT_DATES };

/** The answer's eclipse: the core's without its Julian day. */
const served = ({ jdUT: _jd, ...eclipse }: Eclipse) => eclipse;

export const getEclipsesTool = defineTool({
  name: 'get_eclipses',
  title: 'Solar and lunar eclipses',
  description:
    'Solar and lunar eclipses between startDate and endDate (UTC, at most 10 years), from the Swiss ' +
    'Ephemeris: for each the UTC instant of greatest eclipse, type (solar or lunar), kind (total, annular, ' +
    'hybrid, partial, penumbral), magnitude, where it is visible, and the Sun and Moon gate, line and sign. ' +
    'solarOnly or lunarOnly keeps one type. Costs 1 chart request (repeats are free).',
  input: z.object({
    ...dateRangeFields(`At most ${MAX_YEARS} years per call; dates from 1800-01-02 to 2399-12-29.`),
    solarOnly: z.boolean().optional().describe('true: solar eclipses only.'),
    lunarOnly: z.boolean().optional().describe('true: lunar eclipses only.'),
  }),
  output: eclipsesSchema,
  access: 'advanced_chart',
  meter: 'chart',
  cost: () => 1,
  cacheable: true,
  heavy: true,
  meta: { version: '1.0.0', endpoint: 'eclipses' },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  example: { startDate: '2024-01-01', endDate: '2024-12-31' },
  http: [{ method: 'GET', path: '/api/eclipses', from: 'query' }],
  check(input) {
    if (input.solarOnly && input.lunarOnly) {
      throw invalidInput(
        'lunarOnly',
        'solarOnly and lunarOnly cannot both be true; set one of them, or neither for both types',
      );
    }
    checkedDateRange(input, RANGE);
  },
  async run(input, deps) {
    const range = checkedDateRange(input, RANGE);
    const eclipses = eclipsesBetween(deps.ephemeris, range.startJdUT, range.endJdUT, {
      solar: !input.lunarOnly,
      lunar: !input.solarOnly,
    });
    return { range: { startDate: input.startDate, endDate: input.endDate }, eclipses: eclipses.map(served) };
  },
});
