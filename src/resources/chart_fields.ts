import * as z from 'zod';
import { chartDataSchema, chartPropertiesSchema } from '../schemas/human-design.js';
import type { Resource } from './types.js';

/**
 * `svc://reference/chart-fields`: what each property of a generate_chart answer holds, built from the
 * output schema's own descriptions (one source: the same text appears in tools/list and OpenAPI).
 * Keys: the spec's eleven (type, strategy, authority, profile, definition, centers, channels,
 * personality, design, phs, variable), then the other chart properties. Each value is {dataType,
 * description} plus `path`, where the property sits in the response `data`.
 */

/** The spec's keys first, then the rest of the chart, in answer order. */
const FIELDS: readonly (readonly [name: string, path: string, schema: z.ZodType])[] = [
  ['type', 'chart.type', chartPropertiesSchema.shape.type],
  ['strategy', 'chart.strategy', chartPropertiesSchema.shape.strategy],
  ['authority', 'chart.authority', chartPropertiesSchema.shape.authority],
  ['profile', 'chart.profile', chartPropertiesSchema.shape.profile],
  ['definition', 'chart.definition', chartPropertiesSchema.shape.definition],
  ['centers', 'centers', chartDataSchema.shape.centers],
  ['channels', 'channels', chartDataSchema.shape.channels],
  ['personality', 'personality', chartDataSchema.shape.personality],
  ['design', 'design', chartDataSchema.shape.design],
  ['phs', 'phs', chartDataSchema.shape.phs],
  ['variable', 'chart.variable', chartPropertiesSchema.shape.variable],
  ['incarnationCross', 'chart.incarnationCross', chartPropertiesSchema.shape.incarnationCross],
  ['signature', 'chart.signature', chartPropertiesSchema.shape.signature],
  ['notSelfTheme', 'chart.notSelfTheme', chartPropertiesSchema.shape.notSelfTheme],
  ['gates', 'gates', chartDataSchema.shape.gates],
  ['activations', 'activations', chartDataSchema.shape.activations],
  ['ravePsychology', 'ravePsychology', chartDataSchema.shape.ravePsychology],
  ['birthInfo', 'birthInfo', chartDataSchema.shape.birthInfo],
  ['tooltips', 'tooltips', chartDataSchema.shape.tooltips],
];

export interface ChartField {
  dataType: string;
  description: string;
  path: string;
}

/** JSON type of a schema, with the item type of arrays and the values of small enums. */
function dataTypeOf(schema: z.ZodType): string {
  const js = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as {
    type?: string;
    enum?: unknown[];
    items?: { type?: string };
  };
  if (js.type === 'array') return `array of ${js.items?.type ?? 'values'}`;
  return js.type ?? 'object';
}

export function buildChartFields(): Record<string, ChartField> {
  return Object.fromEntries(
    FIELDS.map(([name, path, schema]) => {
      if (!schema.description) throw new Error(`chart field ${name} has no description in the output schema`);
      return [name, { dataType: dataTypeOf(schema), description: schema.description, path: `data.${path}` }];
    }),
  );
}

let built: string | undefined; // pure cache: the schema is static, so the text never changes

export const chartFieldsResource: Resource = {
  name: 'chart-fields',
  uri: 'svc://reference/chart-fields',
  title: 'Human Design chart fields',
  description:
    'What each property of a generate_chart answer means: an object keyed by chart property (type, strategy, ' +
    'authority, profile, definition, centers, channels, personality, design, phs, variable, and the other ' +
    "fields), each {dataType, description, path}. Built from the tool's output schema. Read-only, static.",
  mimeType: 'application/json',
  read() {
    built ??= JSON.stringify(buildChartFields(), null, 2);
    return built;
  },
};
