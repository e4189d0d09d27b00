import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../core/errors.js';
import { BEARER } from './auth.js';
import { type Req, type Res, send } from './http.js';

/** The Prometheus text of the registry (this process's, or the cluster's aggregate). */
export interface MetricsSource {
  text(): Promise<string>;
  contentType: string;
}

/** The token compared in constant time, so its bytes cannot be guessed one by one from timings. */
function sameToken(sent: string, token: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` for a scraper: only when a token is configured (404 otherwise, as for any unknown
 * path), and only to a caller sending it as a bearer token (401). No admission slot and no rate
 * limit: a scrape must get through when the service is saturated, which is when it matters.
 */
export function metricsRoute(token: string | null, source: MetricsSource) {
  return async (req: Req, res: Res): Promise<void> => {
    if (token === null)
      throw new AppError('not_found', `No endpoint ${req.method} /metrics. The API reference is at /docs.`);
    const sent = BEARER.exec(req.headers.authorization ?? '')?.[1];
    if (sent === undefined || !sameToken(sent, token))
      throw new AppError('unauthorized', 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.');
    res.setHeader('Cache-Control', 'no-store');
    send(res, 200, source.contentType, await source.text());
  };
}
