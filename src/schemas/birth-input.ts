import * as z from 'zod';
import {
  DATE_FORM,
  DATE_PATTERN,
  dateProblem,
  TIME_FORM,
  TIME_PATTERN,
  timeProblem,
} from '../core/time/index.js';
import { hinted } from './field-hints.js';
import { textField } from './text.js';

/**
 * The spec's shared birth input, written once: date, time, place, and the coordinates that replace
 * the place lookup. The schema enforces what it advertises: the date and time patterns, the place
 * length, and "place or both coordinates" (a refinement: the input stays a flat object, since some
 * model providers reject top-level anyOf). A value that breaks a pattern is explained by the core
 * parsers' messages (`"6:20pm"` -> send "18:20"); the calendar (2023-02-30) is checked by them too.
 */

export const latitudeField = z
  .number()
  .min(-90)
  .max(90)
  .describe('Latitude in decimal degrees, -90 (south) to 90 (north). Give it with longitude.');

export const longitudeField = z
  .number()
  .min(-180)
  .max(180)
  .describe('Longitude in decimal degrees, -180 (west) to 180 (east). Give it with latitude.');

/** The place lookup needs 3 characters (the spec's validate-location rule 3); 200 bounds the work. */
export const PLACE_MIN_LENGTH = 3;
export const PLACE_MAX_LENGTH = 200;

const DATE_TEXT =
  'Date of birth as YYYY-MM-DD (Gregorian calendar, local date at the birth place), e.g. "1990-06-22". ' +
  'Exactly this form: no spaces, no other order.';
const TIME_TEXT =
  'Local wall-clock time of birth at the birth place, 24-hour HH:MM from 00:00 to 23:59 (midnight is ' +
  '00:00 of the next day; no seconds, no am/pm). Daylight saving and historical zones are applied; a time ' +
  'a clock change skipped or repeated is read by a fixed rule and reported in the warnings. If unknown, ' +
  'ask the user; see the tool description before using 12:00.';
const PLACE_TEXT =
  'Place of birth: "City", "City, State" or "City, Country", e.g. "Montreal, QC", "Springfield, IL", ' +
  '"São Paulo, Brazil" (3 to 200 characters). Resolved offline to coordinates and an IANA time zone ' +
  '(places with at least 1,000 people; validate_location lists suggestions).';

/**
 * For chart tool descriptions: what to do without a birth time. The Moon moves about 13 degrees a
 * day, so its line changes about every 2 hours and its gate about every 10; the Sun's line (the
 * profile) changes about once a day.
 */
export const UNKNOWN_BIRTH_TIME_TEXT =
  'If the birth time is not known, ask the user (a birth certificate or a parent often knows). If it truly ' +
  'is, you may send 12:00 as a stand-in and tell the user so, and which values are unreliable: the ' +
  "Moon's gate and line (its line changes about every 2 hours, its gate about every 10), what follows from " +
  'the Moon gate (a channel, so type, authority, definition), and the profile when a Sun line is near its ' +
  'boundary; houses (astrology) need the real time.';

/**
 * The same guidance for the further Human Design tools: tools/list, which rides in every conversation,
 * carries the long text once, in generate_chart's description.
 */
export const UNKNOWN_BIRTH_TIME_POINTER =
  "If a birth time is unknown, ask the user; before sending 12:00 as a stand-in, read generate_chart's " +
  'description for what to tell them.';

/** The date field: the pattern is advertised and enforced; a near miss is answered with its fix. */
export const dateField = (description: string) =>
  hinted(z.string().regex(DATE_PATTERN).describe(description), { expected: DATE_FORM, problem: dateProblem });

/** The time field: exactly 00:00-23:59. */
export const timeField = (description: string) =>
  hinted(z.string().regex(TIME_PATTERN).describe(description), { expected: TIME_FORM, problem: timeProblem });

const placeExpected = (suffix: string) =>
  `the birth place as "City, State" or "City, Country", e.g. "Montreal, QC" (3 to 200 characters), or ` +
  `both latitude${suffix} and longitude${suffix} instead`;

export interface BirthFieldsOptions {
  /** Appended to every field name: `1` gives birthDate1 ... longitude1 (the composite's person B). */
  suffix?: string;
  /** Who the fields describe, e.g. "Person B"; starts every description. */
  person?: string;
  /** Extra sentence for the date field (e.g. the range the tool covers). */
  dateNote?: string;
  /**
   * Describe each field by pointing at the same unsuffixed field of this input instead of repeating
   * its text (a second person in one input: the model reads the rules once).
   */
  sameAsUnsuffixed?: boolean;
  /**
   * Describe each field briefly and point at the same field of this tool for the full rules (a
   * further birth-based tool: tools/list carries the long texts once).
   */
  sameAsTool?: string;
}

const BRIEF_TEXT = {
  birthDate: 'Local birth date YYYY-MM-DD',
  birthTime: 'Local wall-clock birth time HH:MM (24-hour)',
  birthLocation: 'Birth place "City, State" or "City, Country"',
  latitude: 'Latitude, decimal degrees (with longitude it replaces the place)',
  longitude: 'Longitude, decimal degrees east (with latitude)',
} as const;

/** The five birth fields of one person, named and described for that person. */
export function birthInputFields(options: BirthFieldsOptions = {}) {
  const suffix = options.suffix ?? '';
  const who = (text: string) => (options.person ? `${options.person}: ${text}` : text);
  const text = (field: string, full: string, rule = '') => {
    const base = field.slice(0, field.length - suffix.length) as keyof typeof BRIEF_TEXT;
    if (options.sameAsTool) return who(`${BRIEF_TEXT[base]}${rule}; rules as in ${options.sameAsTool}.`);
    return who(
      options.sameAsUnsuffixed
        ? `${field}, in the same form and with the same rules as ${field.slice(0, -suffix.length)}${rule}.`
        : full,
    );
  };
  return {
    birthDate: dateField(
      text(
        `birthDate${suffix}`,
        options.dateNote ? `${DATE_TEXT} ${options.dateNote}` : DATE_TEXT,
        options.sameAsTool && options.dateNote ? ` (${options.dateNote.replace(/\.$/, '')})` : '',
      ),
    ),
    birthTime: timeField(text(`birthTime${suffix}`, TIME_TEXT)),
    birthLocation: hinted(
      textField({ min: PLACE_MIN_LENGTH, max: PLACE_MAX_LENGTH })
        .optional()
        .describe(
          text(
            `birthLocation${suffix}`,
            `${PLACE_TEXT} Required unless both latitude${suffix} and longitude${suffix} are given.`,
            `; required unless both latitude${suffix} and longitude${suffix} are given`,
          ),
        ),
      { expected: placeExpected(suffix) },
    ),
    latitude: latitudeField
      .optional()
      .describe(
        text(
          `latitude${suffix}`,
          `Latitude of the birth place, decimal degrees -90 (south) to 90 (north). With longitude${suffix} it ` +
            'replaces the place, and the time zone comes from them.',
        ),
      ),
    longitude: longitudeField
      .optional()
      .describe(
        text(
          `longitude${suffix}`,
          `Longitude of the birth place, decimal degrees -180 (west) to 180 (east). Give it with latitude${suffix}.`,
        ),
      ),
  };
}

const isGiven = (v: unknown) => v !== undefined && v !== null;

/**
 * "birthLocation, or both latitude and longitude", for each suffix ('' for person A, '1' for person B).
 * A refinement, so the advertised input stays a flat object; it runs even when other fields are
 * missing, so one answer names every problem. The error sits on the field to add.
 */
export function withPlaceRule<S extends z.ZodObject>(schema: S, ...suffixes: string[]): S {
  const check = (value: unknown, ctx: z.RefinementCtx) => {
    const input = value as Record<string, unknown>;
    for (const s of suffixes.length ? suffixes : ['']) {
      const [place, lat, lon] = [`birthLocation${s}`, `latitude${s}`, `longitude${s}`];
      const latGiven = isGiven(input[lat]);
      const lonGiven = isGiven(input[lon]);
      if (latGiven !== lonGiven) {
        const [given, missing] = latGiven ? [lat, lon] : [lon, lat];
        ctx.addIssue({
          code: 'custom',
          path: [missing],
          message: `required with ${given}: give ${lat} and ${lon} together (or neither, with ${place})`,
        });
      } else if (!latGiven && !isGiven(input[place])) {
        ctx.addIssue({
          code: 'custom',
          path: [place],
          message:
            `required unless both ${lat} and ${lon} are given: send the birth place as "City, State" or ` +
            '"City, Country", e.g. "Montreal, QC"',
        });
      }
    }
  };
  return schema.superRefine(check, {
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
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

export const includeField = hinted(
  z
    .enum(['tooltips'])
    .optional()
    .describe(
      '"tooltips" fills `tooltips` with plain-language explanations of the chart values; left out, it is empty.',
    ),
  { expected: '"tooltips", or left out for no tooltips' },
);
