import { AppError, clip, HTTP_STATUS } from '../core/errors.js';
import { type Metrics, NO_METRICS } from '../core/metrics.js';
import { type FaultLog, loggableError } from './fault-log.js';
import { ClientGone, type Req, type Res, sendJson } from './http.js';

/**
 * The 401 challenge (RFC 6750), pointing at the protected resource metadata (RFC 9728 section 5.1)
 * from which an MCP client finds this service's authorization server. It names `invalid_token` even
 * when the header is missing, so the description reaches clients that show only errors.
 */
export function bearerChallenge(message: string, resourceMetadata?: string): string {
  const description = message.replace(/[^\x20-\x7e]|["\\]/g, '');
  const metadata = resourceMetadata ? `, resource_metadata="${resourceMetadata}"` : '';
  return `Bearer realm="chart-service"${metadata}, error="invalid_token", error_description="${description}"`;
}

const envelope = (e: AppError) => ({
  success: false,
  error: { code: e.code, message: e.message, ...(e.details?.length ? { details: e.details } : {}) },
});

/**
 * Writes the error envelope with the status of the one table; a 401 carries the challenge, pointing
 * at the protected resource metadata when it is known.
 */
export function sendError(res: Res, e: AppError, resourceMetadata?: string): void {
  if (e.retryAfter !== undefined) res.setHeader('Retry-After', String(e.retryAfter));
  if (e.code === 'unauthorized' && !res.hasHeader('WWW-Authenticate'))
    res.setHeader('WWW-Authenticate', bearerChallenge(e.message, resourceMetadata));
  sendJson(res, HTTP_STATUS[e.code], envelope(e));
}

/**
 * The same envelope as a web Response, for an answer that an SDK writes (MCP): an AppError with
 * its status, anything else as nobody's answer (the client is gone).
 */
export function errorResponse(e: unknown): Response {
  if (!(e instanceof AppError)) return new Response(null, { status: 499 });
  const headers: Record<string, string> = { connection: 'close' };
  if (e.retryAfter !== undefined) headers['retry-after'] = String(e.retryAfter);
  return Response.json(envelope(e), { status: HTTP_STATUS[e.code], headers });
}

/**
 * The last step of every route: each failure becomes a JSON error. A 5xx is logged with its cause
 * (unexpected ones at error with the stack, refusals such as a full queue at warn with their
 * code, none for a refusal the database's outage explains: FaultLog.appError); the response says
 * only what the caller can act on. It never throws: it runs in the rejection handler of every
 * route's promise, where a throw would end the process, so a failure while answering is logged
 * and the connection closed.
 */
export function errorResponder(
  faults: FaultLog,
  metrics: Metrics = NO_METRICS,
  resourceMetadataUrl?: () => string,
) {
  const answer = (err: unknown, req: Req, res: Res): void => {
    if (err instanceof ClientGone || res.destroyed) {
      res.destroy();
      return;
    }
    const path = clip(req.url ?? '');
    if (res.headersSent) {
      faults.fault(res, 'error', { err: loggableError(err), path }, 'error after response started');
      res.destroy();
      return;
    }
    if (err instanceof AppError) {
      metrics.rejection(err.code);
      if (HTTP_STATUS[err.code] >= 500) faults.appError(res, err, { path });
      sendError(res, err, err.code === 'unauthorized' ? resourceMetadataUrl?.() : undefined);
      return;
    }
    metrics.rejection('internal_error');
    faults.fault(res, 'error', { err: loggableError(err), path, method: req.method }, 'unexpected error');
    sendError(res, new AppError('internal_error', 'Internal error; it has been logged.'));
  };
  return (err: unknown, req: Req, res: Res): void => {
    const context = () => ({ cause: loggableError(err), method: req.method, path: clip(req.url ?? '') });
    if (!faults.contain('answering an error', () => answer(err, req, res), context)) res.destroy();
  };
}
