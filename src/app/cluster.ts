import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { listenMetrics } from './metrics-listener.js';
import { clusterMetrics } from './metrics.js';

/** A worker that dies this soon after its start is not restarted at once (a crash loop). */
const RESTART_DELAY_MS = 1000;

/**
 * WEB_CONCURRENCY=n with DATABASE_URL: this process is the `node:cluster` primary. It starts n
 * service processes on the one port (the primary accepts connections and hands them out in turn),
 * replaces one that dies, and on SIGTERM or SIGINT passes the signal to every worker, so each drains
 * as a single process does (/ready 503, SHUTDOWN_DRAIN_MS, in-flight requests finish), and exits 0
 * once all have. Each worker keeps its own worker pool for heavy operations.
 */
export async function runPrimary(config: Config, log: Logger): Promise<void> {
  let stopping = false;
  const spawn = (): Worker => cluster.fork();
  for (let i = 0; i < config.webConcurrency; i++) spawn();

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log.info('all service processes stopped');
        process.exit(0);
      }
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'service process died; starting another');
    setTimeout(spawn, RESTART_DELAY_MS).unref();
  });

  const metrics =
    config.metricsPort !== null && config.metricsToken !== null
      ? await listenMetrics(config.metricsPort, config.metricsToken, clusterMetrics(), log)
      : null;
  if (metrics) log.info({ port: metrics.port }, 'metrics of all service processes on 127.0.0.1');

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, processes: config.webConcurrency }, 'passing the signal to every service process');
    void metrics?.close();
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const w of workers) w?.process.kill(signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
