import * as z from 'zod';
import { astrologyBirth, type AstrologyData, astrologyData } from '../core/astrology/index.js';
import { secondPersonOf, synastryOf } from '../core/astrology/second-person.js';
import { PERSON_B_FIELDS } from '../core/birth/index.js';
import { defineTool } from '../operations/types.js';
import {
  astrologyDataSchema,
  ayanamsaField,
  hasSecondPerson,
  houseSystemField,
  secondPersonFields,
  withSecondPersonRule,
  withZodiacRule,
  zodiacField,
} from '../schemas/astrology.js';
import { birthInputFields, includeField, withPlaceRule } from '../schemas/birth-input.js';
import { HD_DATE_NOTE } from '../schemas/human-design.js';
import { imageField, PICTURE_OPTIONS } from '../schemas/render.js';
import { DEFAULT_WHEEL_OPTIONS, renderWheel } from '../core/render/index.js';

export const getAstrologyChartTool = defineTool({
  name: 'get_astrology_chart',
  title: 'Western astrology chart',
  description:
    'Western astrology chart (tropical or sidereal; HD gates stay tropical) for one birth, twice: Personality at the birth moment and ' +
    'Design at the Human Design design instant (Sun 88° earlier), both at the birth place. Each has planets, ' +
    'angles, houses (Placidus unless houseSystem is set), aspects, node, Chiron, Lilith, Part of Fortune, ' +
    'asteroids and element/quality counts; crossAspects compares the two. include="tooltips" adds ' +
    'explanations. Costs 1 chart request (repeats are free). The ascendant and houses turn through the whole ' +
    'zodiac in a day: if the birth time is unknown, ask; if 12:00 is used as a stand-in, tell the user that ' +
    'angles, houses and the Moon are unreliable. birthDate1... (person B, as generate_composite): synastry.',
  input: withSecondPersonRule(
    withZodiacRule(
      withPlaceRule(
        z.object({
          ...birthInputFields({ dateNote: HD_DATE_NOTE, sameAsTool: 'generate_chart' }),
          ...secondPersonFields,
          houseSystem: houseSystemField,
          zodiac: zodiacField,
          ayanamsa: ayanamsaField,
          include: includeField,
          image: imageField,
        }),
      ),
    ),
  ),
  output: astrologyDataSchema,
  access: 'advanced_chart',
  meter: 'chart',
  cost: () => 1,
  cacheable: true,
  meta: { version: '1.0.0', endpoint: 'astrology' },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  presentational: ['image'],
  // A synastry's wheel has person B in the outer ring, as the wheel endpoint draws it; B's chart is
  // not in the answer, so it is computed again (a millisecond; the answer itself was cached).
  picture(data, width, { input, deps }) {
    const options = { ...DEFAULT_WHEEL_OPTIONS, ...PICTURE_OPTIONS, width };
    if (!hasSecondPerson(input)) return renderWheel(data as AstrologyData, options);
    const b = astrologyBirth(deps, secondPersonOf(input), PERSON_B_FIELDS);
    return renderWheel(
      { ...(data as AstrologyData), personB: b.personality.chart, personBBirthInfo: b.birthInfo },
      options,
    );
  },
  example: { birthDate: '1940-10-09', birthTime: '18:30', birthLocation: 'Liverpool, United Kingdom' },
  http: [
    {
      method: 'POST',
      path: '/api/astrology',
      from: 'body',
      aliases: [
        { path: '/api/v1/astrology' },
        { path: '/api/v1/astrology-tooltip', query: { include: 'tooltips' } },
      ],
    },
  ],
  async run(input, deps, ctx) {
    const result = astrologyBirth(deps, input);
    const data = astrologyData(deps.knowledge, result, input.include === 'tooltips');
    if (!hasSecondPerson(input)) {
      ctx.warnings.push(...result.warnings);
      return data;
    }
    const b = astrologyBirth(deps, secondPersonOf(input), PERSON_B_FIELDS);
    ctx.warnings.push(
      ...result.warnings.map((w) => `Person A: ${w}`),
      ...b.warnings.map((w) => `Person B: ${w}`),
    );
    return synastryOf(data, result, b);
  },
});
