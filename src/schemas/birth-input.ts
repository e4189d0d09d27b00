import * as z from 'zod';

/**
 * The spec's shared birth input, written once: date, time, place, and the coordinates that replace
 * the place lookup. Formats are checked by the core parsers so that errors can say what exactly is
 * wrong (2023-02-30 is not a date); the schema states the accepted form.
 */

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

const DATE_TEXT =
  'Date of birth as YYYY-MM-DD (Gregorian calendar, local date at the birth place), e.g. "1990-06-22".';
const TIME_TEXT =
  'Local wall-clock time of birth at the birth place, 24-hour HH:MM from 00:00 to 23:59 (midnight is ' +
  '00:00 of the next day). Daylight saving and historical zone rules are applied; a time skipped or ' +
  'repeated by a clock change is resolved by a fixed rule and reported in the warnings. If the birth time ' +
  'is unknown, say so to the user: 12:00 is a common stand-in, but the Moon, the profile and the houses may ' +
  'then be wrong.';
const PLACE_TEXT =
  'Place of birth: "City", "City, State" or "City, Country", e.g. "Montreal, QC", "Springfield, IL", ' +
  '"São Paulo, Brazil". Resolved offline to coordinates and an IANA time zone (places with at least ' +
  '1,000 people; validate_location lists suggestions).';

export interface BirthFieldsOptions {
  /** Appended to every field name: `1` gives birthDate1 ... longitude1 (the composite's person B). */
  suffix?: string;
  /** Who the fields describe, e.g. "Person B"; starts every description. */
  person?: string;
  /** Extra sentence for the date field (e.g. the range the tool covers). */
  dateNote?: string;
}

/** The five birth fields of one person, named and described for that person. */
export function birthInputFields(options: BirthFieldsOptions = {}) {
  const suffix = options.suffix ?? '';
  const who = (text: string) => (options.person ? `${options.person}: ${text}` : text);
  return {
    birthDate: z
      .string()
      .max(10)
      .describe(who(options.dateNote ? `${DATE_TEXT} ${options.dateNote}` : DATE_TEXT)),
    birthTime: z.string().max(5).describe(who(TIME_TEXT)),
    birthLocation: z
      .string()
      .max(200)
      .optional()
      .describe(
        who(`${PLACE_TEXT} Required unless both latitude${suffix} and longitude${suffix} are given.`),
      ),
    latitude: latitudeField
      .optional()
      .describe(
        who(
          `Latitude of the birth place, decimal degrees -90 (south) to 90 (north). With longitude${suffix} it ` +
            'replaces the place lookup: the time zone comes from the coordinates.',
        ),
      ),
    longitude: longitudeField
      .optional()
      .describe(
        who(
          `Longitude of the birth place, decimal degrees -180 (west) to 180 (east). Give it with latitude${suffix}.`,
        ),
      ),
  };
}

/** The same fields keyed with the suffix (`birthDate1`, ...), for a second person in one input. */
export function suffixedBirthInputFields<S extends string>(
  suffix: S,
  options: Omit<BirthFieldsOptions, 'suffix'> = {},
) {
  const f = birthInputFields({ ...options, suffix });
  return {
    [`birthDate${suffix}`]: f.birthDate,
    [`birthTime${suffix}`]: f.birthTime,
    [`birthLocation${suffix}`]: f.birthLocation,
    [`latitude${suffix}`]: f.latitude,
    [`longitude${suffix}`]: f.longitude,
  } as {
    [K in `birthDate${S}` | `birthTime${S}`]: z.ZodString;
  } & {
    [K in `birthLocation${S}`]: z.ZodOptional<z.ZodString>;
  } & {
    [K in `latitude${S}` | `longitude${S}`]: z.ZodOptional<z.ZodNumber>;
  };
}

export const includeField = z
  .enum(['tooltips'])
  .optional()
  .describe(
    'Set to "tooltips" to fill `tooltips` with plain-language explanations of the chart values; omit for an ' +
      'empty `tooltips` object (smaller answer).',
  );
