import * as z from 'zod';
import type { AnyOperation, HttpBinding } from '../operations/types.js';

/** One REST route: a canonical path or a legacy alias of one, bound to an operation. */
export interface RouteRow {
  method: HttpBinding['method'];
  path: string;
  op: AnyOperation;
  binding: HttpBinding;
  /** Query parameters an alias fixes (e.g. include=tooltips for the -tooltip paths). */
  fixedQuery: Readonly<Record<string, string>>;
  /** For an alias row: the canonical path it stands for. */
  aliasOf: string | null;
}

export interface AliasTarget {
  method: HttpBinding['method'];
  canonical: string;
  query: Readonly<Record<string, string>>;
}

/** The route table, generated from the operations; duplicate method+path pairs are a startup error. */
export function buildRouteTable(ops: readonly AnyOperation[]): RouteRow[] {
  const rows: RouteRow[] = [];
  const seen = new Set<string>();
  const add = (row: RouteRow) => {
    const key = `${row.method} ${row.path}`;
    if (seen.has(key)) throw new Error(`Route ${key} is defined twice`);
    seen.add(key);
    rows.push(row);
  };
  for (const op of ops) {
    for (const binding of op.http) {
      add({ method: binding.method, path: binding.path, op, binding, fixedQuery: {}, aliasOf: null });
      for (const alias of binding.aliases ?? []) {
        add({
          method: binding.method,
          path: alias.path,
          op,
          binding,
          fixedQuery: alias.query ?? {},
          aliasOf: binding.path,
        });
      }
    }
  }
  return rows;
}

/** The legacy alias map: `METHOD legacyPath` -> canonical route plus fixed query. */
export function aliasMap(rows: readonly RouteRow[]): Map<string, AliasTarget> {
  const map = new Map<string, AliasTarget>();
  for (const r of rows) {
    if (r.aliasOf)
      map.set(`${r.method} ${r.path}`, { method: r.method, canonical: r.aliasOf, query: r.fixedQuery });
  }
  return map;
}

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
