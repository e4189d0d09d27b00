import type { Logger } from 'pino';
import { type AppError, clip, HTTP_STATUS } from '../core/errors.js';
import { explainedByOutage } from '../core/outage.js';
import type { Req, Res } from './http.js';

/**
 * The log of server-side failures: every 5xx answer is logged with its cause, where the cause is
 * known (the error handler, the MCP edge); a 5xx that reaches the wire unexplained is logged as such
 * when it finishes, so none goes unnoticed. Client rejections are not faults: they are logged at
 * info without a stack, and every value a client sent is cut to 200 characters.
 */
export class FaultLog {
  private readonly explained = new WeakSet<Res>();

  constructor(readonly log: Logger) {}

  /** Logs why this response is a 5xx (error for faults of the service, warn for its refusals under load). */
  fault(res: Res, level: 'error' | 'warn' | 'info', fields: object, message: string): void {
    this.explained.add(res);
    this.log[level](fields, message);
  }

  /**
   * Logs why this response is the 5xx of an AppError, REST and MCP alike: an internal error at error;
   * a refusal (a full queue, a failed knowledge load) at warn with its code, and with its cause (and
   * the cause's stack) only when it has one; nothing for a refusal the database's outage explains,
   * since the outage is logged once as such (core/outage.ts).
   */
  appError(res: Res, err: AppError, fields: object): void {
    if (explainedByOutage(err)) {
      this.explained.add(res);
      return;
    }
    const cause = err.cause === undefined ? {} : { err: loggableError(err.cause) };
    const level = err.code === 'internal_error' ? 'error' : 'warn';
    const status = HTTP_STATUS[err.code];
    this.fault(res, level, { status, code: err.code, ...fields, ...cause }, clip(err.message));
  }

  /**
   * A 503 that is expected and whose cause the log holds already (the database's outage, logged as it
   * changes; the start-up, logged as it ends): no line of its own.
   */
  expected(res: Res): void {
    this.explained.add(res);
  }

  /**
   * Runs a step that must never throw: answering an error, or a listener on a request's events (a
   * throw there, or in a promise's rejection handler, would end the process). A failure is logged at
   * error with what was being done; returns whether the step completed.
   */
  contain(what: string, step: () => void, context: () => object = () => ({})): boolean {
    try {
      step();
      return true;
    } catch (failure) {
      try {
        this.log.error({ ...context(), err: loggableError(failure) }, `failed ${what}`);
      } catch {
        // The logger or the context failed too: nothing is left to tell, and nothing may throw.
      }
      return false;
    }
  }

  /** Watches a response: a 5xx that finishes without a logged cause is logged itself. */
  watch(req: Req, res: Res): void {
    res.once('finish', () => {
      if (res.statusCode < 500 || this.explained.has(res)) return;
      this.log.error(
        { status: res.statusCode, method: req.method, path: clip(req.url ?? '') },
        'server error answered without a logged cause',
      );
    });
  }
}

/**
 * An error as a log line may show it: the message cut to 200 characters (it may quote what a client
 * sent) and the stack's frames kept, so a fault is still traceable.
 */
export function loggableError(err: unknown): { type: string; message: string; stack?: string } {
  if (!(err instanceof Error)) return { type: typeof err, message: clip(String(err)) };
  const message = clip(err.message);
  const frames = err.stack?.split('\n').filter((line) => /^\s+at /.test(line)) ?? [];
  const cause = err.cause === undefined ? {} : { cause: loggableError(err.cause) };
  return {
    type: err.name,
    message,
    stack: [`${err.name}: ${message}`, ...frames].join('\n'),
    ...cause,
  };
}
