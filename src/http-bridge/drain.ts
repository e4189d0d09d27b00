import { AppError } from '../core/errors.js';
import { ClientGone, type Res } from './http.js';

/**
 * Shutdown drain. Once started, readiness fails (so a load balancer stops sending), and every
 * response not yet begun, in flight or new, carries `Connection: close`, so each connection ends
 * after its current answer instead of being reset when the server stops. When the grace period ends
 * (`expire`), work whose answer has not begun is refused with 503 at its next step instead of being
 * cut off with the process: each response's signal (`signalFor`) aborts, the execution path stops
 * waiting and never charges it, and the route answers the refusal.
 */
export class Drain {
  private started = false;
  private readonly open = new Set<Res>();
  private expired: AppError | null = null;
  /** One abort controller per response still open (AbortSignal.any would tie each to a signal living as long as the process). */
  private readonly live = new Map<Res, AbortController>();

  get draining(): boolean {
    return this.started;
  }

  /** Marks the service as stopping; safe to call more than once. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const res of this.open) if (!res.headersSent) res.setHeader('Connection', 'close');
  }

  /** The grace period is over: every response whose work is not done is refused with 503. */
  expire(): void {
    this.start();
    this.expired ??= new AppError(
      'service_unavailable',
      'The service is restarting and could not finish this request in time; it was not charged. Retry it.',
      { retryAfter: 1 },
    );
    for (const controller of this.live.values()) controller.abort(this.expired);
  }

  /** Tracks a response until it closes (or closes its connection at once while draining). */
  track(res: Res): void {
    if (this.started) {
      res.setHeader('Connection', 'close');
    } else {
      this.open.add(res);
      res.once('close', () => this.open.delete(res));
    }
  }

  /**
   * Aborts when this response can no longer be delivered: the grace period ended (reason: the 503
   * to send), or the client went away before its answer (reason: ClientGone). The execution path
   * checks it before charging, so an answer nobody receives is never paid for.
   */
  signalFor(res: Res): AbortSignal {
    let controller = this.live.get(res);
    if (!controller) {
      const c = new AbortController();
      if (this.expired) c.abort(this.expired);
      this.live.set(res, c);
      res.once('close', () => {
        this.live.delete(res);
        if (!res.writableFinished) c.abort(new ClientGone());
      });
      controller = c;
    }
    return controller.signal;
  }
}
