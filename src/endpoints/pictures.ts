import * as z from 'zod';
import { astrologyBirth, astrologyData } from '../core/astrology/index.js';
import { secondPersonOf } from '../core/astrology/second-person.js';
import { PERSON_B_FIELDS } from '../core/birth/index.js';
import { AppError } from '../core/errors.js';
import { baziBirthChart, baziData } from '../core/bazi/index.js';
import { birthChart, type ChartData, chartData } from '../core/human-design/index.js';
import {
  renderBazi,
  renderBodygraph,
  renderWheel,
  type RenderOptions,
  type WheelOptions,
} from '../core/render/index.js';
import { rasterise } from '../operations/rasterise.js';
import {
  type Access,
  type AnyOperation,
  defineOperation,
  type Deps,
  type PictureType,
  type RunContext,
} from '../operations/types.js';
import {
  ayanamsaField,
  hasSecondPerson,
  houseSystemField,
  refuseZodiac,
  secondPersonFields,
  withSecondPersonRule,
  withZodiacRule,
  zodiacField,
} from '../schemas/astrology.js';
import { baziBirthFields } from '../schemas/bazi.js';
import { birthInputFields, includeField, withPlaceRule } from '../schemas/birth-input.js';
import { chartDataSchema, HD_DATE_NOTE } from '../schemas/human-design.js';
import { asOfField, renderFields, wheelFields } from '../schemas/render.js';
import { parseDate } from '../core/time/index.js';

/**
 * The picture endpoints (REST only): bodygraph, wheel and BaZi as SVG or PNG for a birth, the fixed
 * samples and the blank template, and the sample chart as JSON. Each drawing is written once and
 * served in both formats; GET takes the input as query parameters, POST as a JSON body. A keyed
 * render costs 1 chart request, like the chart it draws (cache hits are free); the key-less ones are
 * under the address rate limit.
 */

/** The fixed sample births: the examples of generate_chart and get_astrology_chart. */
const SAMPLE_BODYGRAPH = { birthDate: '1948-04-09', birthTime: '00:14', birthLocation: 'Montreal, QC' };
const SAMPLE_WHEEL = {
  birthDate: '1940-10-09',
  birthTime: '18:30',
  birthLocation: 'Liverpool, United Kingdom',
};

type Format = 'svg' | 'png';
const MEDIA: Record<Format, PictureType> = { svg: 'image/svg+xml', png: 'image/png' };
const OUTPUT: Record<Format, z.ZodType> = {
  svg: z.string().describe('The SVG document.'),
  png: z.custom<Buffer>((v) => Buffer.isBuffer(v)).describe('The PNG image.'),
};

const renderOptions = (input: RenderOptions): RenderOptions => ({
  theme: input.theme,
  width: input.width,
  transparent: input.transparent,
  labels: input.labels,
});
const wheelOptions = (input: WheelOptions): WheelOptions => ({
  ...renderOptions(input),
  designRing: input.designRing,
  gateRing: input.gateRing,
  details: input.details,
});

/** Birth fields every chart tool takes (their values parse the same in the picture's input). */
const BIRTH_FIELDS = ['birthDate', 'birthTime', 'birthLocation', 'latitude', 'longitude'] as const;

/**
 * The chart tool a picture draws and the tool inputs that give the same chart: its own fields from
 * the picture's input, with and without tooltips (a chart asked for with tooltips is the same chart,
 * paid for once).
 */
function drawsChart(operation: string, fields: readonly string[]) {
  return {
    operation,
    inputs(input: Record<string, unknown>) {
      const chart = Object.fromEntries(
        fields.filter((f) => input[f] !== undefined).map((f) => [f, input[f]]),
      );
      return [chart, { ...chart, include: 'tooltips' }];
    },
  };
}

interface PictureSpec<I extends z.ZodObject> {
  /** The chart tool whose answer this picture draws (a paid chart makes the picture free). */
  draws?: ReturnType<typeof drawsChart>;
  /** Clock-dependent defaults and value checks (see Operation.complete and check). */
  complete?(input: z.infer<I>, deps: Deps): z.infer<I>;
  check?(input: z.infer<I>): void;
  /** Checks on the raw input before the schema (see Operation.precheck). */
  precheck?(raw: unknown): void;
  /** Operation name without the format, e.g. `render_bodygraph`. */
  name: string;
  title: string;
  description: string;
  /** Path without the extension, e.g. `/api/chart/bodygraph`. */
  path: string;
  formats: readonly Format[];
  input: I;
  access: Access;
  example: z.input<I>;
  /** Legacy paths (without extension) per format. */
  aliases?: Partial<Record<Format, string>>;
  /** The SVG text for the checked input. */
  draw(input: z.infer<I>, deps: Deps, ctx: RunContext): string;
}

/** One operation per format of a drawing: same input, same access; PNG rasterises the same SVG. */
function pictureOperations<I extends z.ZodObject>(spec: PictureSpec<I>): AnyOperation[] {
  const keyed = spec.access !== 'public';
  return spec.formats.map((format) => {
    const path = `${spec.path}.${format}`;
    const alias = spec.aliases?.[format];
    const aliases = alias ? [{ path: alias }] : undefined;
    return defineOperation({
      name: `${spec.name}_${format}`,
      title: `${spec.title} (${format.toUpperCase()})`,
      description: spec.description,
      input: spec.input,
      output: OUTPUT[format],
      access: spec.access,
      ...(keyed ? { meter: 'chart' as const, cost: () => 1 } : {}),
      cacheable: true,
      produces: MEDIA[format],
      httpCache: keyed ? 'private' : 'public',
      http: [
        { method: 'GET', path, from: 'query', ...(aliases ? { aliases } : {}) },
        { method: 'POST', path, from: 'body', ...(aliases ? { aliases } : {}) },
      ],
      example: spec.example,
      ...(spec.complete ? { complete: spec.complete } : {}),
      ...(spec.draws ? { draws: spec.draws } : {}),
      ...(spec.check ? { check: spec.check } : {}),
      ...(spec.precheck ? { precheck: spec.precheck } : {}),
      async run(input, deps, ctx) {
        const svg = spec.draw(input, deps, ctx);
        // Rasterising holds a core for 15-30 ms: a task of the worker pool (operations/rasterise.ts).
        return format === 'svg' ? svg : rasterise(svg, (input as RenderOptions).width, deps.pool);
      },
    }) as unknown as AnyOperation;
  });
}

const KEYED_COST =
  'Costs 1 chart request, like the chart itself; free when the same key has just asked for that chart (the ' +
  'chart is still in the result cache) and for repeats with the same input. Errors are JSON.';
const RENDER_NOTE =
  'Render parameters: theme, width, transparent, labels; under 600 pixels wide the picture uses a compact ' +
  'layout (larger type, fewer labels) so no text is smaller than 9 pixels. GET takes every field as a query ' +
  'parameter, POST as a JSON body.';

function sampleBodygraph(deps: Deps, tooltips = false): ChartData {
  return chartData(deps.knowledge, birthChart(deps, SAMPLE_BODYGRAPH), tooltips);
}

const bodygraph = pictureOperations({
  name: 'render_bodygraph',
  title: 'Bodygraph picture',
  description:
    'The Human Design bodygraph of a birth: defined centers filled, each gate on its center where its channel ' +
    'leaves, channels and gates coloured by personality and design, the four variable arrows, the two ' +
    `activation columns, the birth under the title. Birth input as generate_chart. ${RENDER_NOTE} ` +
    KEYED_COST,
  path: '/api/chart/bodygraph',
  formats: ['svg', 'png'],
  draws: drawsChart('generate_chart', BIRTH_FIELDS),
  precheck: refuseZodiac,
  input: withPlaceRule(z.object({ ...birthInputFields({ dateNote: HD_DATE_NOTE }), ...renderFields })),
  access: 'advanced_chart',
  example: { ...SAMPLE_BODYGRAPH, theme: 'light', width: 800 },
  draw(input, deps, ctx) {
    const result = birthChart(deps, input);
    ctx.warnings.push(...result.warnings);
    return renderBodygraph(chartData(deps.knowledge, result, false), renderOptions(input));
  },
});

/** The wheel has one outer ring: person B's planets or the design planets, not both. */
function refuseTwoOuterRings(input: { designRing: boolean }): void {
  if (!input.designRing || !hasSecondPerson(input)) return;
  const message =
    "one outer ring: with person B (birthDate1 ...) it holds B's planets; send designRing false or leave it out";
  throw new AppError('invalid_input', `designRing: ${message}`, {
    details: [{ field: 'designRing', message, received: true }],
  });
}

const wheel = pictureOperations({
  name: 'render_wheel',
  title: 'Astrology wheel picture',
  description:
    'The Western astrology wheel of a birth: zodiac, houses, AC MC DC IC with degree and sign, planets ' +
    'with degree, sign and minutes placed off the house lines, aspect lines by nature; designRing adds the ' +
    'Design planets, gateRing the 64 Human Design gates, details a data box, planet table and aspect grid; ' +
    "a person B (birthDate1 ... longitude1) draws B's planets on the outer ring instead (synastry). " +
    'Birth input as ' +
    `get_astrology_chart. ${RENDER_NOTE} ${KEYED_COST}`,
  path: '/api/astrology/wheel',
  formats: ['svg', 'png'],
  draws: drawsChart('get_astrology_chart', [
    ...BIRTH_FIELDS,
    ...BIRTH_FIELDS.map((f) => `${f}1`),
    'houseSystem',
    'zodiac',
    'ayanamsa',
  ]),
  input: withSecondPersonRule(
    withZodiacRule(
      withPlaceRule(
        z.object({
          ...birthInputFields({ dateNote: HD_DATE_NOTE }),
          ...secondPersonFields,
          houseSystem: houseSystemField,
          zodiac: zodiacField,
          ayanamsa: ayanamsaField,
          ...renderFields,
          ...wheelFields,
        }),
      ),
    ),
  ),
  access: 'advanced_chart',
  example: { ...SAMPLE_WHEEL, designRing: true, gateRing: true },
  check: refuseTwoOuterRings,
  draw(input, deps, ctx) {
    const result = astrologyBirth(deps, input);
    const data = astrologyData(deps.knowledge, result, false);
    if (!hasSecondPerson(input)) {
      ctx.warnings.push(...result.warnings);
      return renderWheel(data, wheelOptions(input));
    }
    const b = astrologyBirth(deps, secondPersonOf(input), PERSON_B_FIELDS);
    ctx.warnings.push(
      ...result.warnings.map((w) => `Person A: ${w}`),
      ...b.warnings.map((w) => `Person B: ${w}`),
    );
    return renderWheel(
      { ...data, personB: b.personality.chart, personBBirthInfo: b.birthInfo },
      wheelOptions(input),
    );
  },
});

const bazi = pictureOperations({
  name: 'render_bazi',
  title: 'BaZi chart picture',
  description:
    'The BaZi (Four Pillars) chart of a birth: 乾造 or 坤造 and the birth, pillars with hidden stems and ten ' +
    'gods, elements by colour, the luck pillars with the one in force on asOf (today by default) outlined. ' +
    `Birth input as get_bazi_chart (gender required). ${RENDER_NOTE} ${KEYED_COST}`,
  path: '/api/bazi/chart',
  formats: ['svg', 'png'],
  draws: drawsChart('get_bazi_chart', [...BIRTH_FIELDS, 'gender', 'dayBoundary', 'solarTime']),
  aliases: { svg: '/api/v1/saju/chart.svg', png: '/api/v1/saju/chart.png' },
  input: withPlaceRule(z.object({ ...baziBirthFields, ...renderFields, asOf: asOfField })),
  access: 'basic_chart_or_advanced',
  example: { birthDate: '1990-06-22', birthTime: '14:30', birthLocation: 'Taipei, Taiwan', gender: 'female' },
  complete: (input, deps) => ({ ...input, asOf: input.asOf ?? deps.now().toISOString().slice(0, 10) }),
  check: (input) => {
    if (input.asOf) parseDate(input.asOf, 'asOf');
  },
  draw(input, deps, ctx) {
    const { gender, dayBoundary, solarTime } = input;
    const result = baziBirthChart(deps, input, { gender, dayBoundary, solarTime });
    ctx.warnings.push(...result.warnings);
    return renderBazi(baziData(deps.knowledge, result, false), { ...renderOptions(input), asOf: input.asOf });
  },
});

/** The render parameters alone, one schema for the sample and the template (one OpenAPI component). */
const bodygraphRenderInput = z.object(renderFields);

const SAMPLE_NOTE = 'No key needed (address rate limit); long-lived public caching, ETag.';

const bodygraphSample = pictureOperations({
  name: 'bodygraph_sample',
  title: 'Sample bodygraph',
  description: `The bodygraph of the fixed sample chart (1948-04-09 00:14, Montreal). ${RENDER_NOTE} ${SAMPLE_NOTE}`,
  path: '/api/chart/bodygraph/sample',
  formats: ['svg', 'png'],
  input: bodygraphRenderInput,
  access: 'public',
  example: { theme: 'dark', width: 600 },
  draw: (input, deps) => renderBodygraph(sampleBodygraph(deps), renderOptions(input)),
});

const wheelSample = pictureOperations({
  name: 'wheel_sample',
  title: 'Sample astrology wheel',
  description:
    `The astrology wheel of the fixed sample chart (1940-10-09 18:30, Liverpool), with designRing and ` +
    `gateRing. ${RENDER_NOTE} ${SAMPLE_NOTE}`,
  path: '/api/astrology/wheel/sample',
  formats: ['svg', 'png'],
  input: z.object({ ...renderFields, ...wheelFields }),
  access: 'public',
  example: { theme: 'light', gateRing: true },
  draw: (input, deps) =>
    renderWheel(
      astrologyData(deps.knowledge, astrologyBirth(deps, SAMPLE_WHEEL), false),
      wheelOptions(input),
    ),
});

const template = pictureOperations({
  name: 'bodygraph_template',
  title: 'Blank bodygraph',
  description: `The bodygraph with no chart: every center open, every gate unmarked. ${RENDER_NOTE} ${SAMPLE_NOTE}`,
  path: '/api/chart/bodygraph/template',
  formats: ['svg'],
  input: bodygraphRenderInput,
  access: 'public',
  example: { theme: 'mono' },
  draw: (input) => renderBodygraph(null, renderOptions(input)),
});

const sampleJson = defineOperation({
  name: 'bodygraph_sample_json',
  title: 'Sample chart as JSON',
  description:
    `The fixed sample chart (1948-04-09 00:14, Montreal) as generate_chart answers it, with its tooltips ` +
    `when include=tooltips. ${SAMPLE_NOTE}`,
  // include, as on generate_chart: the sample shows what the tooltips hold without a key.
  input: z.object({ include: includeField }),
  output: chartDataSchema,
  access: 'public',
  cacheable: true,
  httpCache: 'public',
  http: [{ method: 'GET', path: '/api/chart/bodygraph/sample.json', from: 'query' }],
  example: { include: 'tooltips' },
  run: async (input, deps) => sampleBodygraph(deps, input.include === 'tooltips'),
});

export const PICTURES: readonly AnyOperation[] = [
  ...bodygraph,
  ...wheel,
  ...bazi,
  ...bodygraphSample,
  ...wheelSample,
  ...template,
  sampleJson as unknown as AnyOperation,
];
