import * as z from 'zod';

/** Field schemas shared by several operations, so each format is described once. */

export const latitudeField = z
  .number()
  .min(-90)
  .max(90)
  .describe('Latitude in decimal degrees, -90 (south) to 90 (north). Give it together with longitude.');

export const longitudeField = z
  .number()
  .min(-180)
  .max(180)
  .describe('Longitude in decimal degrees, -180 (west) to 180 (east). Give it together with latitude.');

// Formats are checked by the core parsers so that errors can say what exactly is wrong (2023-02-30).
export const optionalDateField = z.string().max(10).optional();
export const optionalTimeField = z.string().max(5).optional();

export const suggestionSchema = z.object({
  name: z.string().describe('Place name as GeoNames spells it.'),
  province: z.string().nullable().describe('First-level division (state, province, region), or null.'),
  country: z.string().describe('Country name in English.'),
  timezone: z.string().describe('IANA time zone identifier.'),
  coordinates: z.object({ lat: z.number(), lng: z.number() }).describe('Decimal degrees.'),
  population: z.number().int(),
  value: z.string().describe('A string to send back as birthLocation, e.g. "Toronto, Ontario, Canada".'),
});

// Shared birth input (the spec's "Shared birth input"): chart, composite, multi-chart and later tools.
