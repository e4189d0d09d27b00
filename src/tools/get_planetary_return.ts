import * as z from 'zod';
import { invalidInput } from '../core/errors.js';
import { birthReturns, matchName, RETURN_BODIES } from '../core/transits/index.js';
import { defineTool } from '../operations/types.js';
import { birthInputFields, withPlaceRule } from '../schemas/birth-input.js';
import { hinted } from '../schemas/field-hints.js';
import { planetaryReturnSchema } from '../schemas/events.js';

/** Return charts need the design instant ~3 months earlier, and the year must end inside the files. */
const FIRST_YEAR = 1801;
const LAST_YEAR = 2398;

export const getPlanetaryReturnTool = defineTool({
  name: 'get_planetary_return',
  title: 'Planetary returns',
  description:
    "Every moment in a calendar year (UTC) when a planet comes back to its exact longitude at a person's " +
    'birth (solar return, Saturn return, lunar returns ...): UTC and local time at the birth place, ' +
    "direction (a retrograde planet can return up to three times; the Moon about 13), and the return moment's " +
    'Human Design chart summary (type, profile, authority, definition, incarnation cross). Costs 1 chart ' +
    'request (repeats are free).',
  input: withPlaceRule(
    z.object({
      ...birthInputFields({ sameAsTool: 'generate_chart' }),
      planet: z.string().describe(`The returning body (any case): ${RETURN_BODIES.join(', ')}.`),
      year: hinted(
        z
          .number()
          .int()
          .min(FIRST_YEAR)
          .max(LAST_YEAR)
          .describe(`Calendar year (UTC) to search, ${FIRST_YEAR} to ${LAST_YEAR}.`),
        {
          expected: `a calendar year from ${FIRST_YEAR} to ${LAST_YEAR} (the return chart's design side needs the ephemeris 3 months earlier)`,
          outOfRange: true,
        },
      ),
    }),
  ),
  output: planetaryReturnSchema,
  access: 'advanced_chart',
  meter: 'chart',
  cost: () => 1,
  cacheable: true,
  meta: { version: '1.0.0', endpoint: 'returns' },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  example: {
    birthDate: '1990-06-22',
    birthTime: '14:30',
    birthLocation: 'London, United Kingdom',
    planet: 'Sun',
    year: 2025,
  },
  http: [{ method: 'POST', path: '/api/returns', from: 'body' }],
  async run(input, deps, ctx) {
    const planet = matchName(RETURN_BODIES, input.planet);
    if (!planet) {
      throw invalidInput(
        'planet',
        `unknown planet "${input.planet}"; send one of ${RETURN_BODIES.join(', ')} (any case)`,
        { expected: RETURN_BODIES },
      );
    }
    const { warnings, ...result } = birthReturns(deps, input, planet, input.year);
    ctx.warnings.push(...warnings);
    return result;
  },
});
