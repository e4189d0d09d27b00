import type { Logger } from 'pino';
import { createEphemeris, type Ephemeris, EPHEMERIS_ENGINE } from '../core/ephemeris/index.js';
import {
  defaultKnowledgeDir,
  type KnowledgeBase,
  knowledgeBaseOf,
  type KnowledgeFile,
  readKnowledgeFiles,
} from '../core/knowledge/index.js';
import { type CityTable, loadCityTable } from '../core/location/index.js';
import { ENDPOINTS } from '../endpoints/index.js';
import { isLoopbackBind } from '../http-bridge/mcp-guard.js';
import { ResultCache } from '../operations/cache.js';
import type { AnyOperation, AnyTool, Deps } from '../operations/types.js';
import { createWorkerPool } from '../operations/worker-pool.js';
import { type AnyResource, RESOURCES } from '../resources/index.js';
import { type LoadReport, seedFor } from '../sage/index.js';
import {
  type DatabaseWait,
  openStore,
  type OutageEvent,
  type Store,
  type StoreLockedError,
} from '../store/index.js';
import { TOOLS } from '../tools/index.js';
import type { Config } from './config.js';
import { createHttpApp, type HttpApp } from './http-app.js';
import { httpListener, type Listener } from './listener.js';
import { createMetrics, type ServiceMetrics } from './metrics.js';
import type { MetricsSource } from '../http-bridge/metrics-route.js';
import { startSage } from './sage-start.js';
import { releaseStartMemory } from './start-gc.js';

/** The module the worker processes load (its `OPERATIONS` export), from source or from the build. */
const OPERATION_REGISTRY = new URL(
  `./operation-registry${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`,
  import.meta.url,
).href;

export interface ServiceOverrides {
  tools?: readonly AnyTool[];
  endpoints?: readonly AnyOperation[];
  resources?: readonly AnyResource[];
  store?: Store;
  cities?: CityTable;
  now?: () => Date;
  ephemeris?: Ephemeris;
  /** The knowledge base, or its load already under way (the stdio server lists it before the rest). */
  knowledge?: KnowledgeBase | Promise<KnowledgeBase>;
  /** The bundled knowledge folder as already read (readKnowledgeFiles), for SAGE's start-up load. */
  knowledgeRead?: Promise<readonly KnowledgeFile[]>;
  /** Skip loading KNOWLEDGE_DIR into the store at start (tests that never ask SAGE). */
  skipKnowledgeLoad?: boolean;
  /** Module URL of the operations worker processes load (its `OPERATIONS` export); app/operation-registry.ts by default. */
  workerRegistry?: string;
  /**
   * Another process holds the embedded store: serve from a private one in memory instead, after
   * calling this (the stdio server); absent, the start fails.
   */
  whenStoreInUse?: (e: StoreLockedError) => void;
  /** Start the worker processes with the first heavy task instead of at start (the stdio server). */
  lazyWorkers?: boolean;
  /** null: measure nothing (the bench's baseline); a registry of the service's own by default. */
  metrics?: ServiceMetrics | null;
  /** What `/metrics` serves; this process's registry by default. */
  metricsSource?: MetricsSource;
  /**
   * Give back the start-up work's memory once it is done, before `/ready` answers 200 (`serve`);
   * off by default (in-process tests: a forced collection of the test runner's heap).
   */
  releaseStartMemory?: boolean;
}

/**
 * A built service. `close()` stops at once: every response closes its connection, the listener stops
 * accepting, in-flight and queued requests finish (up to the grace period), then the store closes.
 * `shutdown()` is the SIGTERM path: /ready answers 503 and responses close their connections for the
 * drain window while requests are still accepted and served (a load balancer notices and stops
 * sending), then `close()`.
 */
export interface Service extends Listener {
  deps: Deps;
  http: HttpApp;
  /** The start-up load of the knowledge chunks (SAGE waits for it); rejects when the store fails. */
  knowledgeLoad: Promise<LoadReport | null>;
  /** The process's instruments (null when measuring is off). */
  metrics: ServiceMetrics | null;
}

/** What every surface of one process shares: the operations' dependencies and their lifetime. */
export interface Core {
  deps: Deps;
  tools: readonly AnyTool[];
  /** The start-up load of the knowledge chunks (SAGE waits for it); rejects when the store fails. */
  knowledgeLoad: Promise<LoadReport | null>;
  /** The process's instruments (null when measuring is off). */
  metrics: ServiceMetrics | null;
  /** Stops the worker processes, waits for the knowledge load, closes the store (unless lent). */
  close(): Promise<void>;
}

/**
 * One line at start naming the Swiss Ephemeris build that computes, why (the EPHEMERIS setting, or
 * the native addon missing: it is optional, and an install where it could not be built has none),
 * and the Node version it runs on.
 */
function logEngine(log: Logger, version: string): void {
  const { kind, reason } = EPHEMERIS_ENGINE;
  log.info(
    { engine: kind, reason, version, node: process.versions.node },
    kind === 'native'
      ? 'Swiss Ephemeris runs as the native addon'
      : 'Swiss Ephemeris runs as WebAssembly: the same C library version and data files as the native addon',
  );
}

/**
 * Builds the dependencies once: ephemeris, store, city table, knowledge, SAGE and the worker pool
 * when an operation is heavy. The HTTP service and the stdio server both start from here.
 */
export async function createCore(
  config: Config,
  log: Logger,
  overrides: ServiceOverrides = {},
): Promise<Core> {
  // First, synchronously: missing ephemeris files must stop the start before anything is opened.
  const ephemeris = overrides.ephemeris ?? createEphemeris();
  logEngine(log, ephemeris.version);
  const metrics = overrides.metrics === undefined ? createMetrics() : overrides.metrics;
  const measured = metrics ? { metrics } : {};
  const skipKnowledgeLoad = overrides.skipKnowledgeLoad ?? false;
  // The bundled knowledge folder is read once: the knowledge base parses it, and SAGE's start-up load
  // checks the same read against the index when KNOWLEDGE_DIR is that folder (the default).
  const bundledRead =
    overrides.knowledgeRead ?? (overrides.knowledge ? undefined : readKnowledgeFiles(defaultKnowledgeDir()));
  const [store, cities, knowledge] = await Promise.all([
    overrides.store ??
      openStore({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        wait: databaseWait(config, log),
        onOutage: outageLog(config, log),
        // A new embedded store serving the bundled knowledge starts with it indexed (when the build
        // prepared that snapshot): the start-up load below then only checks it.
        seed: skipKnowledgeLoad ? undefined : seedFor(config.knowledgeDir),
        ...(overrides.whenStoreInUse ? { whenInUse: overrides.whenStoreInUse } : {}),
        ...measured,
      }),
    overrides.cities ?? loadCityTable(),
    overrides.knowledge ?? bundledRead!.then(knowledgeBaseOf),
  ]);
  logRecovery(store, log);
  const tools = overrides.tools ?? TOOLS;
  // Workers only when something needs them: each loads the registry, the city table and an ephemeris.
  const pool = [...tools, ...(overrides.endpoints ?? ENDPOINTS)].some((t) => t.heavy)
    ? createWorkerPool({
        size: config.workers,
        registry: overrides.workerRegistry ?? OPERATION_REGISTRY,
        lazy: overrides.lazyWorkers ?? false,
        ...measured,
      })
    : undefined;
  const stopping = new AbortController();
  const { sage, knowledgeLoad } = startSage(store, config, log, {
    skipLoad: skipKnowledgeLoad,
    metrics,
    signal: stopping.signal,
    bundledRead,
  });
  const deps: Deps = {
    cities,
    store,
    now: overrides.now ?? (() => new Date()),
    ephemeris,
    knowledge,
    sage,
    ...(pool ? { pool } : {}),
    ...measured,
  };
  const close = async () => {
    stopping.abort();
    // The workers stop while the knowledge load finishes its current file; the store closes last.
    await Promise.all([pool?.close(), knowledgeLoad.catch(() => {})]);
    if (!overrides.store) await store.close();
  };
  return { deps, tools, knowledgeLoad, metrics, close };
}

/** The database named by DATABASE_URL (host, port and name: never its password), for log lines. */
function databaseLabel(url: string | undefined): Record<string, string> {
  if (!url) return {};
  const u = new URL(url);
  return { databaseHost: u.hostname, databasePort: u.port || '5432', databaseName: u.pathname.slice(1) };
}

/** What the start settled of reservations left by a process that was killed (UsageSettlement). */
function logRecovery(store: Store, log: Logger): void {
  store.usage.recovery.then(
    ({ ledgers, refunded, unconfirmed }) => {
      if (ledgers)
        log.info(
          { ledgers, refunded, unconfirmed },
          'usage settled for a process that stopped with answers in flight',
        );
    },
    (e: unknown) =>
      log.warn(
        { error: String(e) },
        'usage reservations of a stopped process could not be settled: left charged',
      ),
  );
}

/** A service waits for a PostgreSQL unreachable at start, logging each change of state once. */
function databaseWait(config: Config, log: Logger): DatabaseWait {
  const where = databaseLabel(config.databaseUrl);
  return {
    maxWaitMs: config.databaseWaitMs,
    onState: (state, { error, waitedMs }) => {
      if (state === 'waiting')
        log.warn(
          { ...where, error, maxWaitMs: config.databaseWaitMs },
          'database unreachable at start: serving 503 with Retry-After and retrying until it answers',
        );
      else if (state === 'ready') log.info({ ...where, waitedMs }, 'database reached: migrated and ready');
      else log.error({ ...where, waitedMs }, 'database still unreachable: giving up (DATABASE_WAIT_MS)');
    },
  };
}

/**
 * An outage of a database reached before is logged as it changes, not per refused request: when it
 * begins, every minute while it lasts, and when it ends. The refusals meanwhile are expected (503
 * with Retry-After; charts of known keys keep answering from the usage journal).
 */
function outageLog(config: Config, log: Logger): (event: OutageEvent) => void {
  const where = databaseLabel(config.databaseUrl);
  const seconds = (ms: number) => Math.round(ms / 1000);
  return (event) => {
    if (event.state === 'down')
      log.warn(
        { ...where, error: event.error },
        'database unreachable: answering 503 with Retry-After until it answers (charts of known keys keep answering)',
      );
    else if (event.state === 'still-down')
      log.warn(
        { ...where, error: event.error, downForS: seconds(event.downForMs) },
        'database still unreachable',
      );
    else log.info({ ...where, downForS: seconds(event.downForMs) }, 'database reachable again');
  };
}

/** Builds the dependencies once and serves MCP + REST from one HTTP listener. */
export async function createService(
  config: Config,
  log: Logger,
  overrides: ServiceOverrides = {},
): Promise<Service> {
  const core = await createCore(config, log, overrides);
  const { deps, tools, knowledgeLoad, metrics } = core;
  const measured = metrics ? { metrics } : {};
  const cache = new ResultCache(config.cacheEntries, config.cacheBytes);
  const startup = overrides.releaseStartMemory ? releaseStartMemory(deps.sage, log) : undefined;
  const http = createHttpApp({
    tools,
    endpoints: overrides.endpoints ?? ENDPOINTS,
    resources: overrides.resources ?? RESOURCES,
    deps,
    cache,
    log,
    admission: config.admission,
    rateLimit: config.rateLimit,
    bodyLimit: config.bodyLimit,
    bodyTimeoutMs: config.bodyTimeoutMs,
    mcpEdge: { loopbackOnly: isLoopbackBind(config.host), allowedOrigins: config.allowedOrigins },
    keyCacheMs: config.keyCacheMs,
    ...measured,
    metricsEndpoint: {
      token: metrics ? config.metricsToken : null,
      source: overrides.metricsSource ?? registrySource(metrics),
    },
    trustProxy: config.trustProxy,
    oauth: config.oauth,
    host: config.host,
    ...(startup ? { startup } : {}),
  });
  const { store, pool } = deps;
  metrics?.watch({ admission: http.admission, journal: store.usage, cache, ...(pool ? { pool } : {}) });
  const listener = httpListener(http, config, core.close);
  return { deps, http, knowledgeLoad, metrics, ...listener };
}

/** A registry's Prometheus text, as `/metrics` serves it. */
export const registrySource = (metrics: ServiceMetrics | null): MetricsSource => ({
  text: async () => (metrics ? metrics.registry.metrics() : ''),
  contentType: metrics?.registry.contentType ?? 'text/plain',
});
