import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import type { Ephemeris, HdPositions } from '../core/ephemeris/index.js';
import { AppError } from '../core/errors.js';
import {
  AUTHORITIES,
  CENTERS,
  type CenterName,
  type CompositeCombined,
  compositeCombined,
  computeChart,
  crossOfChart,
  DEFINITIONS,
  type HdChart,
  type HdLongitudesInput,
  PLANETS,
  type Planet,
  PROFILES,
  RELATIONSHIP_KINDS,
  SIGNS,
  TYPES,
} from '../core/human-design/index.js';
import { crossKnowledgeId, slug } from '../core/human-design/knowledge-ids.js';
import { type KnowledgeEntry, loadKnowledgeDir } from '../core/knowledge/index.js';
import { type BirthPlace, type CityTable, resolveBirthPlace } from '../core/location/index.js';
import {
  formatOffset,
  julianDayUT,
  parseDate,
  parseTime,
  resolveWallClock,
  utcMsFromJulianDay,
} from '../core/time/index.js';
import type { Deps } from './types.js';

/**
 * The Human Design chart pipeline shared by generate_chart, generate_composite and multi_chart, and
 * the zod schemas of their output (the spec's V2 `data` and composite `data`):
 *
 *   place -> wall clock in the place's zone (gap/fold warnings) -> UT instant -> Julian day ->
 *   ephemeris (26 bodies, design instant 88° of solar arc earlier) -> engine -> V2 data (+ tooltips)
 */

// ---------------------------------------------------------------------------------------------
// Knowledge (tooltips and the terminology resource read the same entries)
// ---------------------------------------------------------------------------------------------

/** The Markdown knowledge base, loaded once in server.ts; immutable. */
export interface KnowledgeBase {
  readonly entries: readonly KnowledgeEntry[];
  readonly byId: ReadonlyMap<string, KnowledgeEntry>;
}

export function indexKnowledge(entries: readonly KnowledgeEntry[]): KnowledgeBase {
  return { entries, byId: new Map(entries.map((e) => [e.id, e])) };
}

/** `knowledge/` at the package root, from src/tools (tsx) or dist/src/tools (built). */
export function defaultKnowledgeDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const up of ['../../knowledge', '../../../knowledge']) {
    const dir = resolve(here, up);
    if (existsSync(join(dir, 'hd'))) return dir;
  }
  return resolve(here, '../../knowledge');
}

export async function loadKnowledgeBase(dir: string = defaultKnowledgeDir()): Promise<KnowledgeBase> {
  return indexKnowledge(await loadKnowledgeDir(dir));
}

/** The entry's text before its first `## ` section (the whole body when it has none). */
export function introOf(entry: KnowledgeEntry): string {
  const cut = entry.body.search(/^##\s/m);
  return (cut === -1 ? entry.body : entry.body.slice(0, cut)).trim();
}

function entryOf(knowledge: KnowledgeBase, id: string): KnowledgeEntry {
  const entry = knowledge.byId.get(id);
  // A deployment fault (the knowledge folder is incomplete), never the caller's: 500 and logged.
  if (!entry) throw new Error(`knowledge entry "${id}" is missing from the knowledge folder`);
  return entry;
}

// ---------------------------------------------------------------------------------------------
// Output schemas
// ---------------------------------------------------------------------------------------------

const int = (min: number, max: number) => z.number().int().min(min).max(max);
const enumOf = <T extends string>(values: readonly T[]) => z.enum(values as [T, ...T[]]);

export const CENTER_NAMES = CENTERS.map((c) => c.name) as CenterName[];
const centerName = enumOf(CENTER_NAMES).describe(
  'Center name: Head, Ajna, Throat, G, Heart, Sacral, Spleen, Solar Plexus, Root.',
);

export const positionSchema = z.object({
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
});

/**
 * The 13 planets of one side. A record with enum keys (all 13 required, no others) rather than an
 * object of 13 properties: the JSON Schema carries the position schema once instead of 13 times,
 * which keeps tools/list and every MCP tools/call (the SDK converts output schemas per request) cheap.
 */
export const planetsSchema = z.record(enumOf(PLANETS), positionSchema);

export const chartPropertiesSchema = z.object({
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
});

export const centersSchema = z.object({
  defined: z
    .array(centerName)
    .describe('Defined centers (an end of at least one defined channel), fixed order.'),
  open: z
    .array(centerName)
    .describe(
      'The other centers, fixed order Head, Ajna, Throat, G, Heart, Sacral, Spleen, Solar Plexus, Root.',
    ),
});

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

const planetLine = z.object({
  planet: enumOf(PLANETS).describe('Planet (Rahu = North Node, Ketu = South Node).'),
  line: int(1, 6).describe('Line 1-6 of the activation.'),
});
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

export const birthInfoSchema = z
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
  );

const tooltipSchema = z.object({
  id: z.string().describe('Knowledge entry id, e.g. "type:projector", "gate:41".'),
  title: z.string().describe('Entry title, e.g. "Gate 41 — Contraction".'),
  text: z.string().describe('Plain-language explanation (paragraphs separated by blank lines).'),
});
const centerTooltipSchema = tooltipSchema.extend({
  state: z
    .enum(['defined', 'open'])
    .describe('Whether the center is defined in this chart; `text` explains that state.'),
});

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
    "Empty {} unless include=tooltips. Then: explanations of this chart's own values from the knowledge base, by " +
      'category: type, strategy, authority, profile, profileLines {personality, design}, definition, angle, ' +
      'incarnationCross, centers {Head: {...}}, channels {"1-8": {...}}, gates {"41": {...}}; each {id, title, text}.',
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
    'Personality (conscious, "black") positions at the birth instant, keyed by the 13 planets in bodygraph order: ' +
      'Sun, Earth (exactly opposite the Sun), Rahu (true North Node), Ketu (South Node, opposite Rahu), Moon, ' +
      'Mercury, Venus, Mars, Jupiter, Saturn, Uranus, Neptune, Pluto; each {gate, line, color, tone, base, ' +
      'longitude, sign}.',
  ),
  design: planetsSchema.describe(
    'Design (unconscious, "red") positions at the design instant (Sun 88° of solar arc before birth), same 13 ' +
      'planets and structure as personality.',
  ),
  phs: phsSchema,
  ravePsychology: ravePsychologySchema,
  tooltips: chartTooltipsSchema,
});

export type ChartData = z.infer<typeof chartDataSchema>;
export type ChartTooltips = z.infer<typeof chartTooltipsSchema>;
export type BirthInfo = z.infer<typeof birthInfoSchema>;

export const compositePersonSchema = z.object({
  birthInfo: birthInfoSchema,
  chart: chartPropertiesSchema.describe("The person's chart properties as raw strings."),
  centers: centersSchema.describe("The person's own defined and open centers."),
  channels: channelsSchema,
  personality: planetsSchema.describe('Personality positions at birth (13 planets).'),
  design: planetsSchema.describe('Design positions at the design instant (13 planets).'),
});

const relationshipChannel = z.object({
  gates: z.string().describe('The channel, e.g. "1-8".'),
  name: z.string().describe('Channel name.'),
});

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
  .describe('The combined (composite) chart of the two people.');

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
    'Empty {} unless include=tooltips. Then: the combined definition, the nine centers in their combined state ' +
      '(the entry\'s "Defined" or "Open" section) and every relationship channel; each {id, title, text}.',
  );

export const compositeDataSchema = z.object({
  personA: compositePersonSchema.describe(
    'Person A (birthDate, birthTime, birthLocation, latitude, longitude).',
  ),
  personB: compositePersonSchema.describe(
    'Person B (birthDate1, birthTime1, birthLocation1, latitude1, longitude1).',
  ),
  Combined: combinedSchema,
  tooltips: compositeTooltipsSchema,
});

export type CompositeData = z.infer<typeof compositeDataSchema>;

// ---------------------------------------------------------------------------------------------
// Pipeline
// ---------------------------------------------------------------------------------------------

/** Engine planet -> ephemeris body (Rahu = true North Node, Ketu = South Node). */
const BODY_OF_PLANET = {
  Sun: 'sun',
  Earth: 'earth',
  Rahu: 'northNode',
  Ketu: 'southNode',
  Moon: 'moon',
  Mercury: 'mercury',
  Venus: 'venus',
  Mars: 'mars',
  Jupiter: 'jupiter',
  Saturn: 'saturn',
  Uranus: 'uranus',
  Neptune: 'neptune',
  Pluto: 'pluto',
} as const satisfies Record<Planet, keyof HdPositions>;

export function longitudesOf(positions: HdPositions): Record<Planet, number> {
  const out = {} as Record<Planet, number>;
  for (const planet of PLANETS) out[planet] = positions[BODY_OF_PLANET[planet]].longitude;
  return out;
}

export interface HdMoment {
  chart: HdChart;
  /** Julian day (UT) of the design instant. */
  designJdUT: number;
}

/** The engine's chart at a UT instant (ephemeris + engine, no place or time zone). */
export function hdChartAt(ephemeris: Ephemeris, jdUT: number): HdMoment {
  const moments = ephemeris.humanDesignMoments(jdUT);
  const input: HdLongitudesInput = {
    personality: longitudesOf(moments.personality),
    design: longitudesOf(moments.design),
  };
  return { chart: computeChart(input), designJdUT: moments.designJdUT };
}

/** One person's birth input; field names vary (the composite's person B uses birthDate1, ...). */
export interface BirthInput {
  birthDate: string;
  birthTime: string;
  birthLocation?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
}

export interface BirthFields {
  birthDate: string;
  birthTime: string;
  birthLocation: string;
  latitude: string;
  longitude: string;
}

export const PERSON_FIELDS: BirthFields = {
  birthDate: 'birthDate',
  birthTime: 'birthTime',
  birthLocation: 'birthLocation',
  latitude: 'latitude',
  longitude: 'longitude',
};

export const PERSON_B_FIELDS: BirthFields = {
  birthDate: 'birthDate1',
  birthTime: 'birthTime1',
  birthLocation: 'birthLocation1',
  latitude: 'latitude1',
  longitude: 'longitude1',
};

export interface ResolvedBirth {
  place: BirthPlace;
  utcMs: number;
  offsetSeconds: number;
  /** Gap / fold / local-mean-time notes, for meta.warnings. */
  warnings: string[];
}

/**
 * Date, time and place -> one UT instant. Checks the date and time first (so a bad date is reported
 * as such even when the place is unknown), then the place, then resolves the wall clock in the
 * place's zone by the documented rule of core/time (gap: read with the earlier offset; fold: the
 * earlier instant), reporting either case.
 */
export function resolveBirth(
  cities: CityTable,
  input: BirthInput,
  fields: BirthFields = PERSON_FIELDS,
): ResolvedBirth {
  const date = parseDate(input.birthDate, fields.birthDate);
  const time = parseTime(input.birthTime, fields.birthTime);
  const place = resolveBirthPlace(
    cities,
    { birthLocation: input.birthLocation, latitude: input.latitude, longitude: input.longitude },
    fields,
  );
  const resolved = resolveWallClock({ ...date, ...time }, place.timezone);
  const warnings: string[] = [];
  if (resolved.warning) warnings.push(resolved.warning);
  if (resolved.offsetSeconds % 60 !== 0) {
    warnings.push(
      `${input.birthDate} ${input.birthTime} in ${place.timezone} predates standard time there: the zone's local ` +
        `mean time UTC${formatOffset(resolved.offsetSeconds)} was used, which can differ from the local mean time ` +
        'of the birth town itself by some minutes.',
    );
  }
  return { place, utcMs: resolved.utcMs, offsetSeconds: resolved.offsetSeconds, warnings };
}

/** ISO 8601 UTC truncated to the second (as clocks and published charts show it), e.g. 1948-01-12T13:28:23Z. */
export function isoSecond(utcMs: number): string {
  return `${new Date(Math.floor(utcMs / 1000) * 1000).toISOString().slice(0, 19)}Z`;
}

/** Runs the ephemeris and the engine; names the date field in out-of-range errors. */
function chartOfBirth(ephemeris: Ephemeris, birth: ResolvedBirth, fields: BirthFields): HdMoment {
  try {
    return hdChartAt(ephemeris, julianDayUT(birth.utcMs));
  } catch (e) {
    if (e instanceof AppError && e.code === 'out_of_range') {
      const details = (e.details ?? []).map((d) => ({ field: fields.birthDate, ...(d as object) }));
      throw new AppError('out_of_range', `${fields.birthDate}: ${e.message}`, { details, cause: e });
    }
    throw e;
  }
}

export interface BirthChart {
  birthInfo: BirthInfo;
  chart: HdChart;
  warnings: string[];
}

/** The whole pipeline for one person. Warnings are returned, not pushed, so callers can prefix them. */
export function birthChart(
  deps: Pick<Deps, 'cities' | 'ephemeris'>,
  input: BirthInput,
  fields: BirthFields = PERSON_FIELDS,
): BirthChart {
  const birth = resolveBirth(deps.cities, input, fields);
  const { chart, designJdUT } = chartOfBirth(deps.ephemeris, birth, fields);
  return {
    birthInfo: {
      date: input.birthDate,
      time: input.birthTime,
      location: birth.place.label,
      timezone: birth.place.timezone,
      utcOffset: formatOffset(birth.offsetSeconds),
      coordinates: { lat: birth.place.lat, lon: birth.place.lon },
      utc: isoSecond(birth.utcMs),
      designUtc: isoSecond(utcMsFromJulianDay(designJdUT)),
    },
    chart,
    warnings: birth.warnings,
  };
}

/** The V2 `data` of one chart. */
export function chartData(knowledge: KnowledgeBase, result: BirthChart, withTooltips: boolean): ChartData {
  const { chart } = result;
  return {
    birthInfo: result.birthInfo,
    chart: chart.chart,
    centers: chart.centers,
    channels: chart.channels,
    gates: chart.gates,
    activations: chart.activations,
    personality: chart.personality,
    design: chart.design,
    phs: chart.phs,
    ravePsychology: chart.ravePsychology,
    tooltips: withTooltips ? chartTooltips(knowledge, chart) : {},
  };
}

// ---------------------------------------------------------------------------------------------
// Tooltips
// ---------------------------------------------------------------------------------------------

type Tooltip = z.infer<typeof tooltipSchema>;
type CenterTooltip = z.infer<typeof centerTooltipSchema>;

function tooltip(knowledge: KnowledgeBase, id: string): Tooltip {
  const entry = entryOf(knowledge, id);
  return { id, title: entry.title, text: entry.body };
}

function centerTooltip(knowledge: KnowledgeBase, center: CenterName, defined: boolean): CenterTooltip {
  const id = `center:${slug(center)}`;
  const entry = entryOf(knowledge, id);
  const section = defined ? 'Defined' : 'Open';
  const text = entry.sections[section];
  if (!text) throw new Error(`knowledge entry "${id}" has no "## ${section}" section`);
  return { id, title: entry.title, text, state: defined ? 'defined' : 'open' };
}

function centerTooltips(
  knowledge: KnowledgeBase,
  defined: readonly CenterName[],
): Record<string, CenterTooltip> {
  // All nine, in the fixed center order, each in its own state.
  return Object.fromEntries(CENTER_NAMES.map((c) => [c, centerTooltip(knowledge, c, defined.includes(c))]));
}

/**
 * Tooltips of one chart, from the knowledge entries whose ids the engine defines (the same ids as
 * core `tooltipIds`): every value the chart shows, grouped by category.
 */
export function chartTooltips(knowledge: KnowledgeBase, chart: HdChart): ChartTooltips {
  const props = chart.chart;
  const cross = crossOfChart(chart.personality.Sun.gate, props.profile);
  return {
    type: tooltip(knowledge, `type:${slug(props.type)}`),
    strategy: tooltip(knowledge, `strategy:${slug(props.strategy)}`),
    authority: tooltip(knowledge, `authority:${slug(props.authority)}`),
    profile: tooltip(knowledge, `profile:${slug(props.profile)}`),
    profileLines: {
      personality: tooltip(knowledge, `line:${chart.personality.Sun.line}`),
      design: tooltip(knowledge, `line:${chart.design.Sun.line}`),
    },
    definition: tooltip(knowledge, `definition:${slug(props.definition)}`),
    angle: tooltip(knowledge, `angle:${slug(cross.angle)}`),
    incarnationCross: tooltip(knowledge, crossKnowledgeId(cross.angle, cross.name)),
    centers: centerTooltips(knowledge, chart.centers.defined),
    channels: Object.fromEntries(
      chart.channels.map((c) => [c.gates, tooltip(knowledge, `channel:${c.gates}`)]),
    ),
    gates: Object.fromEntries(
      chart.gates.definedGates.map((g) => [String(g), tooltip(knowledge, `gate:${g}`)]),
    ),
  };
}

/** Tooltips of a composite (the ids of core `compositeTooltipIds`). */
export function compositeTooltips(
  knowledge: KnowledgeBase,
  combined: CompositeCombined,
): z.infer<typeof compositeTooltipsSchema> {
  const channels = RELATIONSHIP_KINDS.flatMap((k) =>
    combined.Properties.RelationshipChannels[k].List.map((c) => c.gates),
  );
  const ordered = [...new Set(channels)].sort((a, b) => {
    const [a1, a2] = a.split('-').map(Number) as [number, number];
    const [b1, b2] = b.split('-').map(Number) as [number, number];
    return a1 - b1 || a2 - b2;
  });
  return {
    definition: tooltip(knowledge, `definition:${slug(combined.Properties.Definition.Name)}`),
    centers: centerTooltips(knowledge, combined.DefinedCenters),
    channels: Object.fromEntries(ordered.map((id) => [id, tooltip(knowledge, `channel:${id}`)])),
  };
}

// ---------------------------------------------------------------------------------------------
// Composite
// ---------------------------------------------------------------------------------------------

function compositePerson(result: BirthChart): z.infer<typeof compositePersonSchema> {
  const { chart } = result;
  return {
    birthInfo: result.birthInfo,
    chart: chart.chart,
    centers: chart.centers,
    channels: chart.channels,
    personality: chart.personality,
    design: chart.design,
  };
}

export function compositeData(
  knowledge: KnowledgeBase,
  a: BirthChart,
  b: BirthChart,
  withTooltips: boolean,
): CompositeData {
  const combined = compositeCombined(a.chart, b.chart);
  return {
    personA: compositePerson(a),
    personB: compositePerson(b),
    Combined: combined,
    tooltips: withTooltips ? compositeTooltips(knowledge, combined) : {},
  };
}
