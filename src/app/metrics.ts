import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Metrics, MeterOutcome, Surface } from '../core/metrics.js';

/** What the gauges read at scrape time; each source is optional (no pool where nothing is heavy). */
export interface GaugeSources {
  admission?: { readonly waiting: number; readonly active: number };
  journal?: { readonly journaled: number };
  pool?: { readonly busy: number; readonly queued: number; readonly size: number };
  cache?: { readonly size: number; readonly bytes: number };
}

/** The service's instruments on a registry of its own (never prom-client's global one). */
export interface ServiceMetrics extends Metrics {
  readonly registry: Registry;
  /** Points the gauges at the live objects once they exist. */
  watch(sources: GaugeSources): void;
}

/** Request latency buckets (seconds): a cached chart is about a millisecond, a year of transits seconds. */
const LATENCY = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const FAST = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/** The gauges of the live objects on `registry`, read through `read()` at scrape time. */
function gauges(registry: Registry, read: () => GaugeSources): void {
  const gauge = (name: string, help: string, value: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(value());
      },
    });
  gauge(
    'chart_admission_queue_depth',
    'Requests waiting for an admission slot',
    () => read().admission?.waiting ?? 0,
  );
  gauge('chart_admission_active', 'Requests holding an admission slot', () => read().admission?.active ?? 0);
  gauge(
    'chart_usage_journal_backlog',
    'Usage increments acknowledged during a database outage and not yet written to it',
    () => read().journal?.journaled ?? 0,
  );
  gauge('chart_cache_entries', 'Answers held by the result cache', () => read().cache?.size ?? 0);
  gauge(
    'chart_cache_bytes',
    'Bytes held by the result cache (answer text, pictures and keys), counted against its bound',
    () => read().cache?.bytes ?? 0,
  );
  gauge('chart_worker_pool_size', 'Worker processes for heavy operations', () => read().pool?.size ?? 0);
  gauge('chart_worker_pool_busy', 'Worker processes running a task', () => read().pool?.busy ?? 0);
  gauge('chart_worker_pool_queued', 'Heavy tasks waiting for a worker', () => read().pool?.queued ?? 0);
}

/** The service's own instruments on `registry`, its gauges among them (see gauges). */
function instruments(registry: Registry, read: () => GaugeSources) {
  const registers = [registry];
  gauges(registry, read);
  const histogram = (name: string, help: string, buckets: number[], labelNames: string[] = []) =>
    new Histogram({ name, help, buckets, labelNames, registers });

  // Which process answered a scrape (under WEB_CONCURRENCY each connection may reach another one).
  new Gauge({
    name: 'chart_process_info',
    help: 'This service process (1), by operating-system process id',
    labelNames: ['pid'],
    registers,
  }).set({ pid: String(process.pid) }, 1);
  const requestLabels = ['operation', 'surface', 'status'];
  const requests = new Counter({
    name: 'chart_http_requests_total',
    help: 'HTTP requests answered, by operation (or route), surface and status',
    labelNames: requestLabels,
    registers,
  });
  const requestSeconds = histogram(
    'chart_http_request_duration_seconds',
    'Time from the request to its answer, by operation (or route), surface and status',
    LATENCY,
    requestLabels,
  );
  const queueWait = histogram(
    'chart_admission_wait_seconds',
    'Time a request waited for an admission slot',
    FAST,
  );
  const rejections = new Counter({
    name: 'chart_rejections_total',
    help: 'Error answers by reason (the error code)',
    labelNames: ['reason'],
    registers,
  });
  const meterWrites = histogram(
    'chart_meter_write_duration_seconds',
    'Metered usage writes by outcome (committed, journaled during an outage, refused over the allowance, failed)',
    FAST,
    ['outcome'],
  );
  const cache = new Counter({
    name: 'chart_cache_lookups_total',
    help: 'Result cache lookups of cacheable operations',
    labelNames: ['result'],
    registers,
  });
  const workerTasks = histogram(
    'chart_worker_task_duration_seconds',
    'Heavy tasks from queueing to answer, by operation',
    LATENCY,
    ['operation'],
  );
  const sageRetrieval = histogram('chart_sage_retrieval_duration_seconds', 'SAGE passage retrieval', FAST);
  const sageProvider = histogram(
    'chart_sage_provider_duration_seconds',
    'Calls to the answer model, by outcome',
    LATENCY,
    ['outcome'],
  );

  return {
    requests,
    requestSeconds,
    queueWait,
    rejections,
    meterWrites,
    cache,
    workerTasks,
    sageRetrieval,
    sageProvider,
  };
}

/**
 * One registry per process with the Node process and event-loop metrics (prom-client's defaults)
 * and the service's own. Label children are looked up once per combination and reused, so the hot
 * path costs a map lookup and two additions.
 */
export function createMetrics(): ServiceMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  let sources: GaugeSources = {};
  const {
    requests,
    requestSeconds,
    queueWait,
    rejections,
    meterWrites,
    cache,
    workerTasks,
    sageRetrieval,
    sageProvider,
  } = instruments(registry, () => sources);
  const children = new Map<string, { count: { inc(): void }; seconds: { observe(v: number): void } }>();
  const child = (operation: string, surface: Surface, status: number) => {
    const id = `${operation} ${surface} ${status}`;
    let c = children.get(id);
    if (!c) {
      const labels = { operation, surface, status: String(status) };
      c = { count: requests.labels(labels), seconds: requestSeconds.labels(labels) };
      children.set(id, c);
    }
    return c;
  };
  const hits = cache.labels('hit');
  const misses = cache.labels('miss');

  return {
    registry,
    watch(next) {
      sources = { ...sources, ...next };
    },
    request(operation, surface, status, seconds) {
      const c = child(operation, surface, status);
      c.count.inc();
      c.seconds.observe(seconds);
    },
    queueWait: (seconds) => queueWait.observe(seconds),
    rejection: (reason) => rejections.inc({ reason }),
    meterWrite: (outcome: MeterOutcome, seconds) => meterWrites.observe({ outcome }, seconds),
    cache: (hit) => (hit ? hits : misses).inc(),
    workerTask: (operation, seconds) => workerTasks.observe({ operation }, seconds),
    sageRetrieval: (seconds) => sageRetrieval.observe(seconds),
    sageProvider: (ok, seconds) => sageProvider.observe({ outcome: ok ? 'ok' : 'error' }, seconds),
  };
}

/** In a `node:cluster` worker: lets the primary collect this registry for its aggregate (METRICS_PORT). */
export function shareWithPrimary(registry: Registry): void {
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

/** In the `node:cluster` primary: every worker's metrics, summed (gauges and counters) or merged. */
export function clusterMetrics(): { text: () => Promise<string>; contentType: string } {
  const aggregator = new AggregatorRegistry();
  return { text: () => aggregator.clusterMetrics(), contentType: aggregator.contentType };
}
