import * as z from 'zod';
import {
  capFitText,
  CHART_SERIES_MAX_POINTS,
  chartNarrowing,
  chartSeries,
  chartSeriesBytes,
  chartSeriesRange,
  pointsOf,
} from '../core/transits/index.js';
import { MCP_JSON_BUDGET, MCP_RESULT_MAX_BYTES } from '../operations/answer-limit.js';
import { defineTool } from '../operations/types.js';
import { dateRangeFields, granularityField } from '../schemas/date-range.js';
import { chartSeriesSchema } from '../schemas/transits.js';

export const getTransitChartTool = defineTool({
  name: 'get_transit_chart',
  title: 'Transit chart per point',
  description:
    'The Human Design chart (as generate_chart, without birth place or tooltips) at each ' +
    'point of a UTC date range, every hour by default or 00:00 UTC daily: type, authority, profile, ' +
    'channels, centers, gates and the 26 activations of that instant. No birth data needed. At most ' +
    `${CHART_SERIES_MAX_POINTS} points per call (31 days hourly). Each chart is about 6 KB: over MCP a result ` +
    `is capped at ${capFitText('chart', MCP_JSON_BUDGET, MCP_RESULT_MAX_BYTES)}; a larger request is refused, uncharged, with how to narrow it. ` +
    'Costs 1 chart request per point; meta.units (REST) and _meta.units (MCP) report it.',
  input: z.object({
    ...dateRangeFields(`At most ${CHART_SERIES_MAX_POINTS} points (31 days hourly).`),
    granularity: granularityField('hourly'),
  }),
  output: chartSeriesSchema,
  access: 'advanced_chart',
  meter: 'chart',
  cost: (input) => pointsOf(input),
  cacheable: true,
  heavy: true,
  check: (input) => void chartSeriesRange(input),
  answerSize: {
    estimate: (input) => chartSeriesBytes(pointsOf(input)),
    narrowing: (_input, budget) => chartNarrowing(budget),
  },
  meta: { version: '1.0.0', endpoint: 'transit-chart' },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  example: { startDate: '2025-03-20', endDate: '2025-03-21', granularity: 'daily' },
  http: [
    {
      method: 'GET',
      path: '/api/transits/chart',
      from: 'query',
      aliases: [{ path: '/api/v2/transit-chart' }],
    },
  ],
  async run(input, deps) {
    const points = chartSeries(deps.ephemeris, chartSeriesRange(input), input.granularity);
    const { startDate, endDate, granularity } = input;
    return { startDate, endDate, granularity, count: points.length, points };
  },
});
