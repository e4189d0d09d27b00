import * as z from 'zod';
import { birthArgs, birthCallText, UNKNOWN_TIME_NOTE } from './birth-args.js';
import { completeGender, completePlace, completeSystem, SYSTEMS } from './completions.js';
import { definePrompt } from './types.js';

const CHART_TOOL = {
  hd: 'generate_chart',
  astrology: 'get_astrology_chart',
  bazi: 'get_bazi_chart',
} as const;
const SYSTEM_NAME = {
  hd: 'Human Design',
  astrology: 'Western astrology',
  bazi: 'BaZi (Four Pillars)',
} as const;

export const readChartPrompt = definePrompt({
  name: 'read_chart',
  title: 'Read a birth chart',
  description:
    "A reading of one person's chart in Human Design, Western astrology or BaZi, computed from the birth " +
    'date, time and place, with the meaning of its parts from the knowledge base.',
  args: z.object({
    ...birthArgs(),
    system: z.enum(SYSTEMS).optional().describe('hd (default), astrology or bazi.'),
    gender: z
      .enum(['female', 'male'])
      .optional()
      .describe('For bazi only: sets the direction of the luck pillars.'),
  }),
  complete: {
    birthLocation: completePlace,
    system: completeSystem,
    gender: completeGender,
  },
  tools: ({ system = 'hd' }) => ['validate_location', CHART_TOOL[system], 'query_sage'],
  text: ({ birthDate, birthTime, birthLocation, system = 'hd', gender }) => {
    const tool = CHART_TOOL[system];
    const extra =
      system === 'bazi'
        ? gender
          ? `, gender="${gender}"`
          : ' and gender (ask me for it first: it sets the direction of the luck pillars)'
        : '';
    return [
      `Give me a ${SYSTEM_NAME[system]} reading of the chart of a person born on ${birthDate} at ${birthTime} in ${birthLocation}.`,
      `1. If the place could be ambiguous, call validate_location with birthLocation="${birthLocation}" and use the value it resolves to.`,
      `2. Call ${tool} with ${birthCallText(birthDate, birthTime, birthLocation)}${extra}, include="tooltips". Tell me any warnings it returns.`,
      '3. Read the chart from its values and tooltips, the most defining parts first; for anything the tooltips do not explain, ' +
        'call query_sage with a short question.',
      UNKNOWN_TIME_NOTE,
    ].join('\n');
  },
});
