import type { IncomingMessage } from 'node:http';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { AppError } from '../core/errors.js';

export interface BodyOptions {
  /** Largest accepted body after decompression, e.g. "100kb". */
  limit: string;
  /** Longest time the whole body may take to arrive, in milliseconds. */
  timeoutMs: number;
  log: Logger;
  /** Content types read as JSON; the default is JSON only. */
  type?: string[] | ((req: IncomingMessage) => boolean);
}

const ACCEPTED_ENCODINGS = 'identity, gzip, deflate or br';

/** A client that went away mid-body: nobody is left to answer, and it is not the service's fault. */
function isClientAbort(err: unknown, req: Request): boolean {
  const e = err as { type?: string; code?: string } | null;
  return (
    e?.type === 'request.aborted' ||
    e?.code === 'ECONNRESET' ||
    e?.code === 'ECONNABORTED' ||
    req.socket.destroyed
  );
}

/**
 * Body failures the bare parser leaves unclassified, as errors for a person: a Content-Encoding we
 * cannot decode (415), a body that does not decompress (400), and any other 4xx the parser raised.
 * JSON syntax and size errors pass through unchanged to the error handler, which words them.
 */
function classify(err: unknown, req: Request): unknown {
  const e = err as { type?: string; status?: number; code?: string } | null;
  if (e?.type === 'encoding.unsupported') {
    return new AppError(
      'unsupported_media_type',
      `Unsupported Content-Encoding "${req.headers['content-encoding'] ?? ''}"; send the body as ${ACCEPTED_ENCODINGS}.`,
    );
  }
  if (
    e?.type === 'entity.parse.failed' ||
    e?.type === 'entity.too.large' ||
    e?.type === 'charset.unsupported'
  )
    return err;
  // Decompression errors (zlib, brotli) carry no body-parser `type`; reading errors all do.
  const encoding = req.headers['content-encoding'];
  if (e?.type === undefined && encoding !== undefined && encoding.toLowerCase() !== 'identity') {
    return new AppError('invalid_input', `The request body is not valid ${encoding} data.`, {
      details: [{ field: '(body)', message: `send JSON encoded as ${ACCEPTED_ENCODINGS}` }],
    });
  }
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    return new AppError('invalid_input', 'The request body could not be read; send a JSON object.', {
      details: [{ field: '(body)', message: 'send a JSON object with Content-Type: application/json' }],
    });
  }
  return err;
}

/**
 * Reads a JSON body within a size and a time bound. It runs after authentication and before an
 * admission slot is taken, so a slow or abandoned upload costs a socket, never a slot. A body that
 * has not arrived in time is answered 408 and its connection closed; a client that aborts mid-body
 * is logged at debug level and left alone.
 */
export function jsonBody(options: BodyOptions): RequestHandler {
  const parse = express.json({
    limit: options.limit,
    type: options.type ?? ['application/json', 'application/*+json'],
  });
  const seconds = options.timeoutMs / 1000;
  return (req: Request, res: Response, next: NextFunction): void => {
    let settled = false;
    const settle = (): boolean => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      res.off('close', gone);
      return true;
    };
    // The connection closed before an answer: a decompressing parser may never hear of it.
    const gone = () => {
      if (settle()) options.log.debug({ path: req.path }, 'client closed the connection during the body');
    };
    res.once('close', gone);
    const timer = setTimeout(() => {
      if (!settle()) return;
      res.set('Connection', 'close');
      next(
        new AppError(
          'request_timeout',
          `The request body did not arrive within ${seconds} s; send the whole body without pauses.`,
        ),
      );
    }, options.timeoutMs);
    parse(req, res, (err?: unknown) => {
      if (!settle()) return;
      if (err === undefined) {
        next();
        return;
      }
      if (isClientAbort(err, req)) {
        options.log.debug(
          { path: req.path, code: (err as { code?: string }).code },
          'client aborted the body',
        );
        res.destroy();
        return;
      }
      next(classify(err, req));
    });
  };
}
