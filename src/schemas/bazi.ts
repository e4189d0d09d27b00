import * as z from 'zod';
import { BAZI_BIRTH_RANGE, type BaziData, ELEMENTS } from '../core/bazi/index.js';
import { birthInputFields, dateField } from './birth-input.js';
import { hinted } from './field-hints.js';
import { tooltipSchema } from './human-design.js';
import { warningsField } from './warnings.js';

/**
 * Output schema of get_bazi_chart. Shapes used more than once are shared (`meta({ id })`, written
 * once under `$defs`); top-level texts stay short because tools/list has a size budget (deeper
 * descriptions are dropped there by src/mcp/schemas.ts and kept in OpenAPI).
 */
const shared = <T extends z.ZodType>(schema: T, id: string): T => schema.meta({ id });

const element = shared(z.enum(ELEMENTS).describe('wood, fire, earth, metal or water.'), 'Element');
const polarity = shared(z.enum(['yang', 'yin']).describe('yang or yin.'), 'Polarity');
const int = z.number().int();

const stemSchema = shared(
  z
    .object({
      char: z.string().describe('Chinese character, e.g. 甲.'),
      pinyin: z.string().describe('Pinyin with tone marks, e.g. jiǎ.'),
      element,
      polarity,
    })
    .describe('A heavenly stem.'),
  'BaziStem',
);

const tenGodSchema = shared(
  z
    .object({
      chinese: z.string().describe('e.g. 正官; 日主 for the day stem.'),
      english: z.string().describe('e.g. Direct Officer; Day Master for the day stem.'),
    })
    .describe('Ten god relative to the day master.'),
  'TenGod',
);

const ageSchema = shared(
  z
    .object({
      years: int.min(0).describe('Whole years.'),
      months: int.min(0).max(11).describe('Months of 30 days.'),
      days: int.min(0).max(29).describe('Days.'),
    })
    .describe('Exact age (not nominal).'),
  'Age',
);

const solarTermSchema = shared(
  z
    .object({
      chinese: z.string().describe('e.g. 立春.'),
      pinyin: z.string().describe('e.g. Lichun.'),
      longitude: z.number().describe("The Sun's apparent longitude that starts the term, degrees."),
      utc: z.string().describe('When the term begins, ISO 8601 UTC to the second.'),
    })
    .describe('A jie solar term.'),
  'SolarTerm',
);

const pillarSchema = shared(
  z
    .object({
      ganzhi: z.string().describe('Stem and branch, e.g. 甲子.'),
      stem: stemSchema,
      branch: stemSchema
        .extend({ animal: z.string().describe('Zodiac animal, e.g. Rat.') })
        .describe('The earthly branch (polarity by cycle position: 子 yang, 丑 yin, ...).'),
      hiddenStems: z
        .array(stemSchema.extend({ tenGod: tenGodSchema }))
        .describe("The branch's hidden stems, main qi first, each with its ten god."),
      tenGod: tenGodSchema,
      naYin: z
        .object({
          chinese: z.string().describe('e.g. 海中金.'),
          english: z.string().describe('e.g. Gold in the Sea.'),
          element,
        })
        .describe('Na yin of the pillar.'),
    })
    .describe('{ganzhi, stem, branch, hiddenStems[], tenGod, naYin}.'),
  'BaziPillar',
);

const INTERACTION_TYPES = [
  'stem-combination',
  'six-combination',
  'three-harmony',
  'half-three-harmony',
  'clash',
  'punishment',
  'harm',
] as const;

const currentSchema = z
  .object({
    date: z.string().describe('YYYY-MM-DD as sent.'),
    utc: z
      .string()
      .describe(
        "When the annual and monthly pillars are read: the end of date in the birth place's zone, ISO 8601 UTC.",
      ),
    annual: pillarSchema.describe('Annual pillar (流年), from Lichun.'),
    monthly: pillarSchema.describe('Monthly pillar (流月), from the jie.'),
    daily: pillarSchema.describe('Daily pillar (流日) of the date.'),
    luck: pillarSchema
      .extend({
        number: int.min(1).max(8).describe('Its place in luckPillars.pillars, 1-8.'),
        startDate: z.string().describe('YYYY-MM-DD it starts.'),
        endDate: z.string().describe('YYYY-MM-DD the next one starts.'),
      })
      .nullable()
      .describe('Luck pillar in force; null before the first starts or after the eighth.'),
    interactions: z
      .array(
        z.object({
          type: z.enum(INTERACTION_TYPES).describe('Kind of relation.'),
          chinese: z.string().describe('e.g. 六冲, 六合, 三合, 半合, 无礼之刑, 自刑, 六害, 天干五合.'),
          between: z
            .array(z.string())
            .describe(
              'Sides, current first: annual, monthly, luck, then year, month, day, hour, e.g. "annual:子".',
            ),
          element: element.optional().describe('What a combination transforms to.'),
        }),
      )
      .describe('Relations of the annual, monthly and luck stems and branches with the natal ones.'),
  })
  .describe(
    'With date: {date, utc, annual, monthly, daily, luck|null, interactions[{type, chinese, between, element?}]}.',
  );

export const baziDataSchema = z.object({
  birthInfo: z
    .object({
      date: z.string().describe('YYYY-MM-DD as given.'),
      time: z.string().describe('HH:MM as given.'),
      location: z.string().describe('Canonical place.'),
      timezone: z.string().describe('IANA zone.'),
      utcOffset: z.string().describe('Offset in force, +HH:MM.'),
      coordinates: z
        .object({
          lat: z.number().describe('Latitude, north positive.'),
          lon: z.number().describe('Longitude, east positive.'),
        })
        .describe('{lat, lon}.'),
      utc: z.string().describe('Birth instant, ISO 8601 UTC.'),
    })
    .describe('The birth as resolved.'),
  pillars: z
    .object({ year: pillarSchema, month: pillarSchema, day: pillarSchema, hour: pillarSchema })
    .describe('The four pillars.'),
  dayMaster: stemSchema.describe('The day stem.'),
  elements: z.record(element, int.min(0).max(8)).describe('Element counts of the 8 stems and branches.'),
  luckPillars: z
    .object({
      direction: z.enum(['forward', 'backward']).describe('From year-stem polarity and gender.'),
      startAge: ageSchema,
      startDate: z.string().describe('YYYY-MM-DD.'),
      countedTo: solarTermSchema.describe('The jie counted to (3 days = 1 year).'),
      pillars: z
        .array(
          z.object({
            ganzhi: z.string().describe('e.g. 甲辰.'),
            tenGod: tenGodSchema,
            startAge: ageSchema,
            startYear: int.describe('Gregorian year the pillar begins.'),
            years: z
              .array(
                z.object({
                  year: int.describe('Gregorian year (its pillar starts at Lichun).'),
                  ganzhi: z.string().describe('Annual pillar.'),
                }),
              )
              .describe('The 10 annual pillars.'),
          }),
        )
        .describe('8 pillars of 10 years.'),
    })
    .describe('Luck pillars (大运).'),
  solarTerms: z
    .object({ previous: solarTermSchema, next: solarTermSchema })
    .describe('The jie before and after the birth.'),
  pillarClock: z
    .object({
      date: z.string().describe('YYYY-MM-DD.'),
      time: z.string().describe('HH:MM:SS.'),
      basis: z.enum(['civil', 'apparent-solar']).describe('Civil clock or apparent solar time.'),
      equationOfTimeMinutes: z.number().optional().describe('Applied for apparent solar time.'),
    })
    .describe('Local date and time the day and hour pillars use.'),
  options: z
    .object({
      gender: z.enum(['male', 'female']).describe('As sent.'),
      dayBoundary: z.enum(['midnight', '23:00']).describe('Zi-hour convention used.'),
      solarTime: z.enum(['standard', 'true']).describe('Clock used.'),
      note: z.string().describe('How the pillars were computed.'),
    })
    .describe('Conventions used.'),
  current: currentSchema.optional(),
  tooltips: z
    .partialRecord(
      z.enum(['stems', 'branches', 'tenGods', 'naYin', 'elements']),
      z.record(z.string().describe('Chinese characters or element.'), tooltipSchema).describe('By value.'),
    )
    .describe('{} unless include=tooltips; then by category, keyed by Chinese characters or element.'),
  warnings: warningsField,
});

type Satisfies<T extends U, U> = T;
export type CheckedBaziData = Satisfies<BaziData, z.output<typeof baziDataSchema>>;

/** get_bazi_chart's `date`: the day whose pillars in force are added as `current`. */
export const baziDateField = dateField(
  "YYYY-MM-DD: adds current, that day's year, month, day and luck pillars and their interactions with the natal ones.",
).optional();

/** The BaZi birth input (get_bazi_chart and the BaZi picture): birth, gender and the two conventions. */
export const baziBirthFields = {
  ...birthInputFields({
    dateNote: `${BAZI_BIRTH_RANGE.firstDay} to ${BAZI_BIRTH_RANGE.lastDay}`,
    sameAsTool: 'generate_chart',
  }),
  gender: hinted(
    z.enum(['male', 'female']).describe('Sets the luck pillar direction (with the year stem polarity).'),
    { expected: '"male" or "female" (it sets the direction of the luck pillars)' },
  ),
  dayBoundary: z
    .enum(['midnight', '23:00'])
    .default('midnight')
    .describe(
      "Day pillar changes at midnight (default; 23:00-23:59 takes the next day's 子-hour stem) or at 23:00.",
    ),
  solarTime: z
    .enum(['standard', 'true'])
    .default('standard')
    .describe(
      'Day and hour pillars from the civil clock (standard) or apparent solar time at the birth longitude.',
    ),
};
