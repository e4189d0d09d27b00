import type { Logger } from 'pino';
import { AppError, HTTP_STATUS } from '../core/errors.js';
import { type Metrics, NO_METRICS } from '../core/metrics.js';
import { ClientGone, type Req, type Res, sendJson } from './http.js';

/**
 * The 401 challenge (RFC 6750). It names `invalid_token` even when the header is missing: MCP clients
 * start an OAuth flow on a bare `Bearer` challenge, and this server has no OAuth, only API keys.
 */
function bearerChallenge(message: string): string {
  const description = message.replace(/[^\x20-\x7e]|["\\]/g, '');
  return `Bearer realm="chart-service", error="invalid_token", error_description="${description}"`;
}

/** Writes the error envelope with the status of the one table. */
export function sendError(res: Res, e: AppError): void {
  if (e.retryAfter !== undefined) res.setHeader('Retry-After', String(e.retryAfter));
  if (e.code === 'unauthorized') res.setHeader('WWW-Authenticate', bearerChallenge(e.message));
  sendJson(res, HTTP_STATUS[e.code], {
    success: false,
    error: { code: e.code, message: e.message, ...(e.details?.length ? { details: e.details } : {}) },
  });
}

/** The last step of every route: each failure becomes a JSON error; unexpected ones are logged, never shown. */
export function errorResponder(log: Logger, metrics: Metrics = NO_METRICS) {
  return (err: unknown, req: Req, res: Res): void => {
    if (err instanceof ClientGone || res.destroyed) {
      res.destroy();
      return;
    }
    if (res.headersSent) {
      log.error({ err, path: req.url }, 'error after response started');
      res.destroy();
      return;
    }
    if (err instanceof AppError) {
      metrics.rejection(err.code);
      sendError(res, err);
      return;
    }
    metrics.rejection('internal_error');
    log.error({ err, path: req.url, method: req.method }, 'unexpected error');
    sendError(res, new AppError('internal_error', 'Internal error; it has been logged.'));
  };
}
