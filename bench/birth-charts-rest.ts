/**
 * REST throughput of the astrology and BaZi charts with distinct births (every request resolves the
 * place, computes both charts or the four pillars and meters one unit), beside the Human Design chart
 * for scale, as a Markdown section of BENCHMARKS.md. Built service, 50 connections, 10 s each.
 * Run alone with `npm run build && npx tsx bench/birth-charts-rest.ts`.
 */
import { pathToFileURL } from 'node:url';
import type autocannon from 'autocannon';
import { distinctBirth, type LoadResult, load, startSettledService } from './lib.js';

export const PLACES = [
  'Montreal, QC',
  'Beijing, China',
  'New York, NY',
  'London, United Kingdom',
  'Tokyo, Japan',
];

/** POSTs of `path`, each with a new birth (`base` + request number) and the `extra` fields. */
export function distinctRequests(
  path: string,
  headers: Record<string, string>,
  base: number,
  extra: Record<string, string> = {},
): autocannon.Request {
  let i = 0;
  return {
    method: 'POST',
    path,
    headers,
    setupRequest: (req) => ({
      ...req,
      body: JSON.stringify({ ...distinctBirth(base + i++, PLACES), ...extra }),
    }),
  };
}

export async function birthChartsRestSection(): Promise<string> {
  process.stderr.write('astrology and BaZi over REST…\n');
  const svc = await startSettledService();
  const headers = { authorization: `Bearer ${svc.key}`, 'content-type': 'application/json' };
  const routes: [string, string, Record<string, string>][] = [
    ['POST /api/chart (Human Design)', '/api/chart', {}],
    ['POST /api/astrology', '/api/astrology', {}],
    ['POST /api/bazi', '/api/bazi', { gender: 'female' }],
  ];
  const rows: string[] = [];
  try {
    for (const [i, [name, path, extra]] of routes.entries()) {
      await load({
        url: svc.url,
        duration: 2,
        requests: [distinctRequests(path, headers, 9_000_000 + i * 100_000, extra)],
      });
      const r: LoadResult = await load({
        url: svc.url,
        requests: [distinctRequests(path, headers, 1_000_000 + i * 100_000, extra)],
      });
      rows.push(`| ${name}, distinct births | ${r.rps} | ${r.p50} | ${r.p99} |`);
    }
  } finally {
    await svc.stop();
    svc.cleanup();
  }
  return `## Astrology and BaZi over REST (50 connections, 10 s each, built service)

Every request is a new birth (one of five places), so each resolves the place, computes the chart and
writes its meter unit. The Human Design chart is measured again in this run for scale.

| Endpoint | req/s | p50 (ms) | p99 (ms) |
|---|---|---|---|
${rows.join('\n')}
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(`${await birthChartsRestSection()}\n`);
}
