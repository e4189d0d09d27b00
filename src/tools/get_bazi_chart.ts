import * as z from 'zod';
import { BAZI_BIRTH_RANGE, baziBirthChart, baziData } from '../core/bazi/index.js';
import { defineTool } from '../operations/types.js';
import { baziDataSchema } from '../schemas/bazi.js';
import { birthInputFields, includeField, withPlaceRule } from '../schemas/birth-input.js';
import { hinted } from '../schemas/field-hints.js';

const input = z.object({
  ...birthInputFields({
    dateNote: `${BAZI_BIRTH_RANGE.firstDay} to ${BAZI_BIRTH_RANGE.lastDay}`,
    sameAsTool: 'generate_chart',
  }),
  gender: hinted(
    z.enum(['male', 'female']).describe('Sets the luck pillar direction (with the year stem polarity).'),
    { expected: '"male" or "female" (it sets the direction of the luck pillars)' },
  ),
  dayBoundary: z
    .enum(['midnight', '23:00'])
    .default('midnight')
    .describe(
      "Day pillar changes at midnight (default; 23:00-23:59 takes the next day's 子-hour stem) or at 23:00.",
    ),
  solarTime: z
    .enum(['standard', 'true'])
    .default('standard')
    .describe(
      'Day and hour pillars from the civil clock (standard) or apparent solar time at the birth longitude.',
    ),
  include: includeField,
});

export const getBaziChartTool = defineTool({
  name: 'get_bazi_chart',
  title: 'BaZi (Four Pillars) chart',
  description:
    'BaZi / Four Pillars (八字, saju) chart: the four pillars with hidden stems, ten gods and na yin, day master, ' +
    'element counts, 8 luck pillars with annual pillars. Year and month follow the true birth instant against the ' +
    'solar terms. Needs gender and the local birth date, time and place. Costs 1 chart request (repeats free); ' +
    'ask for an unknown birth time (the hour pillar needs it).',
  input: withPlaceRule(input),
  output: baziDataSchema,
  access: 'basic_chart_or_advanced',
  meter: 'chart',
  cost: () => 1,
  cacheable: true,
  meta: { version: '1.0.0', endpoint: 'bazi' },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  example: { birthDate: '1990-06-22', birthTime: '14:30', birthLocation: 'Taipei, Taiwan', gender: 'female' },
  http: [{ method: 'POST', path: '/api/bazi', from: 'body', aliases: [{ path: '/api/v1/saju' }] }],
  async run(args, deps, ctx) {
    const { gender, dayBoundary, solarTime } = args;
    const result = baziBirthChart(deps, args, { gender, dayBoundary, solarTime });
    ctx.warnings.push(...result.warnings);
    return baziData(deps.knowledge, result, args.include === 'tooltips');
  },
});
