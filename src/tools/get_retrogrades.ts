import * as z from 'zod';
import {
  checkedDateRange,
  EVENT_DATES,
  retrogradePeriods,
  type Station,
  STATION_BODIES,
} from '../core/transits/index.js';
import { defineTool } from '../operations/types.js';
import { dateRangeFields } from '../schemas/date-range.js';
import { nameListField, namesOf } from '../schemas/name-list.js';
import { retrogradesSchema } from '../schemas/events.js';

const MAX_DAYS = 730;
const RANGE = { maxDays: MAX_DAYS, supported: EVENT_DATES };

const served = ({ jdUT: _jd, ...station }: Station) => station;

export const getRetrogradesTool = defineTool({
  name: 'get_retrogrades',
  title: 'Retrograde periods',
  description:
    'Retrograde periods of Mercury through Pluto and Chiron that overlap startDate to endDate (UTC, at most ' +
    '730 days): the station-retrograde and station-direct instants (UTC, to within seconds) with longitude, ' +
    'sign, gate and line, the duration in days, and the shadow dates. Costs 1 chart request (repeats are free).',
  input: z.object({
    ...dateRangeFields(`At most ${MAX_DAYS} days per call; dates from 1800-01-02 to 2399-12-29.`),
    planets: nameListField(STATION_BODIES, { one: 'planet', many: 'planets', example: 'Mercury,Venus' }),
  }),
  output: retrogradesSchema,
  access: 'advanced_chart',
  meter: 'chart',
  cost: () => 1,
  cacheable: true,
  // Every planet over two years plus a retrograde's reach on each side: about 0.2 s of CPU.
  heavy: true,
  meta: { version: '1.0.0', endpoint: 'retrogrades' },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  example: { startDate: '2025-01-01', endDate: '2025-12-31', planets: 'Mercury' },
  http: [
    {
      method: 'GET',
      path: '/api/retrogrades',
      from: 'query',
      aliases: [{ path: '/api/retrograde-periods' }],
    },
  ],
  check: (input) => void checkedDateRange(input, RANGE),
  async run(input, deps) {
    const range = checkedDateRange(input, RANGE);
    const planets = namesOf(STATION_BODIES, input.planets);
    const retrogrades = planets.flatMap((planet) =>
      retrogradePeriods(deps.ephemeris, planet, range.startJdUT, range.endJdUT).map((p) => ({
        ...p,
        stationRetrograde: served(p.stationRetrograde),
        stationDirect: p.stationDirect && served(p.stationDirect),
      })),
    );
    return { range: { startDate: input.startDate, endDate: input.endDate }, retrogrades };
  },
});
