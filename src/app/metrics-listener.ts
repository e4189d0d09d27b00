import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { AppError } from '../core/errors.js';
import { errorResponder } from '../http-bridge/errors.js';
import { FaultLog } from '../http-bridge/fault-log.js';
import { parseTarget } from '../http-bridge/http.js';
import { type MetricsSource, metricsRoute } from '../http-bridge/metrics-route.js';

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * METRICS_PORT: `/metrics` alone on 127.0.0.1, for a scraper on the same machine, with the same
 * token rule as on the service port. Under WEB_CONCURRENCY the primary serves it with every
 * worker's metrics aggregated (the service port answers for whichever worker took the connection).
 */
export function listenMetrics(
  port: number,
  token: string,
  source: MetricsSource,
  log: Logger,
): Promise<MetricsListener> {
  const route = metricsRoute(token, source);
  const onError = errorResponder(new FaultLog(log));
  const server = createServer((req, res) => {
    const { path } = parseTarget(req.url);
    const answer =
      path === '/metrics' && (req.method === 'GET' || req.method === 'HEAD')
        ? route(req, res)
        : Promise.reject(new AppError('not_found', `Only GET /metrics is served on this port.`));
    answer.catch((e: unknown) => onError(e, req, res));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
