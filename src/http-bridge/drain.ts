import type { Res } from './http.js';

/**
 * Shutdown drain: once started, readiness fails (so a load balancer stops sending), and every response
 * not yet begun, in flight or new, carries `Connection: close`, so each connection ends after its
 * current answer instead of being reset when the server stops.
 */
export class Drain {
  private started = false;
  private readonly open = new Set<Res>();

  get draining(): boolean {
    return this.started;
  }

  /** Marks the service as stopping; safe to call more than once. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const res of this.open) if (!res.headersSent) res.setHeader('Connection', 'close');
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
}
