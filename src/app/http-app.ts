import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { type Metrics, NO_METRICS, secondsSince } from '../core/metrics.js';
import { Admission, type AdmissionLimits, admit } from '../http-bridge/admission.js';
import { createAuthenticator } from '../http-bridge/auth.js';
import { bodyReader } from '../http-bridge/body.js';
import { compressResponse } from '../http-bridge/compression.js';
import { Drain } from '../http-bridge/drain.js';
import { errorResponder, errorResponse } from '../http-bridge/errors.js';
import { FaultLog } from '../http-bridge/fault-log.js';
import {
  clientAddress,
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
import { proxyTrust } from '../http-bridge/proxy-trust.js';
import { AddressRateLimiter, type RateLimit } from '../http-bridge/rate-limit.js';
import { addRestRoutes } from '../http-bridge/rest.js';
import { ANY_METHOD, type RouteEntry, Router } from '../http-bridge/router.js';
import { createMcpEndpoint } from '../mcp/index.js';
import type { ResultCache } from '../operations/cache.js';
import { buildRouteTable, type RouteRow } from '../operations/routes.js';
import type { AnyOperation, AnyTool, Deps } from '../operations/types.js';
import { docsBaseUrl } from '../reference/docs-page.js';
import type { AnyResource } from '../resources/index.js';
import { addReferencePages, publicPageRoute } from './pages.js';
import { mountOAuth } from '../oauth/mount.js';
import type { OAuthConfig } from '../oauth/settings.js';
import { requestLabels } from './request-labels.js';

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
  /** Reverse proxies whose X-Forwarded-* headers are believed (TRUST_PROXY); none when empty. */
  trustProxy: readonly string[];
  /** The OAuth authorization server's settings, and the listener's HOST (its default issuer). */
  oauth: OAuthConfig;
  host: string;
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
  /** Every route the router answers, in the order added (route fuzzing covers each). */
  routeEntries: readonly RouteEntry[];
  /** Told the listener's port once it is bound: the OAuth issuer's port when PUBLIC_URL is not set. */
  listening(port: number): void;
}

/**
 * Composes the HTTP surface: health, reference pages, MCP, REST, errors. Every route works in the same
 * order: what the headers alone decide (rate limit, Host and Origin, key, plan), then the body within
 * its size and time bounds, then an admission slot, then the work. So no slot is ever held by a
 * client that is unauthenticated or still sending.
 */
/** `/health` (process up) and `/ready` (database reachable and not shutting down). */
function addHealthRoutes(router: Router, deps: Deps, drain: Drain, faults: FaultLog): void {
  router.add('GET', '/health', (_req, res) => {
    sendJson(res, 200, { status: 'ok', uptimeSeconds: Math.round(process.uptime()) });
  });
  router.add('GET', '/ready', async (_req, res) => {
    if (drain.draining) {
      faults.fault(res, 'info', { status: 503 }, 'not ready: shutting down');
      sendJson(res, 503, { status: 'shutting down', database: deps.store.db.kind });
      return;
    }
    const ok = await deps.store.db.ping();
    if (!ok) faults.fault(res, 'warn', { status: 503 }, 'not ready: the database is unreachable');
    // Briefly after a crash: the usage of answers then in flight is being settled (UsageSettlement).
    const settling = ok && !deps.store.usage.recovered;
    sendJson(res, ok && !settling ? 200 : 503, {
      status: settling ? 'settling usage' : ok ? 'ready' : 'database unreachable',
      database: deps.store.db.kind,
    });
  });
}

export function createHttpApp(options: HttpAppOptions): HttpApp {
  const { deps, cache, log } = options;
  const metrics = options.metrics ?? NO_METRICS;
  const admission = new Admission(options.admission);
  const drain = new Drain();
  const signalFor = (res: Res) => drain.signalFor(res);
  const takeSlot = (res: Res) => admit(admission, res, signalFor(res), metrics);
  const labels = requestLabels(options.tools);
  const limiter = new AddressRateLimiter(options.rateLimit);
  const trust = proxyTrust(options.trustProxy);
  /** The scheme and host the client used (a plain host name, else the default address). */
  const baseUrl = (req: Req) => {
    const { protocol, host } = publicOrigin(req, trust);
    return docsBaseUrl(protocol, host);
  };
  const router = new Router();
  let port: number | null = null;
  const oauth = mountOAuth(router, {
    store: deps.store,
    config: options.oauth,
    host: options.host,
    listenPort: () => {
      if (port === null) throw new Error('The listener is not bound yet: no request can be answered');
      return port;
    },
    log,
    trust,
    publicLimit: (req) => limiter.take(clientAddress(req, trust)),
  });
  const auth = createAuthenticator(deps.store.keys, options.keyCacheMs, oauth.tokens);
  const routes = buildRouteTable([...options.tools, ...options.endpoints]);
  const faults = new FaultLog(log);
  const body = { limit: options.bodyLimit, timeoutMs: options.bodyTimeoutMs, log };
  const publicPage = publicPageRoute({
    limit: (req) => limiter.take(clientAddress(req, trust)),
    admit: takeSlot,
  });
  addHealthRoutes(router, deps, drain, faults);
  addReferencePages(router, { ...options, routes, publicPage, baseUrl });
  const endpoint = options.metricsEndpoint;
  router.add('GET', '/metrics', metricsRoute(endpoint?.token ?? null, endpoint?.source ?? NO_SOURCE));

  const toolsByName = new Map(options.tools.map((t) => [t.name, t as AnyOperation]));
  const mcp = createMcpEndpoint({
    ...options,
    encode: compressResponse,
    refusal: errorResponse,
    sendJson: (res, text, report) => send(res, 200, 'application/json', text, undefined, report),
  });
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
      faults,
      resourceMetadataUrl: oauth.resourceMetadataUrl,
      toolNamed: (name) => toolsByName.get(name),
      signalFor,
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
    trust,
    signalFor,
    label: labels.set,
    resourceMetadataUrl: oauth.resourceMetadataUrl,
  });

  /** Per-request bookkeeping: the request metric when the response closes, drain, fault log, headers. */
  const begin = (req: Req, res: Res): void => {
    const start = performance.now();
    res.once('close', () =>
      faults.contain('recording the request metric', () => {
        const { operation, surface } = labels.of(res, req);
        // A response that never finished: the client closed first (499, as proxies log it).
        metrics.request(operation, surface, res.writableFinished ? res.statusCode : 499, secondsSince(start));
      }),
    );
    drain.track(res);
    faults.watch(req, res);
    res.setHeader('X-Request-Id', randomUUID());
    // No answer of this service is meant to be sniffed into another type (an SVG or JSON as HTML).
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Admitted requests overwrite this with their wait; the rest never queued.
    res.setHeader('X-Queue-Wait-Ms', '0');
  };
  const onError = errorResponder(faults, metrics, oauth.resourceMetadataUrl);
  // No request may end the process: a route's throw or rejection reaches onError, which never throws.
  const handle = (req: Req, res: Res): void => {
    try {
      begin(req, res);
      const target = parseTarget(req.url);
      const answer = router.find(req, res, target.path)(req, res, target);
      if (answer) answer.then(undefined, (e: unknown) => onError(e, req, res));
    } catch (e) {
      onError(e, req, res);
    }
  };
  return {
    handle,
    admission,
    routes,
    drain,
    routeEntries: router.entries(),
    listening: (bound) => {
      port = bound;
    },
  };
}

const NO_SOURCE: MetricsSource = { text: async () => '', contentType: 'text/plain' };
