import { AppError } from '../core/errors.js';
import type { Req, Res, Target } from './http.js';

export type Handler = (req: Req, res: Res, target: Target) => Promise<void> | void;

/** Every method, for a route that answers all of them itself (/mcp). */
export const ANY_METHOD = '*';

/** A route as added: its method (`*` for every one) and path, or the prefix every path under it takes. */
export interface RouteEntry {
  method: string;
  path: string;
  prefix: boolean;
}

/** Paths match without regard to case or one trailing slash, as they did under express's defaults. */
const normalize = (path: string): string =>
  (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase();

/**
 * Exact-path routing: one map lookup per request (every path of the service is fixed). HEAD is
 * answered by the GET route (Node sends no body for it); a known path with another method is 405
 * naming the allowed ones, anything else 404.
 */
export class Router {
  private readonly paths = new Map<string, Map<string, Handler>>();
  private readonly prefixes: { prefix: string; handler: Handler }[] = [];

  /** Every method on every path under `prefix` (a library that routes its own paths). */
  addPrefix(prefix: string, handler: Handler): void {
    this.prefixes.push({ prefix: prefix.toLowerCase(), handler });
  }

  add(method: string, paths: string | readonly string[], handler: Handler): void {
    for (const path of typeof paths === 'string' ? [paths] : paths) {
      const key = normalize(path);
      const methods = this.paths.get(key) ?? new Map<string, Handler>();
      if (methods.has(method)) throw new Error(`Route ${method} ${path} is defined twice`);
      methods.set(method, handler);
      this.paths.set(key, methods);
    }
  }

  /** Every route, exact paths then prefixes (paths in their matching form: lower case, no trailing slash). */
  entries(): RouteEntry[] {
    const exact = [...this.paths].flatMap(([path, methods]) =>
      [...methods.keys()].map((method) => ({ method, path, prefix: false })),
    );
    return [
      ...exact,
      ...this.prefixes.map(({ prefix }) => ({ method: ANY_METHOD, path: prefix, prefix: true })),
    ];
  }

  /** The handler for this request; throws 405 (with the Allow header set) or 404. */
  find(req: Req, res: Res, path: string): Handler {
    const methods = this.paths.get(normalize(path));
    const method = req.method ?? 'GET';
    const handler =
      methods?.get(method) ??
      methods?.get(ANY_METHOD) ??
      (method === 'HEAD' ? methods?.get('GET') : undefined);
    if (handler) return handler;
    if (!methods) {
      const lower = path.toLowerCase();
      const under = this.prefixes.find((p) => lower.startsWith(p.prefix));
      if (under) return under.handler;
    }
    if (methods) {
      const allowed = [...methods.keys()];
      res.setHeader('Allow', allowed.join(', '));
      throw new AppError(
        'method_not_allowed',
        `${method} is not supported on ${path}; use ${allowed.join(' or ')}.`,
      );
    }
    throw new AppError('not_found', `No endpoint ${method} ${path}. The API reference is at /docs.`);
  }
}
