import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { createEphemeris, type Ephemeris } from '../core/ephemeris/index.js';
import { type CityTable, loadCityTable } from '../core/location/index.js';
import { createHttpApp, type HttpApp } from './http-app.js';
import { isLoopbackBind } from '../http-bridge/mcp-guard.js';
import { ENDPOINTS } from '../endpoints/index.js';
import { type AnyResource, RESOURCES } from '../resources/index.js';
import { openStore, type Store } from '../store/index.js';
import { ResultCache } from '../operations/cache.js';
import { defaultKnowledgeDir, type KnowledgeBase, loadKnowledgeBase } from '../core/knowledge/index.js';
import { hashEmbedder } from '../core/sage/index.js';
import { describeLoad, type LoadReport, loadSageIndex, Sage } from '../sage/index.js';
import { TOOLS } from '../tools/index.js';
import { createWorkerPool } from '../operations/worker-pool.js';

const OPERATION_REGISTRY = new URL(
  `./operation-registry${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`,
  import.meta.url,
).href;
import type { AnyOperation, AnyTool, Deps } from '../operations/types.js';

export interface ServiceOverrides {
  tools?: readonly AnyTool[];
  endpoints?: readonly AnyOperation[];
  resources?: readonly AnyResource[];
  store?: Store;
  cities?: CityTable;
  now?: () => Date;
  ephemeris?: Ephemeris;
  knowledge?: KnowledgeBase;
  /** Skip loading KNOWLEDGE_DIR into the store at start (tests that never ask SAGE). */
  skipKnowledgeLoad?: boolean;
  /** Module URL of the operations worker processes load (its `OPERATIONS` export); app/operation-registry.ts by default. */
  workerRegistry?: string;
}

export interface Service {
  deps: Deps;
  http: HttpApp;
  /** The start-up load of the knowledge chunks (SAGE waits for it); rejects when the store fails. */
  knowledgeLoad: Promise<LoadReport | null>;
  /** Starts listening; resolves with the bound address (port 0 picks a free port). */
  listen(): Promise<AddressInfo>;
  /**
   * Stops at once: every response closes its connection, the listener stops accepting, in-flight and
   * queued requests finish (up to the grace period), then the store closes.
   */
  close(): Promise<void>;
  /**
   * The SIGTERM path: /ready answers 503 and responses close their connections for the drain window
   * while requests are still accepted and served (a load balancer notices and stops sending), then
   * `close()`.
   */
  shutdown(): Promise<void>;
}

/** Builds the dependencies once and serves MCP + REST from one HTTP listener. */
export async function createService(
  config: Config,
  log: Logger,
  overrides: ServiceOverrides = {},
): Promise<Service> {
  // First, synchronously: missing ephemeris files must stop the start before anything is opened.
  const ephemeris = overrides.ephemeris ?? createEphemeris();
  const [store, cities, knowledge] = await Promise.all([
    overrides.store ?? openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
    overrides.cities ?? loadCityTable(),
    overrides.knowledge ?? loadKnowledgeBase(),
  ]);
  const tools = overrides.tools ?? TOOLS;
  // Workers only when something needs them: each loads the registry, the city table and an ephemeris.
  const pool = [...tools, ...(overrides.endpoints ?? ENDPOINTS)].some((t) => t.heavy)
    ? createWorkerPool({ size: config.workers, registry: overrides.workerRegistry ?? OPERATION_REGISTRY })
    : undefined;
  // SAGE: the chunks load in the background, so chart routes serve at once; questions wait for it.
  const embedder = hashEmbedder();
  const sage = new Sage(store.sage, embedder, config.anthropic);
  const knowledgeDir = config.knowledgeDir ?? defaultKnowledgeDir();
  const knowledgeLoad: Promise<LoadReport | null> = overrides.skipKnowledgeLoad
    ? Promise.resolve(null)
    : loadSageIndex(store.sage, knowledgeDir, embedder).then(
        (report) => {
          const [summary, ...problems] = describeLoad(report);
          log.info({ knowledgeDir, chunks: report.chunks, ms: report.ms, vector: report.vector }, summary);
          for (const line of problems) log.warn(line);
          return report;
        },
        (err: unknown) => {
          log.error({ err, knowledgeDir }, 'knowledge load failed: SAGE answers 503 until a restart');
          throw err;
        },
      );
  knowledgeLoad.catch(() => {}); // reported above; SAGE turns it into 503
  sage.waitFor(knowledgeLoad);
  const deps: Deps = {
    cities,
    store,
    now: overrides.now ?? (() => new Date()),
    ephemeris,
    knowledge,
    sage,
    ...(pool ? { pool } : {}),
  };
  const http = createHttpApp({
    tools,
    endpoints: overrides.endpoints ?? ENDPOINTS,
    resources: overrides.resources ?? RESOURCES,
    deps,
    cache: new ResultCache(config.cacheEntries),
    log,
    admission: config.admission,
    rateLimit: config.rateLimit,
    bodyLimit: config.bodyLimit,
    bodyTimeoutMs: config.bodyTimeoutMs,
    mcpEdge: { loopbackOnly: isLoopbackBind(config.host), allowedOrigins: config.allowedOrigins },
    keyCacheMs: config.keyCacheMs,
  });
  let server: Server | null = null;
  let closing: Promise<void> | null = null;
  let shuttingDown: Promise<void> | null = null;

  const service: Service = {
    deps,
    http,
    knowledgeLoad,
    listen() {
      return new Promise((resolve, reject) => {
        const s = createServer(http.handle);
        s.once('error', reject);
        s.listen(config.port, config.host, () => {
          s.off('error', reject);
          resolve(s.address() as AddressInfo);
        });
        s.keepAliveTimeout = 65_000;
        // Backstop beside the body timeout: Node drops a request still arriving after this long.
        s.requestTimeout = s.headersTimeout + config.bodyTimeoutMs + 5_000;
        server = s;
      });
    },
    shutdown() {
      shuttingDown ??= (async () => {
        http.drain.start();
        await new Promise((r) => setTimeout(r, config.shutdownDrainMs));
        await service.close();
      })();
      return shuttingDown;
    },
    close() {
      closing ??= (async () => {
        http.drain.start();
        if (server) {
          const s = server;
          const done = new Promise<void>((resolve) => s.close(() => resolve()));
          // Keep-alive sockets become idle as their last response ends; close each as soon as it does.
          s.closeIdleConnections();
          const sweep = setInterval(() => s.closeIdleConnections(), 50);
          const force = setTimeout(() => s.closeAllConnections(), config.shutdownGraceMs);
          await done;
          clearInterval(sweep);
          clearTimeout(force);
        }
        await pool?.close();
        await knowledgeLoad.catch(() => {});
        if (!overrides.store) await store.close();
      })();
      return closing;
    },
  };
  return service;
}
