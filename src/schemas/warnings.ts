import * as z from 'zod';

/**
 * Warnings a person must hear, inside the answer itself (the JSON a model reads, REST `data` and MCP
 * `structuredContent` alike), never only in metadata.
 */
export const warningsField = z
  .array(z.string())
  .optional()
  .describe(
    "Present only when something about this answer needs the user's attention: an ambiguous or misspelled " +
      'birth place (with the full value to send instead), a birth time skipped or repeated by a clock change ' +
      'and how it was read, or historical local mean time. Tell the user.',
  );
