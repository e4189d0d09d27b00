import * as z from 'zod';
import {
  bodiesOf,
  bodyNarrowing,
  bodySeriesBytes,
  capFitText,
  HD_BODY_NAMES,
  pointsOf,
  SERIES_COST_TEXT,
  SERIES_MAX_POINTS,
  seriesRange,
  seriesUnits,
  transitSeries,
} from '../core/transits/index.js';
import { MCP_JSON_BUDGET, MCP_RESULT_MAX_BYTES } from '../operations/answer-limit.js';
import { defineTool } from '../operations/types.js';
import { nameListField } from '../schemas/name-list.js';
import { dateRangeFields, granularityField } from '../schemas/date-range.js';
import { transitSeriesSchema } from '../schemas/transits.js';

const bodiesField = nameListField(HD_BODY_NAMES, { one: 'body', many: 'bodies', example: 'Sun,Moon' });

export const getTransitsTool = defineTool({
  name: 'get_transits',
  title: 'Transits of all 13 bodies',
  description:
    'Positions of the 13 Human Design bodies (Sun, Earth, Rahu, Ketu, Moon, Mercury ... Pluto) at each point of ' +
    'a UTC date range: gate, line, sign and longitude per body (the Moon adds phase and illumination). Points ' +
    'are 00:00 UTC daily or every hour; `bodies` keeps only the named ones. At most ' +
    `${SERIES_MAX_POINTS.toLocaleString('en-US')} points per call (a leap year hourly); over MCP a result is ` +
    `capped at ${capFitText('bodies', MCP_JSON_BUDGET, MCP_RESULT_MAX_BYTES)} for all 13 bodies; a larger request is refused, uncharged, with how to ` +
    `narrow it (fewer days, daily, bodies). ${SERIES_COST_TEXT}`,
  input: z.object({
    ...dateRangeFields(`At most ${SERIES_MAX_POINTS.toLocaleString('en-US')} points (366 days hourly).`),
    granularity: granularityField('daily'),
    bodies: bodiesField,
  }),
  output: transitSeriesSchema,
  access: 'advanced_chart',
  meter: 'chart',
  cost: (input) => seriesUnits(pointsOf(input)),
  cacheable: true,
  heavy: true,
  check: (input) => void seriesRange(input),
  answerSize: {
    estimate: (input) => bodySeriesBytes(pointsOf(input), bodiesOf(input.bodies)),
    narrowing: (input, budget) => bodyNarrowing(bodiesOf(input.bodies), budget),
  },
  meta: { version: '1.0.0', endpoint: 'transits-all' },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  example: { startDate: '2025-03-20', endDate: '2025-03-21' },
  http: [
    { method: 'GET', path: '/api/transits/all', from: 'query', aliases: [{ path: '/api/transit-range' }] },
  ],
  async run(input, deps) {
    const bodies = bodiesOf(input.bodies);
    const points = transitSeries(deps.ephemeris, seriesRange(input), input.granularity, bodies);
    const { startDate, endDate, granularity } = input;
    return { startDate, endDate, granularity, bodies, count: points.length, points };
  },
});
