/**
 * What the service measures, as an interface the composition root implements (app/metrics.ts, on
 * prom-client) and passes down. Lower layers call these methods and never reach a registry: the
 * default is `NO_METRICS`, which records nothing (worker processes, tests, the CLI).
 */

/** Where a request came in: a tool's REST path, its legacy alias, MCP, or anything else. */
export type Surface = 'rest' | 'alias' | 'mcp' | 'other';

/** How a metered write ended (see store/usage.ts). */
export type MeterOutcome = 'committed' | 'journaled' | 'refused' | 'failed';

export interface Metrics {
  /** One answered HTTP request: its operation (or route), surface, status and seconds taken. */
  request(operation: string, surface: Surface, status: number, seconds: number): void;
  /** Seconds a request waited for an admission slot (0 when one was free). */
  queueWait(seconds: number): void;
  /** An error answer, by its error code (queue_full, unauthorized, quota_exceeded, ...). */
  rejection(reason: string): void;
  /** One metered write of usage units, with its outcome and seconds. */
  meterWrite(outcome: MeterOutcome, seconds: number): void;
  /** A result-cache lookup of a cacheable operation. */
  cache(hit: boolean): void;
  /** One task of the worker pool, from queueing to its answer. */
  workerTask(operation: string, seconds: number): void;
  /** SAGE's retrieval of passages (seconds). */
  sageRetrieval(seconds: number): void;
  /** One call to the answer model (seconds), ok or failed. */
  sageProvider(ok: boolean, seconds: number): void;
}

const nothing = (): void => {};

/** Records nothing. */
export const NO_METRICS: Metrics = {
  request: nothing,
  queueWait: nothing,
  rejection: nothing,
  meterWrite: nothing,
  cache: nothing,
  workerTask: nothing,
  sageRetrieval: nothing,
  sageProvider: nothing,
};

/** Seconds since a `performance.now()` reading. */
export const secondsSince = (start: number): number => (performance.now() - start) / 1000;
