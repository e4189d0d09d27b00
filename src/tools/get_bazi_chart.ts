import * as z from 'zod';
import { baziBirthChart, baziCurrent, type BaziData, baziData } from '../core/bazi/index.js';
import { renderBazi } from '../core/render/index.js';
import { defineTool } from '../operations/types.js';
import { baziBirthFields, baziDataSchema, baziDateField } from '../schemas/bazi.js';
import { includeField, withPlaceRule } from '../schemas/birth-input.js';
import { imageField, PICTURE_OPTIONS } from '../schemas/render.js';

const input = z.object({ ...baziBirthFields, date: baziDateField, include: includeField, image: imageField });

export const getBaziChartTool = defineTool({
  name: 'get_bazi_chart',
  title: 'BaZi (Four Pillars) chart',
  description:
    'BaZi / Four Pillars (八字, saju) chart: the four pillars with hidden stems, ten gods and na yin, day master, ' +
    'element counts, 8 luck pillars with annual pillars. Year and month follow the true birth instant against the ' +
    'solar terms. Needs gender and the local birth date, time and place. Costs 1 chart request (repeats free); ' +
    'ask for an unknown birth time (the hour pillar needs it). With date: the pillars then in force and how ' +
    'they meet the natal ones.',
  input: withPlaceRule(input),
  output: baziDataSchema,
  access: 'basic_chart_or_advanced',
  meter: 'chart',
  cost: () => 1,
  cacheable: true,
  meta: { version: '1.0.0', endpoint: 'bazi' },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  example: { birthDate: '1990-06-22', birthTime: '14:30', birthLocation: 'Taipei, Taiwan', gender: 'female' },
  presentational: ['image'],
  // The luck pillar in force on `date`, else today, is outlined (the REST picture takes any date as asOf).
  picture: (data, width) => {
    const chart = data as BaziData;
    const asOf = chart.current?.date ?? new Date().toISOString().slice(0, 10);
    return renderBazi(chart, { ...PICTURE_OPTIONS, width, asOf });
  },
  http: [{ method: 'POST', path: '/api/bazi', from: 'body', aliases: [{ path: '/api/v1/saju' }] }],
  async run(args, deps, ctx) {
    const { gender, dayBoundary, solarTime } = args;
    const result = baziBirthChart(deps, args, { gender, dayBoundary, solarTime });
    ctx.warnings.push(...result.warnings);
    const { date } = args;
    const current =
      date === undefined
        ? undefined
        : baziCurrent(deps.ephemeris, result.chart, {
            date,
            zone: result.birthInfo.timezone,
            birthDate: result.birthInfo.date,
          });
    ctx.warnings.push(...(current?.warnings ?? []));
    return baziData(deps.knowledge, result, args.include === 'tooltips', current?.current);
  },
});
