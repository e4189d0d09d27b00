import * as z from 'zod';
import { birthChart, compositeData, compositeDataSchema, PERSON_B_FIELDS, PERSON_FIELDS } from './hd.js';
import {
  birthDateField,
  birthLocationField,
  birthTimeField,
  includeField,
  latitudeField,
  longitudeField,
} from './schemas.js';
import { defineTool } from './types.js';

const personB = (text: string) => `Person B: ${text}`;

export const generateCompositeTool = defineTool({
  name: 'generate_composite',
  title: 'Human Design composite (relationship) chart',
  description:
    "Compute the Human Design composite chart of two people: each person's chart (type, authority, " +
    'profile, centers, channels, activations) and the combined chart: centers the pair defines together, ' +
    'its definition, connection theme and the relationship channels (Companionship, Dominance, Compromise, ' +
    'Electromagnetic). Person A uses birthDate, birthTime, birthLocation (or latitude/longitude); person B ' +
    'the same names ending in 1. Set include="tooltips" for plain-language explanations. Costs 1 chart request.',
  input: z.object({
    birthDate: birthDateField.describe(`Person A: ${birthDateField.description}`),
    birthTime: birthTimeField.describe(`Person A: ${birthTimeField.description}`),
    birthLocation: birthLocationField.describe(`Person A: ${birthLocationField.description}`),
    latitude: latitudeField
      .optional()
      .describe(
        'Person A: latitude of the birth place, decimal degrees -90 to 90; with longitude it replaces the lookup.',
      ),
    longitude: longitudeField
      .optional()
      .describe(
        'Person A: longitude of the birth place, decimal degrees -180 to 180; give it with latitude.',
      ),
    birthDate1: birthDateField.describe(personB(birthDateField.description ?? '')),
    birthTime1: birthTimeField.describe(personB(birthTimeField.description ?? '')),
    birthLocation1: birthLocationField.describe(
      personB(
        'place of birth such as "Paris, France" or "Springfield, IL". Required unless both latitude1 and ' +
          'longitude1 are given.',
      ),
    ),
    latitude1: latitudeField
      .optional()
      .describe(
        personB(
          'latitude of the birth place, decimal degrees -90 to 90; with longitude1 it replaces the lookup.',
        ),
      ),
    longitude1: longitudeField
      .optional()
      .describe(
        personB('longitude of the birth place, decimal degrees -180 to 180; give it with latitude1.'),
      ),
    include: includeField,
  }),
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
