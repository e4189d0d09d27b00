import * as z from 'zod';

/**
 * Warnings a person must hear, inside the answer itself (the JSON a model reads, REST `data` and MCP
 * `structuredContent` alike), never only in metadata.
 */
export const warningsField = z
  .array(z.string())
  .optional()
  .describe(
    'Only when the user must be told something (an ambiguous or misspelled place and the value to send ' +
      'instead, a clock change at the birth time, local mean time). Tell the user.',
  );
