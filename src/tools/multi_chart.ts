import * as z from 'zod';
import { refuseZodiac } from '../schemas/astrology.js';
import { birthFieldNames } from '../core/birth/index.js';
import { AppError, type ErrorDetail } from '../core/errors.js';
import { birthChart, chartData } from '../core/human-design/index.js';
import { defineTool } from '../operations/types.js';
import { birthInputFields, UNKNOWN_BIRTH_TIME_POINTER, withPlaceRule } from '../schemas/birth-input.js';
import { hinted } from '../schemas/field-hints.js';
import { chartDataSchema, HD_DATE_NOTE } from '../schemas/human-design.js';
import { warningsField } from '../schemas/warnings.js';

/** The spec's batch limit (Limits: "Batch chart: at most 10 charts per call"). */
export const MAX_BATCH_CHARTS = 10;

/** Codes a single entry may fail with; anything else is a service fault and fails the whole call. */
const ENTRY_ERROR_CODES = ['invalid_input', 'location_not_found', 'out_of_range'] as const;
type EntryErrorCode = (typeof ENTRY_ERROR_CODES)[number];

const entrySchema = withPlaceRule(
  z.object(birthInputFields({ dateNote: HD_DATE_NOTE, sameAsTool: 'generate_chart' })),
);

const entryErrorSchema = z
  .object({
    code: z.enum(ENTRY_ERROR_CODES).describe('invalid_input, location_not_found or out_of_range.'),
    message: z
      .string()
      .describe('What is wrong with this entry, naming the field (e.g. "charts.2.birthDate: ...").'),
    details: z
      .array(
        z.looseObject({
          field: z.string().optional().describe('The input field, e.g. "charts.2.birthLocation".'),
          message: z.string().describe('What is wrong, or for a suggestion: did you mean "..."?'),
        }),
      )
      .optional()
      .describe('Per-field details as in an error response; for location_not_found, up to 5 suggestions.'),
  })
  .describe('Why this entry has no chart.');

const resultSchema = z.object({
  index: z.number().int().min(0).describe('Position of the entry in `charts`, from 0.'),
  success: z.boolean().describe('Whether this entry produced a chart.'),
  data: chartDataSchema
    .optional()
    .describe("The entry's V2 chart (as generate_chart returns it, tooltips {}); only when success."),
  error: entryErrorSchema.optional().describe('Only when success is false.'),
});

type EntryResult = z.infer<typeof resultSchema>;

const isEntryError = (e: unknown): e is AppError & { code: EntryErrorCode } =>
  e instanceof AppError && (ENTRY_ERROR_CODES as readonly string[]).includes(e.code);

export const multiChartTool = defineTool({
  name: 'multi_chart',
  title: 'Human Design charts in a batch',
  description:
    `Compute up to ${MAX_BATCH_CHARTS} Human Design charts in one call, e.g. for a family or a team. Each ` +
    'entry takes birthDate, birthTime and birthLocation (or latitude/longitude) as generate_chart does. ' +
    'Results come back one per entry in input order; an entry with a bad date or an unknown place reports ' +
    'its own error (with place suggestions) while the others still succeed; a schema error ' +
    '(missing field, date not YYYY-MM-DD) rejects the whole call, naming charts.N.field. ' +
    'Costs 1 chart request per successful chart. ' +
    UNKNOWN_BIRTH_TIME_POINTER,
  precheck: refuseZodiac,
  input: z.object({
    charts: hinted(
      z
        .array(entrySchema)
        .min(1)
        .max(MAX_BATCH_CHARTS)
        .describe(
          `The births, 1 to ${MAX_BATCH_CHARTS} entries: {birthDate, birthTime, birthLocation, latitude?, longitude?}.`,
        ),
      {
        expected:
          `a list of 1 to ${MAX_BATCH_CHARTS} births, each {birthDate, birthTime, birthLocation} ` +
          '(or latitude and longitude instead of birthLocation)',
      },
    ),
  }),
  output: z.object({
    count: z.number().int().describe('Number of entries.'),
    succeeded: z.number().int().describe('Entries with a chart (the units charged).'),
    failed: z.number().int().describe('Entries with an error.'),
    results: z
      .array(resultSchema)
      .describe(
        "One result per entry, in input order: {index, success, data} with data as generate_chart's result, " +
          'or {index, success: false, error: {code, message, details?}}.',
      ),
    warnings: warningsField,
  }),
  access: 'advanced_chart',
  meter: 'chart',
  cost: (_input, result) => result.succeeded,
  cacheable: true,
  meta: { version: '2.0.0', endpoint: 'multi-chart' },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  example: {
    charts: [
      { birthDate: '1948-04-09', birthTime: '00:14', birthLocation: 'Montreal, QC' },
      { birthDate: '1991-08-13', birthTime: '13:31', latitude: 12.97, longitude: 77.59 },
    ],
  },
  http: [{ method: 'POST', path: '/api/multi-chart', from: 'body' }],
  async run(input, deps, ctx) {
    const results: EntryResult[] = input.charts.map((entry, index) => {
      try {
        const result = birthChart(deps, entry, birthFieldNames('', `charts.${index}.`));
        ctx.warnings.push(...result.warnings.map((w) => `charts.${index}: ${w}`));
        const data = chartData(deps.knowledge, result, false);
        return { index, success: true, data };
      } catch (e) {
        if (!isEntryError(e)) throw e;
        const details = e.details?.length ? { details: e.details as ErrorDetail[] } : {};
        return { index, success: false, error: { code: e.code, message: e.message, ...details } };
      }
    });
    const succeeded = results.filter((r) => r.success).length;
    return { count: results.length, succeeded, failed: results.length - succeeded, results };
  },
});
