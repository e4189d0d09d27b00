import { randomUUID } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { createMcpEndpoint } from '../mcp/index.js';
import type { ResultCache } from '../operations/cache.js';
import type { AnyOperation, AnyTool, Deps } from '../operations/types.js';
import type { AnyResource } from '../resources/index.js';
import { Admission, type AdmissionLimits, admissionMiddleware } from './admission.js';
import { createAuthenticator } from './auth.js';
import { docsBaseUrl, renderDocsPage } from './docs.js';
import { errorHandler, sendError } from './errors.js';
import { buildOpenApi } from './openapi.js';
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
  /** Largest accepted JSON body, e.g. "100kb". */
  bodyLimit: string;
  /** How long an authenticated key is trusted before it is looked up again (revocation delay). */
  keyCacheMs: number;
}

export interface HttpApp {
  app: express.Express;
  admission: Admission;
  routes: RouteRow[];
}

/** Composes the HTTP surface: admission, health, reference pages, MCP, REST, errors. */
export function createHttpApp(options: HttpAppOptions): HttpApp {
  const { deps, cache, log } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  const admission = new Admission(options.admission);
  const limiter = new AddressRateLimiter(options.rateLimit);
  const auth = createAuthenticator(deps.store.keys, options.keyCacheMs);
  const routes = buildRouteTable([...options.tools, ...options.endpoints]);

  app.use((_req, res, next) => {
    res.set('X-Request-Id', randomUUID());
    next();
  });
  app.use(admissionMiddleware(admission, sendError));

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) });
  });
  app.get('/ready', async (_req, res) => {
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
  app.get('/openapi.json', publicLimited, async (_req, res) => {
    openApiJson ??= operationExamples(
      routes.map((r) => r.op),
      deps,
      log,
    ).then((examples) => JSON.stringify(buildOpenApi(routes, options.tools, examples)));
    res.type('application/json').send(await openApiJson);
  });
  let docsPage: ((baseUrl: string) => string) | null = null;
  app.get(['/docs', '/docs/'], publicLimited, (req, res) => {
    docsPage ??= renderDocsPage(routes, options.tools, options.resources);
    res.type('html').send(docsPage(docsBaseUrl(req.protocol, req.host)));
  });

  const mcp = createMcpEndpoint(options);
  app.all('/mcp', async (req, res, next) => {
    try {
      const caller = await auth.authenticate(req.headers.authorization);
      await mcp.handle(req, res, {
        caller,
        setHeader: (name, value) => {
          if (!res.headersSent) res.setHeader(name, value);
        },
      });
    } catch (e) {
      next(e);
    }
  });

  app.use(express.json({ limit: options.bodyLimit, type: ['application/json', 'application/*+json'] }));
  app.use(restRouter({ routes, deps, cache, auth, limiter }));
  app.use(errorHandler(log, options.bodyLimit));

  return { app, admission, routes };
}
