import * as z from 'zod';
import {
  checkedRange,
  matchNameList,
  retrogradePeriods,
  type Station,
  STATION_BODIES,
} from '../core/transits/index.js';
import { defineTool } from '../operations/types.js';
import { eventRangeFields } from '../schemas/event-range.js';
import { retrogradesSchema } from '../schemas/events.js';

const MAX_DAYS = 730;

const served = ({ jdUT: _jd, ...station }: Station) => station;

export const getRetrogradesTool = defineTool({
  name: 'get_retrogrades',
  title: 'Retrograde periods',
  description:
    'Retrograde periods of Mercury through Pluto and Chiron that overlap startDate to endDate (UTC, at most ' +
    '730 days): the station-retrograde and station-direct instants (UTC, to within seconds) with longitude, ' +
    'sign, gate and line, the duration in days, and the shadow dates. Costs 1 chart request (repeats are free).',
  input: z.object({
    ...eventRangeFields(`${MAX_DAYS} days`),
    planets: z
      .string()
      .optional()
      .describe(
        `Comma-separated planets (any case), e.g. "Mercury,Venus"; default all: ${STATION_BODIES.join(', ')}.`,
      ),
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
  async run(input, deps) {
    const range = checkedRange(input, { days: MAX_DAYS });
    const planets =
      input.planets === undefined ? STATION_BODIES : matchNameList(STATION_BODIES, 'planets', input.planets);
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
