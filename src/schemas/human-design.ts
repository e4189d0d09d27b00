import * as z from 'zod';
import {
  AUTHORITIES,
  CENTER_NAMES,
  type ChartData,
  type CompositeData,
  DEFINITIONS,
  PLANETS,
  PROFILES,
  RELATIONSHIP_KINDS,
  SIGNS,
  TYPES,
} from '../core/human-design/index.js';
import { warningsField } from './warnings.js';

/** The range Human Design births are computed for (the design instant needs the ephemeris 3 months back). */
export const HD_DATE_NOTE = 'Human Design charts cover births from 1800-04-08 to 2399-12-30.';

/**
 * Output schemas of the Human Design tools (the spec's V2 chart `data` and composite `data`). Every
 * field is described for a model reading tools/list and for the OpenAPI document.
 *
 * Sub-schemas used more than once carry a `meta({ id })`: zod's JSON Schema conversion (which the MCP
 * SDK and the OpenAPI builder both use) then writes them once under `$defs` and points to them with
 * `$ref`, instead of repeating them at every use. That keeps tools/list small (a tooltip is used a
 * dozen times per chart) and gives OpenAPI one component per shape. Ids are component names, so
 * they are unique across the service; a use site's own `.describe()` stays beside its `$ref`.
 * Arrays keep their items inline (the chart-fields resource reads `items.type`).
 */
/** Marks a shared sub-schema: written once under `$defs` / `components.schemas` with this name. */
const shared = <T extends z.ZodType>(schema: T, id: string): T => schema.meta({ id });

const int = (min: number, max: number) => z.number().int().min(min).max(max);
const enumOf = <T extends string>(values: readonly T[]) => z.enum(values as [T, ...T[]]);

const centerName = enumOf(CENTER_NAMES).describe(
  'Center name: Head, Ajna, Throat, G, Heart, Sacral, Spleen, Solar Plexus, Root.',
);

export const positionSchema = shared(
  z.object({
    gate: int(1, 64).describe('Gate 1-64 on the Rave Mandala (gate 41 starts at 302° = 2° Aquarius).'),
    line: int(1, 6).describe('Line 1-6 within the gate (0.9375° each).'),
    color: int(1, 6).describe('Color 1-6 within the line (0.15625° each).'),
    tone: int(1, 6).describe('Tone 1-6 within the color (93.75 arc-seconds each).'),
    base: int(1, 5).describe('Base 1-5 within the tone (18.75 arc-seconds each).'),
    longitude: z
      .number()
      .min(0)
      .lt(360)
      .describe('Apparent geocentric tropical ecliptic longitude, degrees in [0, 360), 6 decimals.'),
    sign: enumOf(SIGNS).describe('Tropical zodiac sign of the longitude.'),
  }),
  'PlanetPosition',
);

/**
 * The 13 planets of one side. A record with enum keys (all 13 required, no others) rather than an
 * object of 13 properties: the JSON Schema carries the position schema once instead of 13 times,
 * which keeps tools/list and every MCP tools/call (the SDK converts output schemas per request) cheap.
 */
export const planetsSchema = shared(z.record(enumOf(PLANETS), positionSchema), 'Planets');

export const chartPropertiesSchema = shared(
  z.object({
    type: enumOf(Object.keys(TYPES) as (keyof typeof TYPES)[]).describe(
      'Energy type: Generator, Manifesting Generator, Projector, Manifestor or Reflector (from which centers are ' +
        'defined and whether a motor connects to the Throat).',
    ),
    strategy: enumOf(Object.values(TYPES).map((t) => t.strategy)).describe(
      'Decision-making strategy of the type: To Respond (Generator), To Respond, then Inform (Manifesting ' +
        'Generator), Wait for the Invitation (Projector), To Inform (Manifestor), Wait a Lunar Cycle (Reflector).',
    ),
    authority: enumOf(AUTHORITIES).describe(
      'Inner authority, the first that applies: Emotional (Solar Plexus defined), Sacral, Splenic, Ego ' +
        'Manifested, Ego Projected, Self-Projected, Mental (only Head/Ajna/Throat defined), Lunar (Reflector).',
    ),
    profile: enumOf(Object.keys(PROFILES) as (keyof typeof PROFILES)[]).describe(
      'Profile "P/D": the Personality Sun line over the Design Sun line, one of the 12 that occur ' +
        '(1/3, 1/4, 2/4, 2/5, 3/5, 3/6, 4/6, 4/1, 5/1, 5/2, 6/2, 6/3).',
    ),
    definition: enumOf(Object.keys(DEFINITIONS) as (keyof typeof DEFINITIONS)[]).describe(
      'How the defined centers connect: None (no center defined), Single, Split, Triple Split or Quadruple ' +
        'Split (the number of separate groups).',
    ),
    incarnationCross: z
      .string()
      .describe(
        'Incarnation cross with its four gates "PSun/PEarth | DSun/DEarth", e.g. "Left Angle Cross of the ' +
          'Clarion 1 (51/57 | 61/62)"; the angle follows the profile (Juxtaposition has no number).',
      ),
    variable: z
      .string()
      .regex(/^P[LR]{2} D[LR]{2}$/)
      .describe(
        'Variable arrows "P{Sun}{Node} D{Sun}{Node}" with L (tones 1-3) or R (tones 4-6) for the Personality ' +
          'Sun and North Node and the Design Sun and North Node, e.g. "PLR DLL".',
      ),
    signature: z
      .string()
      .describe('Signature feeling of the type when living it (e.g. Satisfaction, Success).'),
    notSelfTheme: z.string().describe('Not-self theme of the type (e.g. Frustration, Bitterness).'),
  }),
  'ChartProperties',
);

export const centersSchema = shared(
  z.object({
    defined: z
      .array(centerName)
      .describe('Defined centers (an end of at least one defined channel), fixed order.'),
    open: z
      .array(centerName)
      .describe(
        'The other centers, fixed order Head, Ajna, Throat, G, Heart, Sacral, Spleen, Solar Plexus, Root.',
      ),
  }),
  'Centers',
);

export const channelSchema = z.object({
  gates: z
    .string()
    .regex(/^\d{1,2}-\d{1,2}$/)
    .describe('The two gates, lower first, e.g. "1-8".'),
  name: z.string().describe('Channel name, e.g. "Inspiration".'),
  circuitry: z
    .string()
    .describe(
      'Circuit group and circuit: Individual Knowing, Individual Centering, Individual Integration, ' +
        'Collective Logic, Collective Abstract, Tribal Ego or Tribal Defense.',
    ),
});
export const channelsSchema = z
  .array(channelSchema)
  .describe('Defined channels (both gates activated, by either side), ascending by gates.');

const gateList = z.array(int(1, 64));
export const gatesSchema = z.object({
  definedGates: gateList.describe('Every gate activated by at least one of the 26 activations, ascending.'),
  openGates: gateList.describe('The other gates, ascending.'),
});

const planetLine = shared(
  z.object({
    planet: enumOf(PLANETS).describe('Planet (Rahu = North Node, Ketu = South Node).'),
    line: int(1, 6).describe('Line 1-6 of the activation.'),
  }),
  'PlanetLine',
);
export const activationsSchema = z
  .record(
    z.string().regex(/^\d{1,2}$/),
    z.object({
      personality: z
        .array(planetLine)
        .describe('Personality (conscious) planets in this gate, with their line.'),
      design: z.array(planetLine).describe('Design (unconscious) planets in this gate, with their line.'),
    }),
  )
  .describe(
    'Per activated gate (key: the gate number as a string, ascending): which planets of each side activate it.',
  );

const variableBase = {
  color: int(1, 6).describe('Color 1-6 of the source activation.'),
  name: z.string().describe('Name of the color for this variable.'),
  tone: int(1, 6).describe('Tone 1-6 of the source activation.'),
  orientation: z.enum(['Left', 'Right']).describe('Left for tones 1-3, Right for tones 4-6.'),
  orientationLabel: z.string().describe('The arrow label for this orientation, e.g. Active / Passive.'),
};

export const phsSchema = z
  .object({
    digestion: z
      .object({
        ...variableBase,
        variant: z.string().describe('Left/right variant of the digestion color, e.g. Calm / Nervous.'),
        group: z.string().describe('Conditions (colors 1-3) or Circumstances (4-6).'),
        cognition: z.string().describe('Cognition from the Design Sun tone.'),
      })
      .describe('Determination / digestion, from the Design Sun color and tone.'),
    environment: z
      .object({
        ...variableBase,
        variant: z.string().describe('Left/right variant of the environment color.'),
        group: z.string().describe('Hardscape (colors 1-3) or Landscape (4-6).'),
      })
      .describe('Environment, from the Design North Node color and tone.'),
  })
  .describe('Primary Health System: digestion (Design Sun) and environment (Design North Node).');

export const ravePsychologySchema = z
  .object({
    motivation: z
      .object({
        ...variableBase,
        transference: z.string().describe('The motivation of color + 3.'),
        sense: z.string().describe('Sense from the Personality Sun tone.'),
      })
      .describe('Motivation, from the Personality Sun color and tone.'),
    perspective: z
      .object({
        ...variableBase,
        distraction: z.string().describe('The perspective of color + 3.'),
      })
      .describe('Perspective (view), from the Personality North Node color and tone.'),
  })
  .describe('Rave Psychology: motivation (Personality Sun) and perspective (Personality North Node).');

export const birthInfoSchema = shared(
  z
    .object({
      date: z.string().describe('Birth date as given, YYYY-MM-DD (local).'),
      time: z.string().describe('Birth time as given, HH:MM (local wall clock).'),
      location: z
        .string()
        .describe('Canonical place "City, Province, Country"; for coordinates, "lat, lon (near City, ...)".'),
      timezone: z.string().describe('IANA time zone used for the local time, e.g. America/Toronto.'),
      utcOffset: z
        .string()
        .describe('UTC offset in force at the birth, "+HH:MM" ("+HH:MM:SS" for historical local mean time).'),
      coordinates: z
        .object({
          lat: z.number().min(-90).max(90).describe('Latitude, decimal degrees, north positive.'),
          lon: z.number().min(-180).max(180).describe('Longitude, decimal degrees, east positive.'),
        })
        .describe('Birth place in decimal degrees, north and east positive.'),
      utc: z
        .string()
        .describe('The birth instant in UTC (ISO 8601, e.g. 1948-04-09T05:14:00Z): the Personality moment.'),
      designUtc: z
        .string()
        .describe(
          'The Design moment in UTC (ISO 8601, to the second): when the Sun stood 88° of solar arc before its birth ' +
            'position, about 88-92 days earlier.',
        ),
    })
    .describe(
      'The birth as resolved: date, time and canonical location, plus the zone, offset and both instants.',
    ),
  'BirthInfo',
);

export const tooltipSchema = shared(
  z.object({
    id: z.string().describe('Knowledge entry id, e.g. "type:projector", "gate:41".'),
    title: z.string().describe('Entry title, e.g. "Gate 41 — Contraction".'),
    text: z.string().describe('Plain-language explanation (paragraphs separated by blank lines).'),
  }),
  'Tooltip',
);
const centerTooltipSchema = shared(
  tooltipSchema.extend({
    state: z
      .enum(['defined', 'open'])
      .describe('Whether the center is defined in this chart; `text` explains that state.'),
  }),
  'CenterTooltip',
);

export const chartTooltipsSchema = z
  .object({
    type: tooltipSchema.describe("The chart's type.").optional(),
    strategy: tooltipSchema.describe('The strategy of the type.').optional(),
    authority: tooltipSchema.describe('The inner authority.').optional(),
    profile: tooltipSchema.describe('The profile as a whole.').optional(),
    profileLines: z
      .object({
        personality: tooltipSchema.describe('The Personality Sun line (first number of the profile).'),
        design: tooltipSchema.describe('The Design Sun line (second number of the profile).'),
      })
      .optional()
      .describe('The two lines of the profile: Personality Sun line and Design Sun line.'),
    definition: tooltipSchema.describe('The definition.').optional(),
    angle: tooltipSchema
      .optional()
      .describe('The angle of the incarnation cross (Right Angle, Juxtaposition, Left Angle).'),
    incarnationCross: tooltipSchema
      .describe('The incarnation cross (its entry is named without the number).')
      .optional(),
    centers: z
      .record(z.string(), centerTooltipSchema)
      .optional()
      .describe(
        'All nine centers by name, each explained in its state (the entry\'s "Defined" or "Open" section).',
      ),
    channels: z
      .record(z.string(), tooltipSchema)
      .optional()
      .describe('Each defined channel, keyed like "1-8".'),
    gates: z
      .record(z.string(), tooltipSchema)
      .optional()
      .describe('Each activated gate, keyed by its number as a string.'),
  })
  .describe(
    "Empty {} unless include=tooltips; then this chart's own values explained, by category (type, strategy, " +
      'authority, profile, profileLines, definition, angle, incarnationCross; centers, channels and gates keyed ' +
      'by "Head", "1-8", "41"), each {id, title, text}.',
  );

/** The spec's V2 chart `data`. */
export const chartDataSchema = z.object({
  birthInfo: birthInfoSchema,
  chart: chartPropertiesSchema.describe('The chart properties as raw strings.'),
  centers: centersSchema.describe(
    'Centers as {defined, open}, arrays of names from Head, Ajna, Throat, G, Heart, Sacral, Spleen, Solar Plexus, ' +
      'Root. A center is defined when it is an end of at least one defined channel.',
  ),
  channels: channelsSchema.describe(
    'Defined channels (both gates activated, by either side), ascending, each {gates: "1-8", name, circuitry}.',
  ),
  gates: gatesSchema.describe(
    'Gates as {definedGates, openGates}: gates with at least one of the 26 activations, and the rest (ascending).',
  ),
  activations: activationsSchema,
  personality: planetsSchema.describe(
    'Personality (conscious, "black") positions at the birth instant, keyed by the 13 planets in bodygraph order ' +
      '(Earth exactly opposite the Sun, Rahu the true North Node, Ketu opposite Rahu); each {gate, line, color, ' +
      'tone, base, longitude, sign}.',
  ),
  design: planetsSchema.describe(
    'Design (unconscious, "red") positions at the design instant (Sun 88° of solar arc before birth), same 13 ' +
      'planets and structure as personality.',
  ),
  phs: phsSchema,
  ravePsychology: ravePsychologySchema,
  tooltips: chartTooltipsSchema,
  warnings: warningsField,
});

export const compositePersonSchema = shared(
  z.object({
    birthInfo: birthInfoSchema,
    chart: chartPropertiesSchema.describe("The person's chart properties as raw strings."),
    centers: centersSchema.describe("The person's own defined and open centers."),
    channels: channelsSchema,
    personality: planetsSchema.describe('Personality positions at birth (13 planets).'),
    design: planetsSchema.describe('Design positions at the design instant (13 planets).'),
  }),
  'CompositePerson',
);

const relationshipChannel = shared(
  z.object({
    gates: z.string().describe('The channel, e.g. "1-8".'),
    name: z.string().describe('Channel name.'),
  }),
  'RelationshipChannel',
);

export const combinedSchema = z
  .object({
    DefinedCenters: z
      .array(centerName)
      .describe("Centers defined in the combined chart (union of both people's gates)."),
    OpenCenters: z.array(centerName).describe('Centers open in the combined chart.'),
    Properties: z
      .object({
        Definition: z
          .object({
            Name: enumOf(Object.keys(DEFINITIONS) as (keyof typeof DEFINITIONS)[]).describe(
              'Definition of the combined chart.',
            ),
            Description: z.string().describe('One sentence explaining the definition.'),
          })
          .describe('Definition of the combined chart.'),
        ConnectionTheme: z
          .object({
            ThemeDescription: z
              .string()
              .describe(
                '"defined-open" count and what it means, e.g. "7-2: together they define 7 of the 9 centers; open: Head, Ajna."',
              ),
          })
          .describe('How many centers the pair defines together.'),
        RelationshipChannels: z
          .object(
            Object.fromEntries(
              RELATIONSHIP_KINDS.map((k) => [
                k,
                z
                  .object({
                    List: z.array(relationshipChannel).describe(`${k} channels, in channel table order.`),
                  })
                  .describe(`${k} channels.`),
              ]),
            ) as Record<
              (typeof RELATIONSHIP_KINDS)[number],
              z.ZodObject<{ List: z.ZodArray<typeof relationshipChannel> }>
            >,
          )
          .describe(
            'Channels the pair completes: Companionship (both have it), Dominance (one has it, the other neither ' +
              'gate), Compromise (one has it, the other one gate), Electromagnetic (each brings one gate).',
          ),
      })
      .describe('Definition, connection theme and relationship channels of the pair.'),
  })
  .describe(
    'The combined (composite) chart of the two people: DefinedCenters, OpenCenters and Properties ' +
      '{Definition, ConnectionTheme, RelationshipChannels}.',
  );

export const compositeTooltipsSchema = z
  .object({
    definition: tooltipSchema.describe('The definition of the combined chart.').optional(),
    centers: z
      .record(z.string(), centerTooltipSchema)
      .optional()
      .describe('All nine centers in their combined state.'),
    channels: z
      .record(z.string(), tooltipSchema)
      .optional()
      .describe('Every channel the pair forms, keyed like "1-8".'),
  })
  .describe(
    'Empty {} unless include=tooltips; then the combined definition, the nine centers as the pair has them ' +
      '("Defined" or "Open") and every relationship channel, each {id, title, text}.',
  );

export const compositeDataSchema = z.object({
  personA: compositePersonSchema.describe(
    "Person A's chart {birthInfo, chart, centers, channels, personality, design}, as in generate_chart's result.",
  ),
  personB: compositePersonSchema.describe(
    'Person B (birthDate1 ... longitude1), the same fields as personA.',
  ),
  Combined: combinedSchema,
  tooltips: compositeTooltipsSchema,
  warnings: warningsField,
});

// What the core builds must satisfy what the schemas promise: drift between the two fails the type check.
type Satisfies<T extends U, U> = T;
export type CheckedChartData = Satisfies<ChartData, z.output<typeof chartDataSchema>>;
export type CheckedCompositeData = Satisfies<CompositeData, z.output<typeof compositeDataSchema>>;
