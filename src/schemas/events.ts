import * as z from 'zod';
import { type BirthReturns, HD_BODY_NAMES, RETURN_BODIES, STATION_BODIES } from '../core/transits/index.js';
import { SIGNS } from '../core/human-design/index.js';
import { birthInfoSchema, chartPropertiesSchema } from './human-design.js';
import { natalTransitsSchema } from './transits.js';
import { warningsField } from './warnings.js';

/**
 * Output schemas of the event tools: transit periods, eclipses, retrogrades and planetary returns.
 * Field names follow the list (periods[].body/gate/line/start/end, eclipses[].utc/type/kind/
 * magnitude/visibility, retrogrades[].stationRetrograde/stationDirect, returns[].utc/local/direction).
 */
const shared = <T extends z.ZodType>(schema: T, id: string): T => schema.meta({ id });

const utc = z.string().describe('ISO 8601 UTC to the second, e.g. 2025-03-20T09:01:25Z.');
const gate = z.number().int().min(1).max(64).describe('Human Design gate 1-64.');
const line = z.number().int().min(1).max(6).describe('Line 1-6.');
const sign = z.enum(SIGNS).describe('Tropical zodiac sign.');

const enumOf = <T extends string>(values: readonly T[]) => z.enum(values as [T, ...T[]]);
const hdBody = enumOf(HD_BODY_NAMES).describe('Body, as named in the V2 chart (Rahu/Ketu: the nodes).');

const rangeSchema = z
  .object({
    startDate: z.string().describe('As sent, YYYY-MM-DD.'),
    endDate: z.string().describe('As sent, YYYY-MM-DD.'),
  })
  .describe('The range as computed: 00:00 UTC of startDate to 24:00 UTC of endDate.');

/** A body's place at an instant: longitude, gate, line, sign. */
const placeSchema = shared(
  z
    .object({
      utc,
      longitude: z.number().describe('Apparent tropical longitude, degrees.'),
      gate,
      line,
      sign,
    })
    .describe('Where the body stands at this instant.'),
  'EventPlace',
);

export const transitPeriodsSchema = z.object({
  range: rangeSchema,
  periods: z
    .array(
      z.object({
        body: hdBody,
        gate,
        line,
        start: utc
          .nullable()
          .describe('Entry (UTC); null when the body was already there at the range start.'),
        end: utc.nullable().describe('Exit (UTC); null when the body is still there at the range end.'),
      }),
    )
    .describe('Line periods, grouped by body in chart order, each body in time order.'),
  events: z
    .array(
      z.object({
        utc,
        body: hdBody,
        gate: gate.describe('Gate entered.'),
        line: line.describe('Line entered.'),
        gateChange: z.boolean().describe('True when the gate changes too, not only the line.'),
        direction: z.enum(['direct', 'retrograde']).describe('retrograde for a re-entry moving backwards.'),
      }),
    )
    .describe('Every gate or line entry of the chosen bodies in time order, each to within a second.'),
  natal: natalTransitsSchema.optional(),
});

export const eclipsesSchema = z.object({
  range: rangeSchema,
  eclipses: z
    .array(
      z.object({
        utc: utc.describe('Greatest eclipse, UTC.'),
        type: z.enum(['solar', 'lunar']).describe('solar or lunar.'),
        kind: z
          .enum(['total', 'annular', 'hybrid', 'partial', 'penumbral'])
          .describe('solar: total, annular, hybrid, partial; lunar: total, partial, penumbral.'),
        magnitude: z
          .number()
          .describe('Solar: at greatest eclipse; lunar: umbral (penumbral for a penumbral eclipse).'),
        central: z.boolean().optional().describe('Solar only: the shadow axis touches the Earth.'),
        umbralMagnitude: z.number().optional().describe('Lunar only.'),
        penumbralMagnitude: z.number().optional().describe('Lunar only.'),
        visibility: z
          .object({
            description: z.string().describe('Where it is seen, in words.'),
            latitude: z.number().optional().describe('Solar: where greatest eclipse is seen.'),
            longitude: z
              .number()
              .optional()
              .describe('Solar: where greatest eclipse is seen, east positive.'),
            subLunarLatitude: z.number().optional().describe('Lunar: the Moon is overhead here.'),
            subLunarLongitude: z.number().optional().describe('Lunar: the Moon is overhead here.'),
          })
          .describe('Solar: the point of greatest eclipse; lunar: the half of the Earth facing the Moon.'),
        sun: placeSchema.omit({ utc: true }).describe("The Sun's longitude, gate, line and sign."),
        moon: placeSchema.omit({ utc: true }).describe("The Moon's longitude, gate, line and sign."),
      }),
    )
    .describe('Eclipses whose greatest eclipse falls in the range, in time order.'),
});

export const retrogradesSchema = z.object({
  range: rangeSchema,
  retrogrades: z
    .array(
      z.object({
        planet: enumOf(STATION_BODIES).describe('The planet.'),
        stationRetrograde: placeSchema,
        stationDirect: placeSchema.nullable().describe('null only past the ephemeris files.'),
        durationDays: z.number().nullable().describe('Station retrograde to station direct, days.'),
        preShadowStart: utc
          .nullable()
          .describe('When the planet, still direct, first reaches the station-direct longitude.'),
        postShadowEnd: utc
          .nullable()
          .describe('When the planet, direct again, is back at the station-retrograde longitude.'),
      }),
    )
    .describe(
      'Retrograde periods overlapping the range (whole, even where they start or end outside), by planet.',
    ),
});

export const planetaryReturnSchema = z.object({
  birthInfo: birthInfoSchema.omit({ designUtc: true }).describe('The birth as resolved.'),
  planet: enumOf(RETURN_BODIES).describe('The returning body.'),
  year: z.number().int().describe('The year searched (UTC).'),
  natalLongitude: z.number().describe("The planet's apparent longitude at birth, degrees."),
  returns: z
    .array(
      z.object({
        utc: utc.describe('Exact return (UTC), the planet back at its natal longitude.'),
        local: z.string().describe('The same instant at the birth place, ISO 8601 with offset.'),
        direction: z.enum(['direct', 'retrograde']).describe("The planet's motion at the return."),
        chart: chartPropertiesSchema.describe(
          'The V2 chart summary at the return instant (no birth place needed).',
        ),
      }),
    )
    .describe('Every return in the UTC calendar year, in time order, with the chart of that instant.'),
  warnings: warningsField,
});

type Satisfies<T extends U, U> = T;
export type CheckedBirthReturns = Satisfies<BirthReturns, z.output<typeof planetaryReturnSchema>>;
