import * as z from 'zod';
import { refuseZodiac } from '../schemas/astrology.js';
import { birthChart, type ChartData, chartData } from '../core/human-design/index.js';
import { defineTool } from '../operations/types.js';
import {
  birthInputFields,
  includeField,
  UNKNOWN_BIRTH_TIME_TEXT,
  withPlaceRule,
} from '../schemas/birth-input.js';
import { chartDataSchema, HD_DATE_NOTE } from '../schemas/human-design.js';
import { imageField, PICTURE_OPTIONS } from '../schemas/render.js';
import { renderBodygraph } from '../core/render/index.js';

export const generateChartTool = defineTool({
  name: 'generate_chart',
  title: 'Human Design chart',
  description:
    'Full Human Design chart (V2) for one birth: type, strategy, inner authority, ' +
    'profile, definition, incarnation cross, variable, defined/open centers, channels, gates, the 26 ' +
    'Personality and Design activations (gate.line.color.tone.base), PHS and Rave Psychology. Give the ' +
    'local birth date and time and the birth place (or its coordinates); the place decides the time zone. ' +
    'Set include="tooltips" for plain-language explanations of every value. Use validate_location first ' +
    'when the place may be ambiguous. Costs 1 chart request (repeat calls with the same input are free). ' +
    UNKNOWN_BIRTH_TIME_TEXT,
  precheck: refuseZodiac,
  input: withPlaceRule(
    z.object({ ...birthInputFields({ dateNote: HD_DATE_NOTE }), include: includeField, image: imageField }),
  ),
  output: chartDataSchema,
  access: 'advanced_chart',
  meter: 'chart',
  cost: () => 1,
  cacheable: true,
  meta: { version: '2.0.0', endpoint: 'v2' },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  presentational: ['image'],
  picture: (data, width) => renderBodygraph(data as ChartData, { ...PICTURE_OPTIONS, width }),
  example: { birthDate: '1948-04-09', birthTime: '00:14', birthLocation: 'Montreal, QC' },
  http: [
    {
      method: 'POST',
      path: '/api/chart',
      from: 'body',
      aliases: [
        { path: '/api/human-design' },
        { path: '/api/v1/data' },
        { path: '/api/v2/data' },
        { path: '/api/v1/data-tooltip', query: { include: 'tooltips' } },
        { path: '/api/v2/data-tooltip', query: { include: 'tooltips' } },
      ],
    },
  ],
  async run(input, deps, ctx) {
    const result = birthChart(deps, input);
    ctx.warnings.push(...result.warnings);
    return chartData(deps.knowledge, result, input.include === 'tooltips');
  },
});
