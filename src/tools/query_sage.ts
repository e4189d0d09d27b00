import * as z from 'zod';
import { AppError } from '../core/errors.js';
import { KNOWLEDGE_DOMAINS } from '../core/knowledge/index.js';
import { characterCount } from '../core/characters.js';
import { defineTool } from '../operations/types.js';
import { textField } from '../schemas/text.js';

export const SAGE_QUERY_MIN = 2;
export const SAGE_QUERY_MAX = 500;

const required = (received: unknown) =>
  new AppError('invalid_input', 'Query is required', {
    details: [
      { field: 'query', message: 'required', expected: 'a question of 2 to 500 characters', received },
    ],
  });

/**
 * The contract's own wording for a missing or out-of-range query, before the schema's checks. A
 * query of spaces only is as missing as an empty one ("Query is required" for both); the length is
 * counted in characters as a person sees them, as sent.
 */
function checkQuery(raw: unknown): void {
  const query = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).query : undefined;
  if (query === undefined || query === null) throw required(null);
  if (typeof query !== 'string') return; // the schema names the wrong type
  if (query.trim() === '') throw required(query);
  const length = characterCount(query, SAGE_QUERY_MAX + 1);
  if (length < SAGE_QUERY_MIN || length > SAGE_QUERY_MAX) {
    throw new AppError('invalid_input', 'Query must be between 2 and 500 characters', {
      details: [
        {
          field: 'query',
          message: `must be between 2 and 500 characters, got ${length > SAGE_QUERY_MAX ? 'more than 500' : length}`,
          expected: 'a question of 2 to 500 characters',
        },
      ],
    });
  }
}

export const querySageTool = defineTool({
  name: 'query_sage',
  title: 'Ask SAGE a question',
  description:
    "Answer a plain-language question about Human Design, Western astrology or BaZi from the service's own " +
    'knowledge base (e.g. "what does an open Ajna mean?", "Mars in the 7th house", ' +
    '"a Geng metal day master?"). The answer is Markdown grounded in the knowledge base; `domain` ' +
    'says which system carries it (a question may name two systems). A question the knowledge base does not ' +
    'cover gets a short reply saying so and listing what SAGE covers: pass that on rather than guessing. ' +
    'Costs 1 SAGE response; a "not covered" reply and a repeated question (served from cache) cost nothing.',
  input: z.object({
    query: textField({ min: SAGE_QUERY_MIN, max: SAGE_QUERY_MAX, pattern: /\S/ }).describe(
      'The question, 2 to 500 characters. Name the system (Human Design, astrology, BaZi) ' +
        'if it matters.',
    ),
  }),
  output: z.object({
    answer: z.string().describe('The answer, in Markdown.'),
    domain: z
      .enum(KNOWLEDGE_DOMAINS)
      .describe(
        'The system that carries the answer: hd (Human Design), astrology or bazi; for a "not covered" reply, ' +
          'the system the question names or comes closest to.',
      ),
  }),
  access: 'sage_api',
  meter: 'sage',
  cost: () => 1,
  cacheable: true,
  precheck: checkQuery,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  http: [
    { method: 'POST', path: '/api/sage', from: 'body', aliases: [{ path: '/api/sage/query' }] },
    {
      method: 'GET',
      path: '/api/sage',
      from: 'query',
      queryNames: { q: 'query' },
      aliases: [{ path: '/api/sage/query' }],
    },
  ],
  example: { query: 'What does an open Ajna mean?' },
  async run(input, deps, ctx) {
    if (!deps.sage) throw new AppError('knowledge_unavailable', 'Knowledge service unavailable');
    const { answer, domain, covered } = await deps.sage.answer(input.query.trim(), ctx.feedback);
    // A reply that the knowledge base does not cover the question answered nothing: not charged.
    if (!covered) ctx.notCharged = true;
    return { answer, domain };
  },
});
