import * as z from 'zod';
import {
  type ChartSeriesPoint,
  HD_BODY_NAMES,
  MOON_PHASES,
  type MoonSeriesPoint,
  type SeriesPoint,
} from '../core/transits/index.js';
import { SIGNS } from '../core/human-design/index.js';
import { chartDataSchema } from './human-design.js';
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
