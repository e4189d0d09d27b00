import { randomUUID } from 'node:crypto';
import { toNodeHandler } from '@modelcontextprotocol/node';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import type * as z from 'zod';
import { AppError } from '../core/errors.js';
import { createMcpEndpoint, type McpRequestState } from '../mcp/index.js';
import type { AnyResource } from '../resources/index.js';
import { hashKey } from '../store/index.js';
import type { ResultCache } from '../tools/cache.js';
import { invokeOperation } from '../tools/invoke.js';
import type { AnyOperation, AnyTool, Caller, Deps } from '../tools/types.js';
import { Admission, type AdmissionLimits, type Ticket } from './admission.js';
import { renderDocsPage } from './docs.js';
import { buildOpenApi } from './openapi.js';
import { AddressRateLimiter, type RateLimit } from './rate-limit.js';
import { buildRouteTable, coerceQuery, type RouteRow } from './routes.js';
import { HTTP_STATUS } from './status.js';

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

type AuthedRequest = Request & {
  caller?: Caller;
  auth?: { token: string; clientId: string; scopes: string[]; extra: Record<string, unknown> };
};

function sendError(res: Response, e: AppError): void {
  if (e.retryAfter !== undefined) res.set('Retry-After', String(e.retryAfter));
  if (e.code === 'unauthorized') res.set('WWW-Authenticate', 'Bearer');
  res.status(HTTP_STATUS[e.code]).json({
    success: false,
    error: { code: e.code, message: e.message, ...(e.details?.length ? { details: e.details } : {}) },
  });
}

/** Zod issues -> one 400 naming each field and what it accepts. */
function inputError(error: z.ZodError): AppError {
  const details = error.issues.map((i) => ({ field: i.path.join('.') || '(body)', message: i.message }));
  const summary = details.map((d) => `${d.field}: ${d.message}`).join('; ');
  return new AppError('invalid_input', `Invalid input: ${summary}`, { details });
}

export function createHttpApp(options: HttpAppOptions): HttpApp {
  const { deps, cache, log } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  const admission = new Admission(options.admission);
  const limiter = new AddressRateLimiter(options.rateLimit);
  const ops = [...options.tools, ...options.endpoints];
  const routes = buildRouteTable(ops);

  // Key lookups are cached briefly so a busy key does not cost a database round trip per request.
  const keyCache = new Map<string, { caller: Caller; until: number }>();
  async function authenticate(req: Request): Promise<Caller> {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!m) throw new AppError('unauthorized', 'Missing API key: send Authorization: Bearer <key>.');
    const h = hashKey(m[1]!);
    const now = Date.now();
    const hit = keyCache.get(h);
    if (hit && hit.until > now) {
      if (!hit.caller) throw new AppError('unauthorized', 'Invalid or revoked API key.');
      return hit.caller;
    }
    const caller = await deps.store.keys.authenticate(m[1]!);
    if (keyCache.size > 10_000) keyCache.clear();
    keyCache.set(h, { caller, until: now + options.keyCacheMs });
    if (!caller) throw new AppError('unauthorized', 'Invalid or revoked API key.');
    return caller;
  }

  app.use((req, res, next) => {
    res.set('X-Request-Id', randomUUID());
    if (req.path === '/health' || req.path === '/ready') {
      res.set('X-Queue-Wait-Ms', '0');
      next();
      return;
    }
    const admitted = (ticket: Ticket) => {
      res.set('X-Queue-Wait-Ms', String(ticket.waitMs));
      res.once('close', ticket.release);
      if (res.writableEnded || res.destroyed) ticket.release();
      else next();
    };
    const free = admission.tryAcquire();
    if (free) {
      admitted(free);
      return;
    }
    const abort = new AbortController();
    const onClose = () => abort.abort();
    res.once('close', onClose);
    admission.acquire(abort.signal).then(
      (ticket) => {
        res.off('close', onClose);
        admitted(ticket);
      },
      (e: AppError) => {
        res.off('close', onClose);
        if (res.destroyed) return;
        res.set('X-Queue-Wait-Ms', String(options.admission.maxWaitMs));
        sendError(res, e);
      },
    );
  });

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
  let openApiJson: string | null = null;
  app.get('/openapi.json', publicLimited, (_req, res) => {
    openApiJson ??= JSON.stringify(buildOpenApi(routes, options.tools));
    res.type('application/json').send(openApiJson);
  });
  let docsHtml: string | null = null;
  app.get(['/docs', '/docs/'], publicLimited, (_req, res) => {
    docsHtml ??= renderDocsPage(routes, options.tools, options.resources);
    res.type('html').send(docsHtml);
  });

  const mcp = toNodeHandler(createMcpEndpoint(options));
  app.all('/mcp', async (req: AuthedRequest, res, next) => {
    try {
      const caller = await authenticate(req);
      const state: McpRequestState = {
        caller,
        setHeader: (name, value) => {
          if (!res.headersSent) res.setHeader(name, value);
        },
      };
      req.auth = { token: 'api-key', clientId: caller!.id, scopes: [...caller!.products], extra: { state } };
      await mcp(req, res);
    } catch (e) {
      next(e);
    }
  });

  app.use(express.json({ limit: options.bodyLimit, type: ['application/json', 'application/*+json'] }));

  for (const row of routes) {
    const handler = async (req: AuthedRequest, res: Response) => {
      const op = row.op;
      const caller = op.access === 'public' ? null : await authenticate(req);
      if (op.access === 'public') limiter.take(req.ip ?? 'unknown');
      const query = coerceQuery(op.input, req.query as Record<string, unknown>);
      let raw: unknown;
      if (row.binding.from === 'body') {
        const body: unknown = req.body ?? {};
        if (typeof body !== 'object' || body === null || Array.isArray(body)) {
          throw new AppError('invalid_input', 'The request body must be a JSON object.', {
            details: [{ field: '(body)', message: 'expected a JSON object' }],
          });
        }
        const shape = op.input.shape as Record<string, unknown>;
        const fromQuery = Object.fromEntries(Object.entries(query).filter(([k]) => k in shape));
        raw = { ...fromQuery, ...body, ...row.fixedQuery };
      } else {
        raw = { ...query, ...row.fixedQuery };
      }
      const parsed = op.input.safeParse(raw);
      if (!parsed.success) throw inputError(parsed.error);
      const out = await invokeOperation(op, parsed.data, caller, deps, cache);
      if (out.cache) res.set('X-Cache', out.cache);
      if (row.aliasOf) res.set('Link', `<${row.aliasOf}>; rel="canonical"`);
      const data = out.data as Record<string, unknown>;
      if (row.binding.envelope === 'flat') {
        res.json({ success: true, ...data });
        return;
      }
      const meta = op.meta
        ? {
            version: op.meta.version,
            timestamp: deps.now().toISOString(),
            endpoint: op.meta.endpoint,
            ...(out.warnings.length ? { warnings: out.warnings } : {}),
          }
        : undefined;
      res.json(meta ? { success: true, meta, data } : { success: true, data });
    };
    const method = row.method === 'GET' ? 'get' : 'post';
    app[method](row.path, (req, res, next) => {
      handler(req, res).catch(next);
    });
  }

  // A known path with the wrong method is 405 with Allow; anything else under /api is 404.
  const allowed = new Map<string, string[]>();
  for (const r of routes) allowed.set(r.path, [...(allowed.get(r.path) ?? []), r.method]);
  app.use((req, _res, next) => {
    const methods = allowed.get(req.path);
    if (methods) {
      _res.set('Allow', methods.join(', '));
      next(
        new AppError(
          'method_not_allowed',
          `${req.method} is not supported on ${req.path}; use ${methods.join(' or ')}.`,
        ),
      );
      return;
    }
    next(new AppError('not_found', `No endpoint ${req.method} ${req.path}. The API reference is at /docs.`));
  });

  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      log.error({ err, path: req.path }, 'error after response started');
      res.destroy();
      return;
    }
    if (err instanceof AppError) {
      sendError(res, err);
      return;
    }
    const type = (err as { type?: string }).type;
    if (type === 'entity.parse.failed') {
      sendError(
        res,
        new AppError('invalid_input', 'The request body is not valid JSON.', {
          details: [{ field: '(body)', message: 'send a JSON object with Content-Type: application/json' }],
        }),
      );
      return;
    }
    if (type === 'entity.too.large') {
      sendError(
        res,
        new AppError('payload_too_large', `The request body is larger than ${options.bodyLimit}.`),
      );
      return;
    }
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      sendError(res, new AppError('invalid_input', 'Unsupported body encoding; send UTF-8 JSON.'));
      return;
    }
    log.error({ err, path: req.path, method: req.method }, 'unexpected error');
    sendError(res, new AppError('internal_error', 'Internal error; it has been logged.'));
  });

  return { app, admission, routes };
}
