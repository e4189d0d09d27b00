import * as z from 'zod';
import { refuseZodiac } from '../schemas/astrology.js';
import { PERSON_B_FIELDS, PERSON_FIELDS } from '../core/birth/index.js';
import { birthChart, compositeData } from '../core/human-design/index.js';
import { defineTool } from '../operations/types.js';
import {
  birthInputFields,
  includeField,
  suffixedBirthInputFields,
  UNKNOWN_BIRTH_TIME_POINTER,
  withPlaceRule,
} from '../schemas/birth-input.js';
import { compositeDataSchema, HD_DATE_NOTE } from '../schemas/human-design.js';

export const generateCompositeTool = defineTool({
  name: 'generate_composite',
  title: 'Human Design composite (relationship) chart',
  description:
    'Human Design composite chart of two people, for relationship compatibility: each ' +
    "person's chart (type, authority, " +
    'profile, centers, channels, activations) and the combined chart: centers the pair defines together, ' +
    'its definition, connection theme and the relationship channels (Companionship, Dominance, Compromise, ' +
    'Electromagnetic). Person A uses birthDate, birthTime, birthLocation (or latitude/longitude); person B ' +
    'the same names ending in 1. Set include="tooltips" for plain-language explanations. Costs 1 chart request. ' +
    UNKNOWN_BIRTH_TIME_POINTER,
  precheck: refuseZodiac,
  input: withPlaceRule(
    z.object({
      ...birthInputFields({ person: 'Person A', dateNote: HD_DATE_NOTE, sameAsTool: 'generate_chart' }),
      ...suffixedBirthInputFields('1', { person: 'Person B', sameAsUnsuffixed: true }),
      include: includeField,
    }),
    '',
    '1',
  ),
  output: compositeDataSchema,
  access: 'advanced_chart',
  meter: 'chart',
  cost: () => 1,
  cacheable: true,
  meta: { version: '1.0.0', endpoint: 'v1-composite' },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  example: {
    birthDate: '1948-04-09',
    birthTime: '00:14',
    birthLocation: 'Montreal, QC',
    birthDate1: '1991-08-13',
    birthTime1: '13:31',
    birthLocation1: 'Bengaluru, India',
  },
  http: [
    {
      method: 'POST',
      path: '/api/composite',
      from: 'body',
      aliases: [
        { path: '/api/v1/composite' },
        { path: '/api/v1/composite-tooltip', query: { include: 'tooltips' } },
      ],
    },
  ],
  async run(input, deps, ctx) {
    const a = birthChart(deps, input, PERSON_FIELDS);
    const b = birthChart(
      deps,
      {
        birthDate: input.birthDate1,
        birthTime: input.birthTime1,
        birthLocation: input.birthLocation1,
        latitude: input.latitude1,
        longitude: input.longitude1,
      },
      PERSON_B_FIELDS,
    );
    ctx.warnings.push(...a.warnings.map((w) => `Person A: ${w}`), ...b.warnings.map((w) => `Person B: ${w}`));
    return compositeData(deps.knowledge, a, b, input.include === 'tooltips');
  },
});
