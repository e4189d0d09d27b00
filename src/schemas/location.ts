import * as z from 'zod';
import { DATE_FORM, dateProblem, TIME_FORM, timeProblem } from '../core/time/index.js';
import { hinted } from './field-hints.js';

/** A place offered to the caller: a validate-location suggestion, a city-search result. */
export const suggestionSchema = z.object({
  name: z.string().describe('Place name as GeoNames spells it.'),
  province: z.string().nullable().describe('First-level division (state, province, region), or null.'),
  country: z.string().describe('Country name in English.'),
  timezone: z.string().describe('IANA time zone identifier.'),
  coordinates: z
    .object({
      lat: z.number().describe('Latitude, decimal degrees, north positive.'),
      lng: z.number().describe('Longitude, decimal degrees, east positive.'),
    })
    .describe('Decimal degrees (note `lng`, as the spec names it here).'),
  population: z.number().int().describe('Population (GeoNames).'),
  value: z.string().describe('A string to send back as birthLocation, e.g. "Toronto, Ontario, Canada".'),
});

/**
 * Optional date and time of validate_location (only the DST-aware offset depends on them). An empty
 * string counts as left out, as it always has here (forms send unfilled fields that way), and the
 * pattern says so.
 */
export const optionalDateField = (description: string) =>
  hinted(
    z
      .string()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/)
      .optional()
      .describe(description),
    { expected: `${DATE_FORM}, or empty for the default`, problem: dateProblem },
  );

export const optionalTimeField = (description: string) =>
  hinted(
    z
      .string()
      .regex(/^(\d{2}:\d{2})?$/)
      .optional()
      .describe(description),
    { expected: `${TIME_FORM}, or empty for the default`, problem: timeProblem },
  );
