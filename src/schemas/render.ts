import * as z from 'zod';
import { DEFAULT_WIDTH, MAX_WIDTH, MIN_WIDTH, THEMES } from '../core/render/index.js';
import { dateField } from './birth-input.js';

/**
 * Render parameters of the picture endpoints, shared by the keyed renders and the sample ones. All
 * optional with the defaults of the render core; query strings are coerced by the bridge.
 */
export const renderFields = {
  theme: z
    .enum(THEMES)
    .default('light')
    .describe('Colours: light (default), dark, or mono (black on white, for print).'),
  width: z
    .number()
    .int()
    .min(MIN_WIDTH)
    .max(MAX_WIDTH)
    .default(DEFAULT_WIDTH)
    .describe(
      `Width in pixels, ${MIN_WIDTH}-${MAX_WIDTH} (default ${DEFAULT_WIDTH}): the PNG's size, the SVG's width.`,
    ),
  transparent: z.boolean().default(false).describe('Leave out the background (default false).'),
  labels: z
    .boolean()
    .default(true)
    .describe('Draw gate numbers, degrees and other small labels (default true).'),
};

export const wheelFields = {
  designRing: z
    .boolean()
    .default(false)
    .describe("Draw the Design chart's planets on an outer ring (default false)."),
  gateRing: z
    .boolean()
    .default(false)
    .describe('Draw the 64 Human Design gates on a ring around the zodiac (default false).'),
  details: z
    .boolean()
    .default(false)
    .describe(
      'Add a data box, a planet table and an aspect grid beside the wheel, below it under 940 pixels (default false).',
    ),
};

/** The BaZi picture's date whose luck pillar is outlined. */
export const asOfField = dateField(
  'The date, YYYY-MM-DD, whose luck pillar is outlined as the one in force (default: today, UTC).',
).optional();

/** The chart tools' `image` argument (MCP): a picture block beside the JSON answer. */
export const imageField = z
  .enum(['png', 'svg'])
  .optional()
  .describe(
    'MCP only: also return the chart as an image (png for chat clients, svg as text); REST has .png/.svg routes.',
  );

/** How the MCP pictures are drawn (light, with labels); the width is the surface's choice. */
export const PICTURE_OPTIONS = { theme: 'light', transparent: false, labels: true } as const;
