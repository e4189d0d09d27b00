import { explainTermPrompt } from './explain_term.js';
import { monthTransitsPrompt } from './month_transits.js';
import { readChartPrompt } from './read_chart.js';
import { relationshipReadingPrompt } from './relationship_reading.js';
import type { AnyPrompt } from './types.js';

export type { AnyPrompt, ArgumentCompleter, Prompt } from './types.js';
export { completePlace } from './completions.js';

/** The one ordered list of MCP prompts. */
export const PROMPTS: readonly AnyPrompt[] = [
  readChartPrompt,
  relationshipReadingPrompt,
  monthTransitsPrompt,
  explainTermPrompt,
];
