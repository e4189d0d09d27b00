import type * as z from 'zod';
import { AppError } from '../core/errors.js';
import type { AnyOperation } from './types.js';

/** Zod issues -> one `invalid_input` naming each field and what it accepts. */
export function inputError(error: z.ZodError): AppError {
  const details = error.issues.map((i) => ({ field: i.path.join('.') || '(body)', message: i.message }));
  const summary = details.map((d) => `${d.field}: ${d.message}`).join('; ');
  return new AppError('invalid_input', `Invalid input: ${summary}`, { details });
}

/** Parses raw input with the operation's own schema; the one place input is validated. */
export function parseInput(op: AnyOperation, raw: unknown): z.infer<AnyOperation['input']> {
  const parsed = op.input.safeParse(raw);
  if (!parsed.success) throw inputError(parsed.error);
  return parsed.data;
}
