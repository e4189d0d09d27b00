/**
 * The 400s a schema-valid request may get, each for a reason the OpenAPI document's JSON Schemas do
 * not state (each field's description says it instead). test/e2e/openapi-properties.test.ts accepts a
 * 400 for a schema-valid request only when its error matches one of these; docs/decisions.md (Input
 * validation) lists them too.
 */
export const SEMANTIC_REFUSALS: { name: string; why: string; message: RegExp }[] = [
  {
    name: 'unknown place',
    why: 'the places are data (the offline city table), not a schema',
    message: /"code":"location_not_found"/,
  },
  {
    name: 'not a calendar date',
    why:
      'the pattern gives the form YYYY-MM-DD; month and day ranges and leap years are checked after it ' +
      '(JSON Schema `format: date` is only an annotation)',
    message: /(month \d+ does not exist|is not a calendar date|is not a date)/,
  },
  {
    name: 'not a time of day',
    why: 'the pattern gives the form HH:MM; the 00:00-23:59 range is checked after it, as the description says',
    message: /is not a time of day/,
  },
  {
    name: 'place or coordinates',
    why: 'a rule across fields: birthLocation is required unless both latitude and longitude are given',
    message: /required unless both latitude\d? and longitude\d? are given/,
  },
  {
    name: 'date range order and size',
    why: 'a rule across fields: endDate on or after startDate, and at most the documented number of points',
    message: /(is before startDate|span too long|too many points)/,
  },
  {
    name: 'a name from a list, any case',
    why: 'names are accepted in any case, which a JSON Schema enum cannot say',
    message: /unknown (planet|body|bodies|planets)/,
  },
  {
    name: 'outside the covered years',
    why: 'each calculation covers the years its description names (ephemeris and tables)',
    message: /("code":"out_of_range"|outside the supported dates)/,
  },
  {
    name: 'q or query',
    why: 'one of two parameters is required, and both sent must agree: a rule across fields',
    message: /("field":"query","message":"required"|two names for one input)/,
  },
];
