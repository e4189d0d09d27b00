import * as z from 'zod';
import {
  ASPECT_NAMES,
  ASPECT_TRANSITS,
  type ChartSeriesPoint,
  HD_BODY_NAMES,
  NATAL_POINT_NAMES,
  MOON_PHASES,
  type MoonSeriesPoint,
  type SeriesPoint,
} from '../core/transits/index.js';
import { CENTER_NAMES, SIGNS } from '../core/human-design/index.js';
import { birthInputFields, withPlaceRule } from './birth-input.js';
import { fieldHints, hinted } from './field-hints.js';
import { birthInfoSchema, chartDataSchema } from './human-design.js';
import { GRANULARITIES } from './date-range.js';

/**
 * Output schemas of the transit series tools (moon, all bodies, chart per point). Field names are
 * the ones clients rely on: `points[]` with `utc`; the Moon's `gate`, `line`, `sign`, `longitude`,
 * `phase`; `bodies.<Name>` with the same fields; `chart` with the V2 chart fields.
 */

const utcField = z.string().describe('The instant, ISO 8601 UTC, e.g. 2025-03-20T09:00:00Z.');

const positionFields = {
  longitude: z
    .number()
    .min(0)
    .lt(360)
    .describe('Apparent geocentric tropical longitude, degrees, 4 decimals.'),
  gate: z.number().int().min(1).max(64).describe('Human Design gate 1-64.'),
  line: z.number().int().min(1).max(6).describe('Line 1-6 within the gate.'),
  sign: z.enum(SIGNS).describe('Tropical zodiac sign.'),
};
const moonFields = {
  phase: z.enum(MOON_PHASES).describe('Phase name (8 phases, 45° sectors centred on new, quarters, full).'),
  illumination: z.number().min(0).max(1).describe('Illuminated fraction of the disc, 0-1, 3 decimals.'),
};

const rangeFields = {
  startDate: z.string().describe('First day, YYYY-MM-DD (UTC).'),
  endDate: z.string().describe('Last day, YYYY-MM-DD (UTC), included.'),
  granularity: z.enum(GRANULARITIES).describe('daily (00:00 UTC) or hourly.'),
  count: z.number().int().min(1).describe('Number of points.'),
};

export const moonSeriesSchema = z.object({
  ...rangeFields,
  points: z
    .array(z.object({ utc: utcField, ...positionFields, ...moonFields }))
    .describe('The Moon at each point: gate, line, sign, longitude, phase, illumination.'),
});

const bodyPositionSchema = z
  .object({
    ...positionFields,
    phase: moonFields.phase.optional(),
    illumination: moonFields.illumination.optional(),
  })
  .meta({ id: 'TransitPosition' });

export const transitSeriesSchema = z.object({
  ...rangeFields,
  bodies: z.array(z.enum(HD_BODY_NAMES)).describe('The bodies in each point, in chart order.'),
  points: z
    .array(
      z.object({
        utc: utcField,
        bodies: z
          .partialRecord(z.enum(HD_BODY_NAMES), bodyPositionSchema)
          .describe(
            'Each requested body by V2 name: {longitude, gate, line, sign}; the Moon adds phase, illumination.',
          ),
      }),
    )
    .describe('One entry per instant.'),
});

/** The V2 chart `data` of an instant, without the birth fields (no place) and tooltips. */
const transitChartSchema = chartDataSchema.omit({ birthInfo: true, tooltips: true, warnings: true });

export const chartSeriesSchema = z.object({
  ...rangeFields,
  points: z
    .array(
      z.object({
        utc: utcField,
        designUtc: z
          .string()
          .describe('Design instant of this chart (Sun 88° of solar arc earlier), ISO UTC.'),
        chart: transitChartSchema.describe(
          'The V2 chart of this instant, as generate_chart gives it for a birth at that UTC instant, without ' +
            'birthInfo and tooltips: chart, centers, channels, gates, activations, personality, design, phs, ' +
            'ravePsychology.',
        ),
      }),
    )
    .describe('One chart per instant.'),
});

type Satisfies<T extends U, U> = T;
export type CheckedMoonPoint = Satisfies<
  MoonSeriesPoint,
  z.output<typeof moonSeriesSchema>['points'][number]
>;
export type CheckedSeriesPoint = Satisfies<
  SeriesPoint,
  z.output<typeof transitSeriesSchema>['points'][number]
>;
export type CheckedChartPoint = Satisfies<
  ChartSeriesPoint,
  z.output<typeof chartSeriesSchema>['points'][number]
>;

// Transits against a birth chart (get_transit_periods with a birth) ---------------------------

/** The birth fields, all optional: without them the answer is the transits alone. */
export function optionalBirthFields() {
  const f = birthInputFields({ sameAsTool: 'generate_chart' });
  const optional = <S extends z.ZodType>(s: S) => {
    const hint = fieldHints.get(s);
    return hint ? hinted(s.optional(), hint) : s.optional();
  };
  return { ...f, birthDate: optional(f.birthDate), birthTime: optional(f.birthTime) };
}

const BIRTH_FIELDS = ['birthDate', 'birthTime', 'birthLocation', 'latitude', 'longitude'] as const;
const given = (v: unknown) => v !== undefined && v !== null;

/**
 * A birth is all or nothing: once any birth field is given, the date, the time and the place (or both
 * coordinates) are required, each missing one named with the form to send.
 */
export function withOptionalBirthRule<S extends z.ZodObject>(schema: S): S {
  const placed = withPlaceRule(z.object({}).passthrough());
  return schema.superRefine(
    (value, ctx) => {
      const input = value as Record<string, unknown>;
      const sent = BIRTH_FIELDS.filter((f) => given(input[f]));
      if (sent.length === 0) return;
      const also = `(with ${sent.join(', ')}; or leave out every birth field)`;
      if (!given(input.birthDate))
        ctx.addIssue({
          code: 'custom',
          path: ['birthDate'],
          message: `required ${also}: send the local birth date as YYYY-MM-DD, e.g. "1990-06-22"`,
        });
      if (!given(input.birthTime))
        ctx.addIssue({
          code: 'custom',
          path: ['birthTime'],
          message: `required ${also}: send the local birth time as HH:MM (24-hour), e.g. "14:30"`,
        });
      const place = placed.safeParse(input);
      if (!place.success) for (const issue of place.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  ) as unknown as S;
}

const minute = z.string().describe('UTC to the minute, e.g. 2025-03-20T09:01Z.');
const centerName = z.enum(CENTER_NAMES).describe('Center name.');
const planet = z.enum(HD_BODY_NAMES).describe('The transiting body.');

export const natalTransitsSchema = z
  .object({
    birthInfo: birthInfoSchema,
    definedGates: z.array(z.number().int()).describe('The natal defined gates, ascending.'),
    definedChannels: z.array(z.string()).describe('The natal defined channels, e.g. "20-34".'),
    definedCenters: z.array(centerName).describe('The natal defined centers.'),
    channels: z
      .array(
        z.object({
          channel: z.string().describe('The channel completed, e.g. "20-34".'),
          name: z.string().describe('Channel name.'),
          gate: z.number().int().describe("The transit's gate; the natal chart defines the other."),
          planet,
          start: minute.describe('Gate entry, UTC to the minute (the range start if openStart).'),
          end: minute.describe('Gate exit, UTC to the minute (the range end if openEnd).'),
          openStart: z.boolean().describe('True when the window was already open at the range start.'),
          openEnd: z.boolean().describe('True when the window is still open at the range end.'),
        }),
      )
      .describe(
        'Each window in which a transit completes a natal channel the natal chart does not define, in time order.',
      ),
    centers: z
      .array(z.object({ center: centerName, start: minute, end: minute }))
      .describe('Windows in which a natal-open center is defined by such a completion, in time order.'),
    aspects: z
      .array(
        z.object({
          transit: z.enum(ASPECT_TRANSITS).describe('The transiting planet.'),
          natal: z.enum(NATAL_POINT_NAMES).describe('The natal point.'),
          aspect: z
            .enum(ASPECT_NAMES)
            .describe('conjunction 0, sextile 60, square 90, trine 120, opposition 180.'),
          exact: minute.describe('When the aspect is exact, UTC to the minute.'),
          transitRetrograde: z.boolean().describe('True when the transit is retrograde then.'),
        }),
      )
      .describe(
        'Exact major aspects of transiting Sun to Pluto (the Moon too over at most 31 days) to the natal planets, ' +
          'North Node, Ascendant and Midheaven, in time order; each pass of a retrograde loop.',
      ),
  })
  .describe(
    'Only with a birth: the natal chart, when transits complete its channels (channels, centers) and exact ' +
      'major aspects to natal points (aspects), UTC to the minute.',
  );
