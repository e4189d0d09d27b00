import * as z from 'zod';
import { completeSystem, completeTerm, SYSTEMS } from './completions.js';
import { definePrompt } from './types.js';

export const explainTermPrompt = definePrompt({
  name: 'explain_term',
  title: 'Explain a term',
  description:
    'A plain-language explanation of a Human Design, astrology or BaZi term (a gate, a center, a profile, ' +
    'a planet in a house, a day master) from the knowledge base.',
  args: z.object({
    term: z
      .string()
      .min(2)
      .max(200)
      .describe('The term, e.g. "Open Ajna", "Gate 34", "Mars in the 7th house".'),
    system: z
      .enum(SYSTEMS)
      .optional()
      .describe('hd, astrology or bazi, when the term could belong to several.'),
  }),
  complete: { term: completeTerm, system: completeSystem },
  tools: () => ['query_sage'],
  text: ({ term, system }) =>
    [
      `Explain "${term}"${system ? ` (${system})` : ''} in plain language.`,
      `Call query_sage with query="What is ${term}?"${system ? ` naming ${system}` : ''} and answer from what it returns; ` +
        'if it says the knowledge base does not cover the term, tell me so rather than guessing. The full entry ' +
        'is also readable as the resource svc://knowledge/{domain}/{id}.',
    ].join('\n'),
});
