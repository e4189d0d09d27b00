import { parseTarget, type Req, type Res } from '../http-bridge/http.js';
import type { Surface } from '../core/metrics.js';
import type { AnyTool } from '../operations/types.js';
import { CJK_FONT_PATH, PLAYGROUND_SCRIPT_PATH } from '../reference/playground.js';

/** JSON-RPC methods named as they are in the request metrics; any other is `other`. */
const MCP_METHODS = new Set([
  'initialize',
  'notifications/initialized',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
]);

/**
 * The operation and surface of each request, for the request metrics: set by the REST and MCP routes,
 * else the route's own path (health, pages) or `unmatched`. Label values come only from the registry
 * and fixed lists, never from what a caller sends, so the number of series stays bounded.
 */
export function requestLabels(tools: readonly AnyTool[]) {
  const byRes = new WeakMap<Res, { operation: string; surface: Surface }>();
  const toolNames = new Set(tools.map((t) => t.name));
  const fixed = new Set([
    '/health',
    '/ready',
    '/metrics',
    '/openapi.json',
    '/',
    '/docs',
    PLAYGROUND_SCRIPT_PATH,
    CJK_FONT_PATH,
  ]);
  const mcpOperation = (body: unknown): string => {
    const message = (typeof body === 'object' && body !== null ? body : {}) as {
      method?: unknown;
      params?: { name?: unknown };
    };
    const { method } = message;
    if (method === 'tools/call') {
      const name = message.params?.name;
      return typeof name === 'string' && toolNames.has(name) ? name : 'tools/call';
    }
    return typeof method === 'string' && MCP_METHODS.has(method) ? method : 'other';
  };
  return {
    set: (res: Res, operation: string, surface: Surface) => byRes.set(res, { operation, surface }),
    mcp: (res: Res, body: unknown) =>
      byRes.set(res, { operation: body === null ? 'unread' : mcpOperation(body), surface: 'mcp' }),
    of(res: Res, req: Req): { operation: string; surface: Surface } {
      const label = byRes.get(res);
      if (label) return label;
      const path = parseTarget(req.url).path;
      return { operation: fixed.has(path) ? path : 'unmatched', surface: 'other' };
    },
  };
}
