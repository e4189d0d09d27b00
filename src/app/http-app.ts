import { randomUUID } from 'node:crypto';
import { type Metrics, NO_METRICS, secondsSince, type Surface } from '../core/metrics.js';
import type { Logger } from 'pino';
import { createMcpEndpoint } from '../mcp/index.js';
import type { ResultCache } from '../operations/cache.js';
import type { AnyOperation, AnyTool, Deps } from '../operations/types.js';
import type { AnyResource } from '../resources/index.js';
import { Admission, type AdmissionLimits, admit } from '../http-bridge/admission.js';
import { createAuthenticator } from '../http-bridge/auth.js';
import { bodyReader } from '../http-bridge/body.js';
import { docsBaseUrl, renderDocsPage } from '../reference/docs-page.js';
import { Drain } from '../http-bridge/drain.js';
import { errorResponder } from '../http-bridge/errors.js';
import {
  clientAddress,
  HTML_TYPE,
  JAVASCRIPT_TYPE,
  JSON_TYPE,
  parseTarget,
  publicOrigin,
  type Req,
  type Res,
  send,
  sendJson,
} from '../http-bridge/http.js';
import type { McpEdgePolicy } from '../http-bridge/mcp-guard.js';
import { mcpRoute } from '../http-bridge/mcp-route.js';
import { type MetricsSource, metricsRoute } from '../http-bridge/metrics-route.js';
import { buildOpenApi } from '../reference/openapi.js';
import {
  PLAYGROUND_SCRIPT_PATH,
  playgroundScript,
  playgroundTools,
  renderPlayground,
} from '../reference/playground.js';
import { operationExamples } from '../reference/openapi-examples.js';
import { AddressRateLimiter, type RateLimit } from '../http-bridge/rate-limit.js';
import { addRestRoutes } from '../http-bridge/rest.js';
import { ANY_METHOD, Router } from '../http-bridge/router.js';
import { buildRouteTable, type RouteRow } from '../operations/routes.js';

export interface HttpAppOptions {
  tools: readonly AnyTool[];
  endpoints: readonly AnyOperation[];
  resources: readonly AnyResource[];
  deps: Deps;
  cache: ResultCache;
  log: Logger;
  admission: AdmissionLimits;
  rateLimit: RateLimit;
  /** Largest accepted JSON body, e.g. "100kb" (REST and /mcp alike). */
  bodyLimit: string;
  /** Longest time a request body may take to arrive, in milliseconds (408 beyond). */
  bodyTimeoutMs: number;
  /** Host and Origin rules for /mcp. */
  mcpEdge: McpEdgePolicy;
  /** How long an authenticated key is trusted before it is looked up again (revocation delay). */
  keyCacheMs: number;
  /** Request, admission and rejection metrics; none by default. */
  metrics?: Metrics;
  /** `/metrics`: the bearer token it needs (null: 404) and what it serves. */
  metricsEndpoint?: { token: string | null; source: MetricsSource };
}

export interface HttpApp {
  /** The request listener for `http.createServer`. */
  handle: (req: Req, res: Res) => void;
  admission: Admission;
  routes: RouteRow[];
  /** Shutdown drain: /ready answers 503 and every response closes its connection. */
  drain: Drain;
}

/**
 * Composes the HTTP surface: health, reference pages, MCP, REST, errors. Every route works in the same
 * order: what the headers alone decide (rate limit, Host and Origin, key, plan), then the body within
 * its size and time bounds, then an admission slot, then the work. So no slot is ever held by a
 * client that is unauthenticated or still sending.
 */
export function createHttpApp(options: HttpAppOptions): HttpApp {
  const { deps, cache, log } = options;
  const metrics = options.metrics ?? NO_METRICS;
  const admission = new Admission(options.admission);
  const takeSlot = (res: Res) => admit(admission, res, metrics);
  const labels = requestLabels(options.tools);
  const limiter = new AddressRateLimiter(options.rateLimit);
  const auth = createAuthenticator(deps.store.keys, options.keyCacheMs);
  const routes = buildRouteTable([...options.tools, ...options.endpoints]);
  const drain = new Drain();
  const body = { limit: options.bodyLimit, timeoutMs: options.bodyTimeoutMs, log };
  const router = new Router();
  /** Key-less pages: the address rate limit, then a slot like every other route. */
  const publicPage =
    (render: (req: Req) => Promise<string> | string, type: string) => async (req: Req, res: Res) => {
      limiter.take(clientAddress(req));
      await takeSlot(res);
      send(res, 200, type, await render(req));
    };

  addHealthRoutes(router, deps, drain);

  // Built on first use (response examples run each operation once), then served as the same bytes.
  let openApiJson: Promise<string> | null = null;
  router.add(
    'GET',
    '/openapi.json',
    publicPage(() => {
      openApiJson ??= operationExamples(
        routes.map((r) => r.op),
        deps,
        log,
      ).then((examples) => JSON.stringify(buildOpenApi(routes, options.tools, examples)));
      return openApiJson;
    }, JSON_TYPE),
  );
  let playground: string | null = null;
  router.add(
    'GET',
    '/',
    publicPage(() => (playground ??= renderPlayground(playgroundTools(routes, options.tools))), HTML_TYPE),
  );
  let script: Promise<string> | null = null;
  router.add(
    'GET',
    PLAYGROUND_SCRIPT_PATH,
    publicPage(() => (script ??= playgroundScript()), JAVASCRIPT_TYPE),
  );
  let docsPage: ((baseUrl: string) => string) | null = null;
  router.add(
    'GET',
    '/docs',
    publicPage((req) => {
      docsPage ??= renderDocsPage(routes, options.tools, options.resources);
      const { protocol, host } = publicOrigin(req);
      return docsPage(docsBaseUrl(protocol, host));
    }, HTML_TYPE),
  );

  const endpoint = options.metricsEndpoint;
  router.add('GET', '/metrics', metricsRoute(endpoint?.token ?? null, endpoint?.source ?? NO_SOURCE));

  const mcp = createMcpEndpoint(options);
  router.add(
    ANY_METHOD,
    '/mcp',
    mcpRoute({
      mcp,
      auth,
      edge: options.mcpEdge,
      readBody: bodyReader({ ...body, anyType: true }),
      admit: takeSlot,
      label: labels.mcp,
    }),
  );
  addRestRoutes(router, {
    routes,
    deps,
    cache,
    auth,
    limiter,
    readBody: bodyReader(body),
    admit: takeSlot,
    label: labels.set,
  });

  const handle = requestHandler(router, drain, errorResponder(log, metrics), (req, res, start) => {
    const { operation, surface } = labels.of(res, req);
    // A response that never finished: the client closed first (499, as proxies log it).
    metrics.request(operation, surface, res.writableFinished ? res.statusCode : 499, secondsSince(start));
  });
  return { handle, admission, routes, drain };
}

const NO_SOURCE: MetricsSource = { text: async () => '', contentType: 'text/plain' };

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
function requestLabels(tools: readonly AnyTool[]) {
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

/** `/health` (the process is up) and `/ready` (database reachable and not draining). */
function addHealthRoutes(router: Router, deps: Deps, drain: Drain): void {
  router.add('GET', '/health', (_req, res) => {
    sendJson(res, 200, { status: 'ok', uptimeSeconds: Math.round(process.uptime()) });
  });
  router.add('GET', '/ready', async (_req, res) => {
    if (drain.draining) {
      sendJson(res, 503, { status: 'shutting down', database: deps.store.db.kind });
      return;
    }
    const ok = await deps.store.db.ping();
    sendJson(res, ok ? 200 : 503, {
      status: ok ? 'ready' : 'database unreachable',
      database: deps.store.db.kind,
    });
  });
}

/** Every request: tracked by the drain, given an id, routed, its failure answered, and measured once it closes. */
function requestHandler(
  router: Router,
  drain: Drain,
  onError: (e: unknown, req: Req, res: Res) => void,
  measure: (req: Req, res: Res, start: number) => void,
): (req: Req, res: Res) => void {
  return (req, res) => {
    const start = performance.now();
    res.once('close', () => measure(req, res, start));
    drain.track(res);
    res.setHeader('X-Request-Id', randomUUID());
    // Admitted requests overwrite this with their wait; the rest never queued.
    res.setHeader('X-Queue-Wait-Ms', '0');
    try {
      const target = parseTarget(req.url);
      const answer = router.find(req, res, target.path)(req, res, target);
      if (answer) answer.catch((e: unknown) => onError(e, req, res));
    } catch (e) {
      onError(e, req, res);
    }
  };
}
