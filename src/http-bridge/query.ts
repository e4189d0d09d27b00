import * as z from 'zod';
import { AppError } from '../core/errors.js';

/** Unwraps optional/default/nullable wrappers to the schema that decides how a string is read. */
function baseType(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let i = 0; i < 8; i++) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) {
      s = s.unwrap() as z.ZodType;
    } else break;
  }
  return s;
}

/**
 * The forms a query string may give a number in: an integer in decimal digits; any other number in
 * JSON's number syntax, exponent included (`latitude=1e-7`, as float formatters write small values:
 * OpenAPI's `type: number` allows it). `Number()` alone would also read `0x320`, `" 800"`, `"+800"` and
 * `""`, none of which the API reference documents.
 */
const INTEGER_FORM = /^-?\d+$/;
const NUMBER_FORM = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** One query value read against its field: a number or boolean in its documented form, else the text as sent. */
function readValue(field: z.ZodType, text: string): unknown {
  const base = baseType(field);
  if (base instanceof z.ZodNumber) {
    return (base.isInt ? INTEGER_FORM : NUMBER_FORM).test(text) ? Number(text) : text;
  }
  if (base instanceof z.ZodBoolean) return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

const repeated = (name: string, values: readonly string[]) =>
  new AppError('invalid_input', `${name}: sent ${values.length} times; send it once.`, {
    details: [
      {
        field: name,
        message: `sent ${values.length} times (${values.map((v) => JSON.stringify(v)).join(', ')}); send it once`,
        received: values,
      },
    ],
  });

const conflicting = (other: string, field: string, values: readonly string[]) => {
  const message = `${other} and ${field} are two names for one input and were sent with different values; send one of them`;
  return new AppError('invalid_input', `${other}, ${field}: ${message}.`, {
    details: [
      { field: other, message, received: values[0] },
      { field, message, received: values[1] },
    ],
  });
};

/**
 * The query parameters an operation reads, as its schema expects them (the only place input is
 * coerced): numbers and booleans in their documented forms (an integer is `^-?\d+$`, a number in
 * JSON's syntax, a boolean `true` or `false`); anything else stays text, so the schema refuses it naming
 * the field. A parameter of the operation sent twice is refused (`width=800&width=900` used to keep
 * the last); a field sent under two accepted names (`q` and `query`) must carry one value, which is
 * then checked once. Parameters the operation does not read are left as they are.
 */
export function readQuery(
  schema: z.ZodObject,
  query: Record<string, string | string[]>,
  otherNames: Readonly<Record<string, string>> = {},
): Record<string, unknown> {
  const shape = schema.shape as Record<string, z.ZodType>;
  const single: Record<string, string> = {};
  for (const [name, raw] of Object.entries(query)) {
    const known = name in shape || name in otherNames;
    if (Array.isArray(raw)) {
      if (known) throw repeated(name, raw);
      continue;
    }
    single[name] = raw;
  }
  for (const [other, field] of Object.entries(otherNames)) {
    if (!(other in single)) continue;
    if (field in single && single[field] !== single[other])
      throw conflicting(other, field, [single[other]!, single[field]!]);
    single[field] = single[other]!;
    delete single[other];
  }
  const out: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(single)) {
    const field = shape[name];
    out[name] = field ? readValue(field, text) : text;
  }
  return out;
}
