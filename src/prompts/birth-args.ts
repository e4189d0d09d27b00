import * as z from 'zod';
import { DATE_PATTERN, TIME_PATTERN } from '../core/time/index.js';

/** One person's birth as prompt arguments (strings, as MCP sends them), suffixed for a second person. */
export function birthArgs<S extends string = ''>(suffix: S = '' as S, who = 'the person') {
  return {
    [`birthDate${suffix}`]: z.string().regex(DATE_PATTERN).describe(`Birth date of ${who}, YYYY-MM-DD.`),
    [`birthTime${suffix}`]: z
      .string()
      .regex(TIME_PATTERN)
      .describe(`Local birth time of ${who}, HH:MM (24-hour); 12:00 if unknown.`),
    [`birthLocation${suffix}`]: z
      .string()
      .min(2)
      .max(200)
      .describe(`Birth place of ${who}, "City, Country"; completed from the city table.`),
  } as Record<`birthDate${S}` | `birthTime${S}` | `birthLocation${S}`, z.ZodString>;
}

/** The birth as the chart tools take it, written for the model to copy into a call. */
export const birthCallText = (date: string, time: string, place: string, suffix = ''): string =>
  `birthDate${suffix}="${date}", birthTime${suffix}="${time}", birthLocation${suffix}="${place}"`;

/** What every reading prompt asks about an unknown birth time. */
export const UNKNOWN_TIME_NOTE =
  'If the birth time was a stand-in (12:00), say which parts of the reading it makes unreliable.';
