/**
 * Fetches hourly transit years from a running service, one after another, until SIGTERM; then prints
 * how many it read. bench/transits-rest.ts runs it beside the chart load in a process of its own:
 * reading 8 MB answers inside the load generator stalled the generator itself and showed up as the
 * server's latency. Plain JavaScript so it starts without tsx.
 * Usage: node bench/transit-loop.mjs <service url> <api key>
 */
const [url, key] = process.argv.slice(2);
const DAY_MS = 86_400_000;
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);
/** One leap-free year of hourly points from day `r` after 2024-01-01 (each request a new span). */
const yearFrom = (r) => {
  const start = Date.UTC(2024, 0, 1) + r * DAY_MS;
  return `startDate=${isoDay(start)}&endDate=${isoDay(start + 365 * DAY_MS)}&granularity=hourly`;
};

let running = true;
process.on('SIGTERM', () => {
  running = false;
});
let years = 0;
for (let r = 100; running; r++) {
  const res = await fetch(`${url}/api/transits/all?${yearFrom(r)}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET /api/transits/all: ${res.status}`);
  years++;
}
process.stdout.write(`${years}\n`);
