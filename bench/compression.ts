/**
 * What response compression saves and costs, per route (`npm run bench` section, or alone:
 * `npx tsx bench/compression.ts` after `npm run build`): bytes on the wire and time to the last
 * byte over loopback, identity vs gzip vs br, the same request repeated (after the first, answers
 * come from the result cache, so the time is the serialization and the compression).
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { fmt, median, startService } from './lib.js';

interface Route {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

const ROUTES: Route[] = [
  { name: '/openapi.json', method: 'GET', path: '/openapi.json' },
  {
    name: 'MCP tools/list',
    method: 'POST',
    path: '/mcp',
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  },
  {
    name: 'chart (POST /api/chart)',
    method: 'POST',
    path: '/api/chart',
    body: JSON.stringify({ birthDate: '1948-04-09', birthTime: '00:14', birthLocation: 'Montreal, QC' }),
    headers: { 'content-type': 'application/json' },
  },
  {
    name: 'a year of hourly transits',
    method: 'GET',
    path: '/api/transits/all?startDate=2025-01-01&endDate=2025-12-31&granularity=hourly',
  },
  {
    name: '744-point transit chart',
    method: 'GET',
    path: '/api/transits/chart?startDate=2025-03-01&endDate=2025-03-31&granularity=hourly',
  },
];

const CODINGS = ['identity', 'gzip', 'br'] as const;

/** One request: bytes received (still encoded) and milliseconds to the last byte. */
function timed(
  url: string,
  key: string,
  route: Route,
  coding: string,
): Promise<{ bytes: number; ms: number }> {
  const { hostname, port } = new URL(url);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        method: route.method,
        path: route.path,
        headers: { authorization: `Bearer ${key}`, 'accept-encoding': coding, ...route.headers },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve({ bytes, ms: performance.now() - t0 })
            : reject(new Error(`${route.name}: ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(route.body);
  });
}

export async function compressionSection(rounds = 7): Promise<string> {
  const svc = await startService();
  const rows: string[] = [];
  try {
    for (const route of ROUTES) {
      await timed(svc.url, svc.key, route, 'identity'); // computes and caches the answer
      const figures = [];
      for (const coding of CODINGS) {
        const runs = [];
        for (let i = 0; i < rounds; i++) runs.push(await timed(svc.url, svc.key, route, coding));
        figures.push({ bytes: runs[0]!.bytes, ms: median(runs.map((r) => r.ms)) });
      }
      const [plain, gz, br] = figures;
      const kb = (b: number) => fmt(b / 1024, b < 10_240 ? 1 : 0);
      rows.push(
        `| ${route.name} | ${kb(plain!.bytes)} | ${kb(gz!.bytes)} (${fmt(plain!.bytes / gz!.bytes)}×) | ` +
          `${kb(br!.bytes)} (${fmt(plain!.bytes / br!.bytes)}×) | ${fmt(plain!.ms)} | ${fmt(gz!.ms)} | ${fmt(br!.ms)} |`,
      );
    }
  } finally {
    await svc.stop();
    svc.cleanup();
  }
  return `## Response compression (loopback, median of ${rounds}, answers from the result cache)

Bytes on the wire and time to the last byte, per Accept-Encoding. Compression runs on zlib's
thread pool (gzip level 6, br quality 5), so the time is added to the request, not to the event loop.

| Route | identity KB | gzip KB (ratio) | br KB (ratio) | identity ms | gzip ms | br ms |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  process.stdout.write(await compressionSection());
}
