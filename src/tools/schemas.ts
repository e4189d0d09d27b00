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

export const birthDateField = z
  .string()
  .max(10)
  .describe(
    'Date of birth as YYYY-MM-DD (Gregorian calendar, local date at the birth place), e.g. "1990-06-22". ' +
      'Human Design charts cover births from 1800-04-08 to 2399-12-30.',
  );

export const birthTimeField = z
  .string()
  .max(5)
  .describe(
    'Local wall-clock time of birth at the birth place, 24-hour HH:MM from 00:00 to 23:59 (midnight is ' +
      '00:00 of the next day). Daylight saving and historical zone rules are applied; a time skipped or ' +
      'repeated by a clock change is resolved by a fixed rule and reported in meta.warnings.',
  );

export const birthLocationField = z
  .string()
  .max(200)
  .optional()
  .describe(
    'Place of birth: "City", "City, State" or "City, Country", e.g. "Montreal, QC", "Springfield, IL", ' +
      '"São Paulo, Brazil". Resolved offline to coordinates and an IANA time zone (places with at least ' +
      '1,000 people; validate_location lists suggestions). Required unless both latitude and longitude are given.',
  );

export const includeField = z
  .enum(['tooltips'])
  .optional()
  .describe(
    'Set to "tooltips" to fill `tooltips` with plain-language explanations of the chart values; omit for an ' +
      'empty `tooltips` object (smaller answer).',
  );
