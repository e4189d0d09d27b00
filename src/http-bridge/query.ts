import * as z from 'zod';

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
 * Query strings arrive as text; numbers and booleans are read here against the operation's own
 * schema (the only place input is coerced). Unreadable values are passed through so the schema
 * reports them with the field name. Repeated parameters keep their last value.
 */
export function coerceQuery(schema: z.ZodObject, query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const shape = schema.shape as Record<string, z.ZodType>;
  for (const [k, raw] of Object.entries(query)) {
    const v = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    const field = shape[k];
    if (!field || typeof v !== 'string') {
      out[k] = v;
      continue;
    }
    const base = baseType(field);
    if (base instanceof z.ZodNumber) {
      const n = v.trim() === '' ? Number.NaN : Number(v);
      out[k] = Number.isFinite(n) ? n : v;
    } else if (base instanceof z.ZodBoolean) {
      out[k] = v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v;
    } else {
      out[k] = v;
    }
  }
  return out;
}
