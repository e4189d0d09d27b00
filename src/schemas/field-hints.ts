import * as z from 'zod';
import type { FormProblem } from '../core/time/index.js';

/**
 * What an input field accepts, said for a person, for the messages of rejected input. Fields without
 * a hint are described from their JSON Schema (type, range, length, allowed values), so a hint is
 * only needed where the schema alone reads badly (a date format, a place).
 */
export interface FieldHint {
  /** e.g. 'the local time as HH:MM (24-hour), e.g. "14:30"'. Completes "required, send ..." and "must be ...". */
  expected: string;
  /** For a text whose form is wrong: what is wrong and, when there is one, the value to send instead. */
  problem?: (value: string) => FormProblem | null;
  /**
   * A number past this field's minimum or maximum is `out_of_range` (dates the ephemeris does not
   * cover), not `invalid_input`: the same code a date outside the files gets from every other tool.
   */
  outOfRange?: true;
}

/** Private registry (not the global one), so the hints never leak into the advertised JSON Schema. */
export const fieldHints = z.registry<FieldHint>();

/** Attaches a hint to the schema as it will sit in the object shape (call it last: zod methods clone). */
export function hinted<S extends z.ZodType>(schema: S, hint: FieldHint): S {
  fieldHints.add(schema, hint);
  return schema;
}
