import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { AppError, HTTP_STATUS } from '../core/errors.js';

/**
 * The 401 challenge (RFC 6750). It names `invalid_token` even when the header is missing: MCP clients
 * start an OAuth flow on a bare `Bearer` challenge, and this server has no OAuth, only API keys.
 */
function bearerChallenge(message: string): string {
  const description = message.replace(/[^\x20-\x7e]|["\\]/g, '');
  return `Bearer realm="chart-service", error="invalid_token", error_description="${description}"`;
}

/** Writes the error envelope with the status of the one table. */
export function sendError(res: Response, e: AppError): void {
  if (e.retryAfter !== undefined) res.set('Retry-After', String(e.retryAfter));
  if (e.code === 'unauthorized') res.set('WWW-Authenticate', bearerChallenge(e.message));
  res.status(HTTP_STATUS[e.code]).json({
    success: false,
    error: { code: e.code, message: e.message, ...(e.details?.length ? { details: e.details } : {}) },
  });
}

/** "a number", "a string", ... when the raw body is a valid JSON scalar; null otherwise. */
function scalarKind(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value === null) return 'null';
    return typeof value === 'object' ? null : `a ${typeof value}`;
  } catch {
    return null;
  }
}

/** Body-parser failures (the client's fault) as errors for a person; null for anything else. */
function bodyError(err: unknown, bodyLimit: string): AppError | null {
  const type = (err as { type?: string } | null)?.type;
  if (type === 'entity.parse.failed') {
    // The strict parser refuses a bare scalar ("42", "\"text\"") as a parse error: say what it is.
    const scalar = scalarKind((err as { body?: unknown }).body);
    if (scalar) {
      return new AppError('invalid_input', `The request body must be a JSON object; got ${scalar}.`, {
        details: [
          {
            field: '(body)',
            message: `must be a JSON object, got ${scalar}`,
            expected: 'a JSON object',
            received: scalar,
          },
        ],
      });
    }
    return new AppError(
      'invalid_input',
      'The request body is not valid JSON: check the quotes, commas and braces, and send one JSON object.',
      {
        details: [
          { field: '(body)', message: 'not valid JSON; send one JSON object', expected: 'a JSON object' },
        ],
      },
    );
  }
  if (type === 'entity.too.large') {
    return new AppError('payload_too_large', `The request body is larger than ${bodyLimit}.`);
  }
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new AppError('invalid_input', 'Unsupported body encoding; send UTF-8 JSON.');
  }
  return null;
}

/** The last middleware: every failure becomes a JSON error; unexpected ones are logged, never shown. */
export function errorHandler(log: Logger, bodyLimit: string) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    if (res.headersSent) {
      log.error({ err, path: req.path }, 'error after response started');
      res.destroy();
      return;
    }
    if (err instanceof AppError) {
      sendError(res, err);
      return;
    }
    const fromBody = bodyError(err, bodyLimit);
    if (fromBody) {
      sendError(res, fromBody);
      return;
    }
    log.error({ err, path: req.path, method: req.method }, 'unexpected error');
    sendError(res, new AppError('internal_error', 'Internal error; it has been logged.'));
  };
}
