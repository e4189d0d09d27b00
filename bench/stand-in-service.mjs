/**
 * A stand-in for a service process in the scale-out bench (bench/scale-out.ts): what one process
 * behind HAProxy could gain from a second on this machine if the service were nothing but a fixed
 * amount of arithmetic per request on its main thread (no allocation to collect, no file reads),
 * optionally with the service's metered write. Same HTTP/1.1 keep-alive, same answer size, same
 * load generator and balancer.
 *
 * - GET /ready: 200 (HAProxy's health check).
 * - POST /spin?us=N: from now on each request burns about N µs of CPU (calibrated here at start).
 * - Any other request: reads its body, burns the set CPU, answers `ANSWER_BYTES` bytes of JSON.
 *   With DATABASE_URL and METER_KEY_ID set, it first meters one chart unit for that key the way the
 *   service does (the built store's UsageStore: group commit into PostgreSQL), and answers once the
 *   unit is committed.
 *
 * Plain JavaScript so it starts without tsx; metering needs the build (`npm run build`).
 * Usage: PORT=p ANSWER_BYTES=n [DATABASE_URL=... METER_KEY_ID=...] node bench/stand-in-service.mjs serve
 */
import { createServer } from 'node:http';

const port = Number(process.env.PORT);
const meterKey = process.env.METER_KEY_ID;
const store =
  process.env.DATABASE_URL && meterKey
    ? await (
        await import('../dist/src/store/index.js')
      ).openStore({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' })
    : null;
const meter = store ? () => store.usage.add(meterKey, 'chart', 1, null, new Date()) : null;
const answer = Buffer.from(
  JSON.stringify({ data: 'x'.repeat(Math.max(0, Number(process.env.ANSWER_BYTES ?? 6000) - 12)) }),
);

// Integer arithmetic on one number: no allocation, nothing for the garbage collector.
let state = 1;
const work = (n) => {
  for (let i = 0; i < n; i++) state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state;
};
work(1e6); // compiled before it is timed
const started = process.cpuUsage();
work(2e6);
const { user, system } = process.cpuUsage(started);
const stepsPerMicrosecond = 2e6 / (user + system);
let steps = 0;

const server = createServer((req, res) => {
  if (req.url === '/ready') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"ready"}');
    return;
  }
  req.resume();
  req.on('end', async () => {
    if (req.url?.startsWith('/spin?')) {
      const us = Number(new URL(req.url, 'http://x').searchParams.get('us'));
      steps = Math.max(0, Math.round(us * stepsPerMicrosecond));
      res.writeHead(204);
      res.end();
      return;
    }
    work(steps);
    if (meter) await meter();
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': answer.length });
    res.end(answer);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, '127.0.0.1', () => console.log(`Listening on http://127.0.0.1:${port}`));
process.on('SIGTERM', () =>
  server.close(async () => {
    await store?.close();
    process.exit(0);
  }),
);
