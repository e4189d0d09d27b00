import * as z from 'zod';
import { characterCount } from '../core/characters.js';
import { AppError, type ErrorDetail } from '../core/errors.js';
import { type FieldHint, fieldHints } from '../schemas/field-hints.js';
import type { AnyOperation } from './types.js';

/**
 * Input validation for REST and MCP alike: the operation's own zod schema decides, and every issue is
 * rewritten for a person. No validator wording reaches a caller: each detail names the field, what it
 * accepts (from the field's hint or its JSON Schema) and what was received, plus the value to send
 * instead when there is exactly one.
 */

/** One `error.details` entry of rejected input. */
export interface InputDetail extends ErrorDetail {
  field: string;
  message: string;
  expected?: string;
  received?: unknown;
  suggestion?: string;
}

/** Parses raw input with the operation's own schema; the one place input is validated. */
export function parseInput(op: AnyOperation, raw: unknown): z.infer<AnyOperation['input']> {
  op.precheck?.(raw);
  const parsed = op.input.safeParse(raw);
  if (!parsed.success) throw inputError(parsed.error, op.input, raw);
  return parsed.data;
}

/**
 * Zod issues -> one error whose message lists each field and what to send: `invalid_input`, or
 * `out_of_range` when every issue is a number past the bounds of a field hinted `outOfRange`.
 */
export function inputError(error: z.ZodError, schema: z.ZodType, raw: unknown): AppError {
  const details = error.issues.map((issue) => detailOf(issue, schema, raw));
  const summary = details.map((d) => `${d.field}: ${d.message}`).join('; ');
  const outOfRange = error.issues.every((issue) => {
    const target = schemaAt(schema, issue.path);
    const bound = issue.code === 'too_small' || issue.code === 'too_big';
    return bound && issue.origin === 'number' && target !== undefined && hintOf(target)?.outOfRange === true;
  });
  return new AppError(outOfRange ? 'out_of_range' : 'invalid_input', summary, { details });
}

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

function detailOf(issue: Issue, root: z.ZodType, raw: unknown): InputDetail {
  const field = issue.path.length ? issue.path.map(String).join('.') : '(body)';
  const present = valueAt(raw, issue.path);
  const value = present.found ? present.value : undefined;
  const received = present.found ? { received: receivedOf(value) } : {};
  const renamed = present.found ? undefined : renamedField(raw, issue.path);

  // Our own refinements already speak to a person.
  if (issue.code === 'custom') {
    return renamed
      ? { field, message: `${issue.message}${renamed.note}`, suggestion: renamed.suggestion }
      : { field, message: issue.message, ...received };
  }

  const target = schemaAt(root, issue.path);
  const hint = target ? hintOf(target) : undefined;
  const expected = hint?.expected ?? (target ? expectedOf(target) : 'a valid value');

  if (issue.path.length === 0) {
    return {
      field,
      message: `must be a JSON object with the fields of this operation, got ${shown(value)}`,
      expected: 'a JSON object',
      received: receivedOf(value),
    };
  }
  if (!present.found) {
    return {
      field,
      message: `required, send ${expected}${renamed?.note ?? ''}`,
      expected,
      ...(renamed ? { suggestion: renamed.suggestion } : {}),
    };
  }
  if (issue.code === 'invalid_format' && hint?.problem && typeof value === 'string') {
    const problem = hint.problem(value);
    if (problem) {
      return {
        field,
        message: problem.message,
        expected,
        ...received,
        ...(problem.suggestion === undefined ? {} : { suggestion: problem.suggestion }),
      };
    }
  }
  if ((issue.code === 'too_small' || issue.code === 'too_big') && typeof value === 'string') {
    const size = issue.code === 'too_small' ? 'too short' : 'too long';
    const count = characterCount(value);
    return {
      field,
      message: `${value.length > 60 ? 'is' : `${shown(value)} is`} ${size} (${count} ${count === 1 ? 'character' : 'characters'}): send ${expected}`,
      expected,
      ...received,
    };
  }
  return { field, message: `must be ${expected}, got ${shown(value)}`, expected, ...received };
}

/** The raw value at a path, and whether it was there at all (undefined counts as absent). */
function valueAt(raw: unknown, path: Path): { found: boolean; value: unknown } {
  let v = raw;
  for (const key of path) {
    if (typeof v !== 'object' || v === null || !Object.hasOwn(v, key))
      return { found: false, value: undefined };
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return { found: v !== undefined, value: v };
}

/** Walks the schema along an issue path (objects by key, arrays by element). */
function schemaAt(root: z.ZodType, path: Path): z.ZodType | undefined {
  let s: z.ZodType | undefined = root;
  for (const key of path) {
    const inner: z.ZodType | undefined = s ? unwrap(s) : undefined;
    if (inner instanceof z.ZodObject) s = (inner.shape as Record<string, z.ZodType>)[String(key)];
    else if (inner instanceof z.ZodArray) s = inner.element as z.ZodType;
    else return undefined;
  }
  return s;
}

/** Optional, default and nullable wrappers -> the schema inside, checking each layer for a hint. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodNullable) {
    s = s.unwrap() as z.ZodType;
  }
  return s;
}

function hintOf(schema: z.ZodType): FieldHint | undefined {
  let s = schema;
  for (;;) {
    const hint = fieldHints.get(s);
    if (hint) return hint;
    if (s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodNullable) {
      s = s.unwrap() as z.ZodType;
    } else return undefined;
  }
}

interface JsonSchemaView {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  description?: string;
}

const expectedCache = new WeakMap<z.ZodType, string>();

/** What a field accepts, read from the JSON Schema the caller is shown. */
function expectedOf(schema: z.ZodType): string {
  const cached = expectedCache.get(schema);
  if (cached) return cached;
  const js = z.toJSONSchema(unwrap(schema), { io: 'input', unrepresentable: 'any' }) as JsonSchemaView;
  const text = describeJsonSchema(js);
  expectedCache.set(schema, text);
  return text;
}

const range = (min: number | undefined, max: number | undefined, unit: string): string => {
  if (min !== undefined && max !== undefined) return ` from ${min} to ${max}${unit}`;
  if (min !== undefined) return ` of at least ${min}${unit}`;
  if (max !== undefined) return ` of at most ${max}${unit}`;
  return '';
};

function describeJsonSchema(js: JsonSchemaView): string {
  if (js.enum) return `one of ${js.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  if (js.const !== undefined) return JSON.stringify(js.const);
  switch (js.type) {
    case 'integer':
      return `an integer${range(js.minimum, js.maximum, '')}`;
    case 'number':
      return `a number${range(js.minimum, js.maximum, '')}`;
    case 'boolean':
      return 'true or false';
    case 'array': {
      const n = js.minItems !== undefined && js.maxItems !== undefined;
      return n
        ? `a list of ${js.minItems} to ${js.maxItems} entries`
        : `a list${range(js.minItems, js.maxItems, ' entries')}`;
    }
    case 'object':
      return 'an object';
    case 'string': {
      const length =
        js.minLength !== undefined && js.maxLength !== undefined
          ? ` of ${js.minLength} to ${js.maxLength} characters`
          : range(js.minLength, js.maxLength, ' characters');
      if (!js.pattern) return `a string${length}`;
      return `a string matching ${js.pattern}${js.description ? ` (${js.description})` : ''}`;
    }
    default:
      return js.description ? `as described: ${js.description}` : 'a valid value';
  }
}

/** The received value for `details`: scalars as sent (long text cut), containers by kind. */
function receivedOf(value: unknown): unknown {
  if (typeof value === 'string' && value.length > 100) return `${value.slice(0, 100)}...`;
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value;
  return Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : typeof value;
}

/** The received value in a sentence: `"abc"`, `91`, `a list of 11 entries`. */
function shown(value: unknown): string {
  if (typeof value === 'string') {
    return value.length > 60
      ? `${JSON.stringify(value.slice(0, 57))}... (${value.length} characters)`
      : JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    return value.length === 0
      ? 'an empty list'
      : `a list of ${value.length} ${value.length === 1 ? 'entry' : 'entries'}`;
  }
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** A sent key that is the missing field with other case or separators (`birth_date`, `BirthDate`). */
function renamedField(raw: unknown, path: Path): { note: string; suggestion: string } | undefined {
  const name = path.at(-1);
  const container = valueAt(raw, path.slice(0, -1)).value;
  if (
    typeof name !== 'string' ||
    typeof container !== 'object' ||
    container === null ||
    Array.isArray(container)
  )
    return undefined;
  const squash = (k: string) => k.toLowerCase().replace(/[_\s-]/g, '');
  const near = Object.keys(container).find((k) => k !== name && squash(k) === squash(name));
  return near === undefined
    ? undefined
    : {
        note: ` (the field "${near}" was sent: its name is ${name})`,
        suggestion: `rename "${near}" to "${name}"`,
      };
}
