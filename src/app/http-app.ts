import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { EPHEMERIS_ENGINE } from '../core/ephemeris/index.js';
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
import { hostGuard, type McpEdgePolicy } from '../http-bridge/mcp-guard.js';
import { mcpRoute } from '../http-bridge/mcp-route.js';
import { type MetricsSource, metricsRoute } from '../http-bridge/metrics-route.js';
import { type ProxyTrust, proxyTrust } from '../http-bridge/proxy-trust.js';
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
  /** The start-up work (service.ts): `/ready` answers 503 `starting` until it has settled. */
  startup?: Promise<unknown>;
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
/**
 * `/health` (process up) and `/ready`: the database reachable, the usage of a crashed process settled,
 * the start-up work done (its memory released, so no start-up pause falls on traffic a balancer sent
 * on a 200), and not shutting down. Its 503s are expected and logged where their cause is: the
 * outage as it changes, the start-up once it ends.
 */
function addHealthRoutes(
  router: Router,
  deps: Deps,
  drain: Drain,
  faults: FaultLog,
  started: () => boolean,
): void {
  router.add('GET', '/health', (_req, res) => {
    sendJson(res, 200, {
      status: 'ok',
      uptimeSeconds: Math.round(process.uptime()),
      ephemeris: EPHEMERIS_ENGINE.kind,
    });
  });
  router.add('GET', '/ready', async (_req, res) => {
    if (drain.draining) {
      faults.fault(res, 'info', { status: 503 }, 'not ready: shutting down');
      sendJson(res, 503, { status: 'shutting down', database: deps.store.db.kind });
      return;
    }
    const ok = await deps.store.db.ping();
    // Briefly after a crash: the usage of answers then in flight is being settled (UsageSettlement).
    const status = !ok
      ? 'database unreachable'
      : !deps.store.usage.recovered
        ? 'settling usage'
        : !started()
          ? 'starting'
          : 'ready';
    if (status !== 'ready') faults.expected(res);
    sendJson(res, status === 'ready' ? 200 : 503, { status, database: deps.store.db.kind });
  });
}

/** The OAuth authorization server on the router, with the service's Host rule and address limit. */
function mountAuthorizationServer(
  router: Router,
  options: HttpAppOptions,
  { trust, limiter }: { trust: ProxyTrust; limiter: AddressRateLimiter },
  listenPort: () => number,
) {
  return mountOAuth(router, {
    store: options.deps.store,
    config: options.oauth,
    host: options.host,
    listenPort,
    log: options.log,
    trust,
    publicLimit: (req) => limiter.take(clientAddress(req, trust)),
    operations: { tools: options.tools, endpoints: options.endpoints },
    checkHost: hostGuard(options.mcpEdge.loopbackOnly),
  });
}

/** Per-request bookkeeping: the request metric when the response closes, drain, fault log, headers. */
function requestBookkeeping(
  faults: FaultLog,
  metrics: Metrics,
  labels: ReturnType<typeof requestLabels>,
  drain: Drain,
): (req: Req, res: Res) => void {
  return (req, res) => {
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
  const oauth = mountAuthorizationServer(router, options, { trust, limiter }, () => {
    if (port === null) throw new Error('The listener is not bound yet: no request can be answered');
    return port;
  });
  const auth = createAuthenticator(deps.store.keys, options.keyCacheMs, oauth.tokens);
  const routes = buildRouteTable([...options.tools, ...options.endpoints]);
  const faults = new FaultLog(log);
  const body = { limit: options.bodyLimit, timeoutMs: options.bodyTimeoutMs, log };
  const publicPage = publicPageRoute({
    limit: (req) => limiter.take(clientAddress(req, trust)),
    admit: takeSlot,
  });
  let started = options.startup === undefined;
  void options.startup?.finally(() => (started = true)).catch(() => {});
  addHealthRoutes(router, deps, drain, faults, () => started);
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

  const begin = requestBookkeeping(faults, metrics, labels, drain);
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
