import * as z from 'zod';
import { validateLocation } from '../core/location/index.js';
import { defineTool } from '../operations/types.js';
import { latitudeField, longitudeField, PLACE_MAX_LENGTH, withPlaceRule } from '../schemas/birth-input.js';
import { hinted } from '../schemas/field-hints.js';
import { textField } from '../schemas/text.js';
import { optionalDateField, optionalTimeField, suggestionSchema } from '../schemas/location.js';

export const validateLocationTool = defineTool({
  name: 'validate_location',
  title: 'Validate a birth location',
  description:
    'Resolve a place name (offline GeoNames table, places of 1,000+ people) to ' +
    'canonical name, coordinates, IANA time zone and the DST-aware UTC offset at a given date and time. ' +
    'Use it before a chart call when a birth place may be ambiguous or misspelled: an unresolvable input ' +
    'returns valid=false with up to 5 suggestions whose `value` can be sent back as birthLocation. ' +
    'A bare name that several places share ("Valencia", "Springfield") or that is a near-spelling of a much ' +
    'larger place ("Sidney", "Melbourn") still resolves, to the most populous exact match, but adds a `warning` ' +
    'and `alternatives`: confirm with the user and resend the chosen `value`. ' +
    'Accepts "City", "City, State", "City, Country" and "City, ST" (US/Canadian codes). Free.',
  input: withPlaceRule(
    z.object({
      birthLocation: hinted(
        // 2, not 3: two characters are answered with valid=false (a country code with a hint, spec
        // rule 4; anything else saying that a place needs 3), not refused.
        textField({ min: 2, max: PLACE_MAX_LENGTH })
          .optional()
          .describe(
            'Place name such as "Montreal, QC", "Springfield, IL", "São Paulo" or "Paris, France", 3 to 200 ' +
              'characters; 2 characters are answered with valid=false (a 2-letter country code with a hint). ' +
              'Required unless both latitude and longitude are given.',
          ),
        {
          expected:
            'a place name such as "Montreal, QC" (3 to 200 characters; 2 are answered valid=false), or both ' +
            'latitude and longitude instead',
        },
      ),
      latitude: latitudeField.optional(),
      longitude: longitudeField.optional(),
      birthDate: optionalDateField(
        'Date for the DST-aware offset, YYYY-MM-DD (empty or left out: 2000-01-01). Historical zone rules apply.',
      ),
      birthTime: optionalTimeField(
        'Local wall-clock time for the offset, 24-hour HH:MM (empty or left out: 12:00).',
      ),
    }),
  ),
  output: z.object({
    valid: z.boolean().describe('Whether the input resolved to one place.'),
    input: z.string().describe('The input as given (for coordinates: "lat, lon").'),
    resolved: z
      .object({
        city: z
          .string()
          .describe('Canonical label "City, Province, Country" (for coordinates: the nearest place).'),
        timezone: z.string().describe('IANA time zone identifier, e.g. America/Toronto.'),
        coordinates: z
          .object({
            lat: z.number().describe('Latitude, decimal degrees, north positive.'),
            lon: z.number().describe('Longitude, decimal degrees, east positive.'),
          })
          .describe('Decimal degrees, north and east positive.'),
        offset: z
          .number()
          .describe('UTC offset in fractional hours at birthDate/birthTime, DST included (e.g. -4, 5.5).'),
        source: z
          .enum(['offline-city-lookup', 'offline-coordinates'])
          .describe(
            'offline-city-lookup (from the place name) or offline-coordinates (from latitude/longitude).',
          ),
      })
      .optional()
      .describe('Present only when valid is true.'),
    warning: z
      .string()
      .optional()
      .describe(
        'Present only when valid is true and the name, given without a state or country, could mean other ' +
          'places: which place was used and which others were meant. Confirm with the user.',
      ),
    alternatives: z
      .array(suggestionSchema)
      .max(5)
      .optional()
      .describe(
        'Present with warning: up to 5 other places the name could mean, most populous first; send the ' +
          'chosen `value` back as birthLocation to select it.',
      ),
    offsetWarnings: z
      .array(z.string())
      .optional()
      .describe(
        'Present when the offset needs a word (clock change, local mean time, unsure history). Tell the user.',
      ),
    error: z.string().optional().describe('Present only when valid is false: what went wrong, for a person.'),
    suggestions: z
      .array(suggestionSchema)
      .max(5)
      .optional()
      .describe('Present only when valid is false (possibly empty): up to 5 places, most populous first.'),
    hint: z.string().optional().describe('Present when the input looks like a 2-letter country code.'),
  }),
  access: 'free',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  http: [
    {
      method: 'POST',
      path: '/api/validate-location',
      from: 'body',
      envelope: 'flat',
      aliases: [{ path: '/api/v1/validate-location' }],
    },
  ],
  example: { birthLocation: 'Montreal, QC', birthDate: '1948-04-09', birthTime: '00:05' },
  async run(input, deps) {
    return validateLocation(deps.cities, input);
  },
});
