import * as z from 'zod';

/** A place offered to the caller: a validate-location suggestion, a city-search result. */
export const suggestionSchema = z.object({
  name: z.string().describe('Place name as GeoNames spells it.'),
  province: z.string().nullable().describe('First-level division (state, province, region), or null.'),
  country: z.string().describe('Country name in English.'),
  timezone: z.string().describe('IANA time zone identifier.'),
  coordinates: z.object({ lat: z.number(), lng: z.number() }).describe('Decimal degrees.'),
  population: z.number().int(),
  value: z.string().describe('A string to send back as birthLocation, e.g. "Toronto, Ontario, Canada".'),
});

// Optional date and time of validate_location (only the DST-aware offset depends on them).
export const optionalDateField = z.string().max(10).optional();
export const optionalTimeField = z.string().max(5).optional();
