import * as z from 'zod';
import {
  capFitText,
  moonNarrowing,
  moonSeries,
  moonSeriesBytes,
  pointsOf,
  SERIES_COST_TEXT,
  SERIES_MAX_POINTS,
  seriesRange,
  seriesUnits,
} from '../core/transits/index.js';
import { MCP_JSON_BUDGET, MCP_RESULT_MAX_BYTES } from '../operations/answer-limit.js';
import { defineTool } from '../operations/types.js';
import { dateRangeFields, granularityField } from '../schemas/date-range.js';
import { moonSeriesSchema } from '../schemas/transits.js';

export const getMoonTransitsTool = defineTool({
  name: 'get_moon_transits',
  title: 'Moon transits',
  description:
    "The Moon's position at each point of a UTC date range: Human Design gate and line, tropical sign, " +
    'longitude, phase name and illumination. Points are 00:00 UTC daily or every hour (granularity). At most ' +
    `${SERIES_MAX_POINTS.toLocaleString('en-US')} points per call (a leap year hourly); over MCP a result is ` +
    `capped at ${capFitText('moon', MCP_JSON_BUDGET, MCP_RESULT_MAX_BYTES)}; a larger request is refused, uncharged, with how to narrow it. ` +
    SERIES_COST_TEXT,
  input: z.object({
    ...dateRangeFields(`At most ${SERIES_MAX_POINTS.toLocaleString('en-US')} points (366 days hourly).`),
    granularity: granularityField('daily'),
  }),
  output: moonSeriesSchema,
  access: 'advanced_chart',
  meter: 'chart',
  cost: (input) => seriesUnits(pointsOf(input)),
  cacheable: true,
  heavy: true,
  check: (input) => void seriesRange(input),
  answerSize: {
    estimate: (input) => moonSeriesBytes(pointsOf(input)),
    narrowing: (_input, budget) => moonNarrowing(budget),
  },
  meta: { version: '1.0.0', endpoint: 'transits-moon' },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  example: { startDate: '2025-03-14', endDate: '2025-03-16' },
  http: [
    {
      method: 'GET',
      path: '/api/transits/moon',
      from: 'query',
      aliases: [{ path: '/api/transit/moon-range' }],
    },
  ],
  async run(input, deps) {
    const points = moonSeries(deps.ephemeris, seriesRange(input), input.granularity);
    const { startDate, endDate, granularity } = input;
    return { startDate, endDate, granularity, count: points.length, points };
  },
});
