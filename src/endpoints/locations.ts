import * as z from 'zod';
import { searchCities } from '../core/location/index.js';
import { defineOperation } from '../operations/types.js';
import { suggestionSchema } from '../schemas/location.js';
import { textField } from '../schemas/text.js';

/** GET /api/locations: the city picker's search (REST only, free). */
export const searchLocations = defineOperation({
  name: 'search_locations',
  title: 'Search cities',
  description:
    'City search for a city-picker: prefix-friendly and typo-tolerant over the offline GeoNames table ' +
    '(places with at least 1,000 people). Each item is shaped like a validate-location suggestion; its ' +
    '`value` can be sent as birthLocation. Free with any valid key, unmetered.',
  input: z.object({
    q: textField({ min: 1, max: 100, refuseBlank: true }).describe(
      'What the user typed so far, e.g. "Lond", "sao pa", "Torronto".',
    ),
    limit: z
      .number()
      .int()
      .min(1)
      .max(20)
      .default(10)
      .describe('Maximum number of items, 1-20 (default 10).'),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .optional()
      .describe('Restrict to one country by ISO 3166-1 alpha-2 code, e.g. US, CA, BR.'),
  }),
  output: z.object({
    query: z.string(),
    count: z.number().int(),
    results: z
      .array(suggestionSchema)
      .describe('Best matches first: exact and prefix matches, then close spellings.'),
  }),
  access: 'free',
  http: [{ method: 'GET', path: '/api/locations', from: 'query', aliases: [{ path: '/api/v1/locations' }] }],
  example: { q: 'Lond', limit: 5 },
  async run(input, deps) {
    const results = searchCities(deps.cities, input.q, { limit: input.limit, country: input.country });
    return { query: input.q, count: results.length, results };
  },
});
