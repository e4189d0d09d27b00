import type { AnyOperation, HttpBinding } from './types.js';

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
