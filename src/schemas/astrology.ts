import * as z from 'zod';
import {
  ASPECT_NAMES,
  ASTEROID_NAMES,
  ASTRO_PLANETS,
  type AstrologyData,
  ELEMENTS,
  MAJOR_ASPECT_NAMES,
  POINT_NAMES,
  QUALITIES,
  SIGNS,
  SYNASTRY_BODIES,
  ZODIAC_TYPES,
} from '../core/astrology/index.js';
import { AppError } from '../core/errors.js';
import { AYANAMSAS, HOUSE_SYSTEMS } from '../core/ephemeris/index.js';
import { DATE_FORM, TIME_FORM } from '../core/time/index.js';
import { suffixedBirthInputFields } from './birth-input.js';
import { fieldHints, hinted } from './field-hints.js';
import { birthInfoSchema, tooltipSchema } from './human-design.js';
import { warningsField } from './warnings.js';

/**
 * Output schema of get_astrology_chart (the spec's astrology `data`). Kept small for tools/list:
 * the chart object is one shared definition used by `personality` and `design`, every planet, point
 * and asteroid is one `AstroBody`, and records with enum keys carry their value schema once.
 */
const shared = <T extends z.ZodType>(schema: T, id: string): T => schema.meta({ id });
const enumOf = <T extends string>(values: readonly T[]) => z.enum(values as [T, ...T[]]);
const recordOf = <K extends string, V extends z.ZodType>(keys: readonly K[], value: V) =>
  z.record(enumOf(keys), value);

const sign = shared(enumOf(SIGNS).describe('Sign.'), 'Sign');
const planet = shared(enumOf(ASTRO_PLANETS).describe('Planet, Sun to Pluto.'), 'AstroPlanet');
const aspectName = enumOf(ASPECT_NAMES).describe('Aspect (see aspects for the orbs).');
const count = z.number().int().min(0);

const placement = {
  longitude: z.number().min(0).lt(360).describe('Ecliptic longitude, degrees [0, 360), 6 decimals.'),
  sign,
  positionInSign: z.string().describe('Degrees within the sign, e.g. 14°23\'07" (truncated to the second).'),
  positionFormatted: z.string().describe('e.g. 14°23\'07" Gemini.'),
};
const zodiacAngle = shared(z.object(placement).describe('Longitude and sign of an angle.'), 'ZodiacAngle');
const gateAngle = shared(
  z
    .object({
      ...placement,
      gate: z.number().int().min(1).max(64).describe('Human Design gate of the longitude.'),
      line: z.number().int().min(1).max(6).describe('Human Design line.'),
    })
    .describe('Angle with its Human Design gate and line.'),
  'GateAngle',
);

const astroBody = shared(
  z
    .object({
      name: z.string().describe('Display name, e.g. "Sun", "North Node".'),
      ...placement,
      element: enumOf(ELEMENTS).describe('Element of the sign.'),
      quality: enumOf(QUALITIES).describe('Quality of the sign.'),
      house: z.number().int().min(1).max(12).describe('House 1-12.'),
      isRetrograde: z.boolean().describe('Longitude speed below zero.'),
    })
    .describe('A planet, point or asteroid.'),
  'AstroBody',
);

const labelled = shared(
  z
    .object({
      id: z.string().describe('Lower case, e.g. "gemini".'),
      value: z.string().describe('Display form.'),
    })
    .describe('A value as {id, value}.'),
  'Labelled',
);

const aspectFields = {
  aspect: aspectName,
  angle: z.number().min(0).max(180).describe('Actual arc between the two bodies, degrees.'),
  orb: z.number().min(0).describe('Distance from the exact aspect angle, degrees.'),
};
const chartAspect = shared(
  z
    .object({
      planet1: planet,
      planet2: planet,
      ...aspectFields,
      nature: z.enum(['harmonious', 'challenging', 'neutral']).describe('Traditional reading of the aspect.'),
    })
    .describe('An aspect between two planets of one chart.'),
  'ChartAspect',
);
const crossAspect = shared(
  z
    .object({
      personalityPlanet: planet,
      designPlanet: planet,
      ...aspectFields,
      isSamePlanet: z.boolean().describe('Both are the same planet.'),
    })
    .describe('An aspect between a personality and a design planet.'),
  'CrossAspect',
);

const counts = <K extends string>(keys: readonly K[], what: string) =>
  z.record(enumOf(keys), count).describe(`Planets per ${what}.`);
const aspectList = z.array(chartAspect);

export const astrologyChartSchema = shared(
  z
    .object({
      chart: z
        .object({
          sunSign: labelled,
          moonSign: labelled,
          ascendant: labelled,
          dominantElement: labelled,
          dominantQuality: labelled,
        })
        .describe('Sun, Moon and ascendant signs; dominant = most planets, ties by weight.'),
      planets: recordOf(ASTRO_PLANETS, astroBody).describe('Sun to Pluto.'),
      angles: z
        .object({
          ascendant: gateAngle,
          midheaven: gateAngle,
          descendant: zodiacAngle,
          imumCoeli: zodiacAngle,
        })
        .describe('Angles at the true latitude.'),
      houseSystem: z
        .object({
          requested: enumOf(HOUSE_SYSTEMS).describe('As asked (placidus by default).'),
          used: enumOf(HOUSE_SYSTEMS).describe('As computed.'),
        })
        .describe('Porphyry is used where the system is undefined (polar latitudes; see warnings).'),
      houses: z
        .array(
          z.object({
            house: z.number().int().min(1).max(12).describe('House number.'),
            name: z.string().describe('e.g. "First House".'),
            cuspLongitude: z.number().min(0).lt(360).describe('Cusp longitude, degrees.'),
            sign,
          }),
        )
        .describe('12 cusps; house n runs from cusp n up to cusp n+1.'),
      aspects: z
        .object({
          major: aspectList.describe('Conjunction, sextile, square, trine, opposition.'),
          minor: aspectList.describe(
            'Semi-sextile, semi-square, quintile, sesquiquadrate, biquintile, quincunx.',
          ),
          count: count.describe('major + minor.'),
        })
        .describe(
          'Between the 10 planets; orbs: conjunction, opposition 10, trine 8, sextile 6, square 5, minor 1.',
        ),
      points: recordOf(Object.keys(POINT_NAMES) as (keyof typeof POINT_NAMES)[], astroBody).describe(
        'northNode (true), chiron, blackMoonLilith (mean), partOfFortune (day ASC+Moon-Sun, night ASC+Sun-Moon).',
      ),
      asteroids: recordOf(Object.keys(ASTEROID_NAMES) as (keyof typeof ASTEROID_NAMES)[], astroBody).describe(
        'ceres, pallas, juno, vesta.',
      ),
      analysis: z
        .object({ elements: counts(ELEMENTS, 'element'), qualities: counts(QUALITIES, 'quality') })
        .describe('Element and quality counts of the 10 planets.'),
    })
    .describe('One Western astrology chart.'),
  'AstrologyChart',
);

const crossList = z.array(crossAspect);

const synastryBody = (who: string) => enumOf(SYNASTRY_BODIES).describe(`${who}'s planet or angle.`);
const houseOverlay = (of: string, houses: string) =>
  recordOf(ASTRO_PLANETS, z.number().int().min(1).max(12)).describe(
    `${of}'s planets: house 1-12 of ${houses}.`,
  );
export const synastrySchema = z
  .object({
    aspects: z
      .array(z.object({ personA: synastryBody('A'), personB: synastryBody('B'), ...aspectFields }))
      .describe('Major aspects between A and B planets, ASC and MC, same orbs; tightest first.'),
    houseOverlays: z
      .object({ aInB: houseOverlay('A', 'B'), bInA: houseOverlay('B', 'A') })
      .describe("aInB: A's planets in B's houses {Sun: 7, ...}; bInA: B's in A's."),
    summary: z
      .object({
        aspects: count.describe('Length of aspects.'),
        byAspect: recordOf(MAJOR_ASPECT_NAMES, count).describe('Aspects of each kind.'),
      })
      .describe('Counts.'),
  })
  .optional()
  .describe(
    'With person B: aspects [{personA, personB, aspect, angle, orb}] (planets, ASC, MC; major; tightest ' +
      'first), houseOverlays {aInB, bInA: {Sun: 7}}, summary.',
  );

export const astrologyDataSchema = z.object({
  birthInfo: birthInfoSchema,
  zodiac: z
    .object({
      type: enumOf(ZODIAC_TYPES).describe('As sent, or sidereal.'),
      ayanamsa: enumOf(AYANAMSAS).optional().describe('Sidereal: as sent, or lahiri.'),
      degrees: z.number().optional().describe('True ayanamsa at the birth, degrees.'),
    })
    .optional()
    .describe('If zodiac/ayanamsa sent; degrees: ayanamsa at birth.'),
  personality: astrologyChartSchema.describe('Chart at the birth instant and place.'),
  design: astrologyChartSchema.describe('Chart at the design instant (Sun 88° before birth), birth place.'),
  crossAspects: z
    .object({
      major: crossList.describe('Major aspects.'),
      minor: crossList.describe('Minor aspects.'),
      summary: z
        .object({
          totalMajor: count.describe('Length of major.'),
          totalMinor: count.describe('Length of minor.'),
          samePlanetCount: count.describe('Listed aspects of a planet with itself.'),
        })
        .describe('Counts of the lists.'),
    })
    .describe('Each personality planet against each design planet, same orbs.'),
  tooltips: z
    .record(z.string(), z.record(z.string(), tooltipSchema))
    .describe(
      'Empty {} unless include=tooltips; then signs, planets, points, houses, aspects, elements, qualities, ' +
        'each keyed by display name.',
    ),
  synastry: synastrySchema,
  warnings: warningsField,
});

export const houseSystemField = enumOf(HOUSE_SYSTEMS)
  .optional()
  .describe(
    'House system: placidus (default), koch, whole-sign, equal, porphyry, regiomontanus or campanus. Inside ' +
      'the polar circles, where a system is undefined, Porphyry is used and a warning says so.',
  );

export const zodiacField = hinted(
  enumOf(ZODIAC_TYPES).optional().describe('tropical (default) or sidereal.'),
  { expected: '"tropical" or "sidereal"' },
);

export const ayanamsaField = hinted(
  enumOf(AYANAMSAS).optional().describe('Implies sidereal; lahiri by default.'),
  { expected: AYANAMSAS.map((a) => `"${a}"`).join(', ') },
);

/**
 * Person B's birth fields (birthDate1 ... longitude1): generate_composite's schemas and hints, optional
 * (a chart for one person stays the same input) and described briefly, pointing at person A's field
 * (tools/list carries the rules once). Zod methods clone, so each field's hint is carried over.
 */
export const secondPersonFields = (() => {
  const fields = suffixedBirthInputFields('1', { person: 'Person B' });
  const brief = <S extends z.ZodType>(schema: S, text: string) => {
    const hint = fieldHints.get(schema);
    const described = schema.optional().describe(`Person B, as ${text}.`);
    return hint ? hinted(described, hint) : described;
  };
  return {
    birthDate1: brief(fields.birthDate1, 'birthDate'),
    birthTime1: brief(fields.birthTime1, 'birthTime'),
    birthLocation1: brief(fields.birthLocation1, 'birthLocation (or latitude1 and longitude1)'),
    latitude1: brief(fields.latitude1, 'latitude'),
    longitude1: brief(fields.longitude1, 'longitude'),
  };
})();

const SECOND_PERSON_KEYS = Object.keys(secondPersonFields);

/** Whether the input names a second person (any of birthDate1 ... longitude1). */
export const hasSecondPerson = (input: object): boolean =>
  SECOND_PERSON_KEYS.some((k) => (input as Record<string, unknown>)[k] != null);

/**
 * Half a second person is refused, naming each missing field: B needs birthDate1, birthTime1 and
 * birthLocation1 (or latitude1 with longitude1), as generate_composite's person B.
 */
export function withSecondPersonRule<S extends z.ZodObject>(schema: S): S {
  return schema.superRefine(
    (value, ctx) => {
      const input = value as Record<string, unknown>;
      if (!hasSecondPerson(input)) return;
      const missing = (path: string, send: string) =>
        ctx.addIssue({
          code: 'custom',
          path: [path],
          message: `required for person B (synastry) once any of B's fields is sent: send ${send}`,
        });
      if (input.birthDate1 == null) missing('birthDate1', DATE_FORM);
      if (input.birthTime1 == null) missing('birthTime1', TIME_FORM);
      const [lat, lon] = [input.latitude1 != null, input.longitude1 != null];
      if (lat !== lon) missing(lat ? 'longitude1' : 'latitude1', 'latitude1 and longitude1 together');
      else if (!lat && input.birthLocation1 == null) {
        missing('birthLocation1', 'the birth place as "City, Country", or both latitude1 and longitude1');
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
}

/** `ayanamsa` names a sidereal zodiac: with `zodiac: "tropical"` the input contradicts itself. */
export function withZodiacRule<S extends z.ZodObject>(schema: S): S {
  return schema.superRefine(
    (value, ctx) => {
      const input = value as { zodiac?: unknown; ayanamsa?: unknown };
      if (input.zodiac === 'tropical' && input.ayanamsa !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['ayanamsa'],
          message: 'applies to the sidereal zodiac only: send zodiac "sidereal", or leave ayanamsa out',
        });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
}

/**
 * Human Design tools refuse `zodiac` and `ayanamsa` (which their schemas would silently drop): the
 * system defines its gates on the tropical zodiac, and a caller asking for sidereal must be told.
 */
export function refuseZodiac(raw: unknown): void {
  if (typeof raw !== 'object' || raw === null) return;
  const sent = (['zodiac', 'ayanamsa'] as const).filter((k) => (raw as Record<string, unknown>)[k] != null);
  if (!sent.length) return;
  const details = sent.map((field) => ({
    field,
    message:
      'not accepted here: Human Design is defined on the tropical zodiac; leave it out (a sidereal ' +
      'chart is get_astrology_chart with zodiac "sidereal")',
    received: (raw as Record<string, unknown>)[field],
  }));
  throw new AppError('invalid_input', details.map((d) => `${d.field}: ${d.message}`).join('; '), {
    details,
  });
}

// What the core builds must satisfy what the schema promises.
type Satisfies<T extends U, U> = T;
export type CheckedAstrologyData = Satisfies<AstrologyData, z.output<typeof astrologyDataSchema>>;
