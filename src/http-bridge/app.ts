import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { createMcpEndpoint } from '../mcp/index.js';
import type { ResultCache } from '../operations/cache.js';
import type { AnyOperation, AnyTool, Deps } from '../operations/types.js';
import type { AnyResource } from '../resources/index.js';
import { Admission, type AdmissionLimits, admissionMiddleware } from './admission.js';
import { createAuthenticator } from './auth.js';
import { jsonBody } from './body.js';
import { docsBaseUrl, renderDocsPage } from './docs.js';
import { Drain } from './drain.js';
import { errorHandler, sendError } from './errors.js';
import type { McpEdgePolicy } from './mcp-guard.js';
import { mcpRoute } from './mcp-route.js';
import { buildOpenApi } from './openapi.js';
import { playgroundTools, renderPlayground } from './playground.js';
import { operationExamples } from './openapi-examples.js';
import { AddressRateLimiter, type RateLimit } from './rate-limit.js';
import { restRouter } from './rest.js';
import { buildRouteTable, type RouteRow } from './routes.js';

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
}

export interface HttpApp {
  app: express.Express;
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
  const app = express();
  app.disable('x-powered-by');
  // Answers are computed per request (and mostly POSTs): a SHA-1 ETag of every body buys nothing.
  app.set('etag', false);
  app.set('trust proxy', 'loopback');
  const admission = new Admission(options.admission);
  const admit = admissionMiddleware(admission, sendError);
  const limiter = new AddressRateLimiter(options.rateLimit);
  const auth = createAuthenticator(deps.store.keys, options.keyCacheMs);
  const routes = buildRouteTable([...options.tools, ...options.endpoints]);
  const drain = new Drain();
  const body = { limit: options.bodyLimit, timeoutMs: options.bodyTimeoutMs, log };

  app.use(drain.middleware);
  app.use((_req, res, next) => {
    res.set('X-Request-Id', randomUUID());
    // Admitted requests overwrite this with their wait; the rest never queued.
    res.set('X-Queue-Wait-Ms', '0');
    next();
  });

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) });
  });
  app.get('/ready', async (_req, res) => {
    if (drain.draining) {
      res.status(503).json({ status: 'shutting down', database: deps.store.db.kind });
      return;
    }
    const ok = await deps.store.db.ping();
    res
      .status(ok ? 200 : 503)
      .json({ status: ok ? 'ready' : 'database unreachable', database: deps.store.db.kind });
  });

  const publicLimited = (req: Request, _res: Response, next: NextFunction) => {
    limiter.take(req.ip ?? 'unknown');
    next();
  };
  // Built on first use (response examples run each operation once), then served as the same bytes.
  let openApiJson: Promise<string> | null = null;
  app.get('/openapi.json', publicLimited, admit, async (_req, res) => {
    openApiJson ??= operationExamples(
      routes.map((r) => r.op),
      deps,
      log,
    ).then((examples) => JSON.stringify(buildOpenApi(routes, options.tools, examples)));
    res.type('application/json').send(await openApiJson);
  });
  let playground: string | null = null;
  app.get('/', publicLimited, admit, (_req, res) => {
    playground ??= renderPlayground(playgroundTools(routes, options.tools));
    res.type('html').send(playground);
  });
  let docsPage: ((baseUrl: string) => string) | null = null;
  app.get(['/docs', '/docs/'], publicLimited, admit, (req, res) => {
    docsPage ??= renderDocsPage(routes, options.tools, options.resources);
    res.type('html').send(docsPage(docsBaseUrl(req.protocol, req.host)));
  });

  const mcp = createMcpEndpoint(options);
  // Any content type is read as JSON on /mcp, within the bounds; the SDK still answers a wrong one 415.
  const mcpBody = jsonBody({ ...body, type: () => true });
  app.all('/mcp', ...mcpRoute({ mcp, auth, edge: options.mcpEdge, body: mcpBody, admit }));

  app.use(restRouter({ routes, deps, cache, auth, limiter, body: jsonBody(body), admit }));
  app.use(errorHandler(log, options.bodyLimit));

  return { app, admission, routes, drain };
}
