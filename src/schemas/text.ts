import * as z from 'zod';
import { characterCount } from '../core/characters.js';

/**
 * A text field whose length limits count user-visible characters (core/characters.ts), not UTF-16
 * code units as zod's own `.min()` and `.max()` do. The limits are advertised as JSON Schema
 * `minLength`/`maxLength`, which count code points: the same count for text without combining
 * marks, emoji sequences or flags (where a character is several code points, this field accepts
 * more code points than the schema's bounds say; docs/decisions.md, Input validation).
 * `refuseBlank`: text of spaces only is refused as too short, like empty text.
 */
export function textField(limits: { min?: number; max: number; pattern?: RegExp; refuseBlank?: true }) {
  const { min, max, pattern, refuseBlank } = limits;
  return (pattern ? z.string().regex(pattern) : z.string())
    .check((ctx) => {
      const value = ctx.value;
      // Spaces only say as little as nothing: such a field refuses them as it refuses "".
      if ((min !== undefined && characterCount(value, min) < min) || (refuseBlank && value.trim() === '')) {
        ctx.issues.push({
          code: 'too_small',
          origin: 'string',
          minimum: min ?? 1,
          inclusive: true,
          input: value,
        });
      } else if (value.length > max && characterCount(value, max + 1) > max) {
        ctx.issues.push({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: value });
      }
    })
    .meta({ ...(min === undefined ? {} : { minLength: min }), maxLength: max });
}
