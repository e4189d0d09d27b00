import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { defaultKnowledgeDir, type KnowledgeFile } from '../core/knowledge/index.js';
import { hashEmbedder } from '../core/sage/index.js';
import { describeLoad, type LoadReport, loadSageIndex, Sage } from '../sage/index.js';
import { LOCKS, type Store, withAdvisoryLock } from '../store/index.js';
import type { Config } from './config.js';
import type { Metrics } from '../core/metrics.js';

/**
 * SAGE for a starting service: the service at once, and the load of the knowledge chunks into the
 * store in the background, so chart routes serve at once while questions wait for it. A failed load
 * is logged and SAGE answers 503 until a restart.
 */
export function startSage(
  store: Store,
  config: Config,
  log: Logger,
  options: {
    skipLoad: boolean;
    metrics: Metrics | null;
    /** Aborts the load between files (the process is stopping). */
    signal: AbortSignal;
    /** The bundled knowledge folder as the start already read it: loaded when it is KNOWLEDGE_DIR. */
    bundledRead?: Promise<readonly KnowledgeFile[]> | undefined;
  },
): { sage: Sage; knowledgeLoad: Promise<LoadReport | null> } {
  const { skipLoad, metrics, signal, bundledRead } = options;
  const embedder = hashEmbedder();
  const sage = new Sage(store.sage, embedder, config.anthropic, undefined, metrics ?? undefined);
  const knowledgeDir = config.knowledgeDir ?? defaultKnowledgeDir();
  const read = resolve(knowledgeDir) === defaultKnowledgeDir() ? bundledRead : undefined;
  const knowledgeLoad: Promise<LoadReport | null> = skipLoad
    ? Promise.resolve(null)
    : // Once the database is reached (a start during an outage waits for it). Processes starting
      // together on one PostgreSQL take turns; the later ones find nothing to do.
      store.db.ready
        .then(() =>
          withAdvisoryLock(store.db, LOCKS.knowledgeLoad, () =>
            loadSageIndex(store.sage, knowledgeDir, embedder, signal, read),
          ),
        )
        .then(
          (report) => {
            const [summary, ...problems] = describeLoad(report);
            log.info({ knowledgeDir, chunks: report.chunks, ms: report.ms, vector: report.vector }, summary);
            for (const line of problems) log.warn(line);
            return report;
          },
          (err: unknown) => {
            if (signal?.aborted && err === signal.reason) {
              log.info({ knowledgeDir }, 'knowledge load stopped by shutdown: the next start finishes it');
              throw err;
            }
            log.error({ err, knowledgeDir }, 'knowledge load failed: SAGE answers 503 until a restart');
            throw err;
          },
        );
  knowledgeLoad.catch(() => {}); // reported above; SAGE turns it into 503
  sage.waitFor(knowledgeLoad);
  return { sage, knowledgeLoad };
}
