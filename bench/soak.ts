/**
 * `npm run soak`: the built service under mixed traffic at a fixed rate for a bounded time (SOAK_SECONDS,
 * default 300; `.ci/run` runs 60), on loopback with an embedded store of its own. Traffic, in turn:
 * new and repeated Human Design charts, astrology and BaZi charts over REST, MCP tool calls, a
 * transit series (worker pool), pictures (SVG and PNG), SAGE questions, and bad inputs (invalid
 * fields, a missing key, malformed JSON). Reports p50/p99 per kind, unexpected answers, and the
 * resident memory and open descriptors (/proc/<pid>/fd) of the service and its worker processes
 * after a warm-up and at the end; exits 1 on any unexpected answer or growth beyond the bounds below.
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { distinctBirth, fmt, percentile, startSettledService } from './lib.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
/** Requests per second, spread evenly (a fixed rate, not as fast as possible). */
const RATE = Number(process.env.SOAK_RATE ?? 24);
const WARMUP_SECONDS = Math.min(30, Math.max(10, SECONDS / 10));
/** Growth allowed from the end of the warm-up to the end: memory in MiB (total of all processes), descriptors. */
const MAX_RSS_GROWTH_MIB = Number(process.env.SOAK_MAX_RSS_GROWTH_MIB ?? 96);
const MAX_FD_GROWTH = 16;
const MAX_P99_MS = 5000;

interface Call {
  kind: string;
  expect: number;
  method: 'GET' | 'POST';
  path: (i: number) => string;
  /** The JSON body (or raw text) of a POST. */
  body?: (i: number) => unknown;
  /** false: no key sent. */
  keyed?: boolean;
}

const PLACES = ['Montreal, QC', 'Lisbon, Portugal', 'Tokyo, Japan', 'Nairobi, Kenya'];
const chartCall = (kind: string, path: string, body: (i: number) => unknown): Call => ({
  kind,
  expect: 200,
  method: 'POST',
  path: () => path,
  body,
});
const day = (d: Date) => d.toISOString().slice(0, 10);

const MIX: Call[] = [
  chartCall('chart (new birth)', '/api/chart', (i) => distinctBirth(i, PLACES)),
  chartCall('chart (cached)', '/api/chart', () => distinctBirth(0, PLACES)),
  chartCall('astrology', '/api/astrology', (i) => distinctBirth(i + 7, PLACES)),
  chartCall('bazi', '/api/bazi', (i) => ({ ...distinctBirth(i + 11, PLACES), gender: 'female' })),
  chartCall('mcp tools/call', '/mcp', (i) => ({
    jsonrpc: '2.0',
    id: i,
    method: 'tools/call',
    params: { name: 'generate_chart', arguments: distinctBirth(i + 13, PLACES) },
  })),
  {
    kind: 'transit series (worker)',
    expect: 200,
    method: 'GET',
    // A new 20-day hourly window for each call: computed in the worker pool, never from the cache.
    path: (i) => {
      const from = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000);
      return `/api/transits/all?startDate=${day(from)}&endDate=${day(new Date(from.getTime() + 19 * 86_400_000))}&granularity=hourly&bodies=Sun,Moon`;
    },
  },
  chartCall('picture svg', '/api/chart/bodygraph.svg', (i) => distinctBirth(i + 17, PLACES)),
  chartCall('picture png', '/api/astrology/wheel.png', (i) => distinctBirth(i + 19, PLACES)),
  chartCall('sage', '/api/sage', (i) => ({
    query: ['What is a profile?', 'What is a Saturn return?', 'What is a Day Master?'][i % 3],
  })),
  {
    ...chartCall('bad input (400)', '/api/chart', () => ({ birthDate: '1990-02-30', birthTime: '25:00' })),
    expect: 400,
  },
  { ...chartCall('no key (401)', '/api/chart', () => ({})), expect: 401, keyed: false },
  { ...chartCall('malformed JSON (400)', '/api/chart', () => '{"birthDate":'), expect: 400 },
];

/**
 * One request on the soak's own keep-alive agent, which is emptied before each measurement so the
 * descriptors counted are the service's own, not idle client connections it holds open for us.
 */
function send(agent: http.Agent, base: string, key: string, call: Call, i: number): Promise<number> {
  const body = call.body?.(i);
  const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
  };
  if (call.keyed !== false) headers.Authorization = `Bearer ${key}`;
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${call.path(i)}`, { method: call.method, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(text);
  });
}

/** The service process and its children (the worker pool), by /proc. */
function processTree(pid: number): number[] {
  const out = [pid];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    if (children) for (const c of children.split(/\s+/)) out.push(...processTree(Number(c)));
  }
  return out;
}

function usage(pid: number): { rssMiB: number; fds: number; processes: number } {
  let rss = 0;
  let fds = 0;
  const tree = processTree(pid);
  for (const p of tree) {
    rss += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))![1]) / 1024;
    fds += readdirSync(`/proc/${p}/fd`).length;
  }
  return { rssMiB: rss, fds, processes: tree.length };
}

async function main(): Promise<void> {
  // A small result cache fills during the warm-up, so what grows afterwards is not the cache filling.
  const svc = await startSettledService({ CACHE_ENTRIES: '200' });
  const latencies = new Map<string, number[]>();
  const unexpected: string[] = [];
  let sent = 0;
  const inflight = new Set<Promise<void>>();
  let agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  /** Closes the client's idle connections and lets the service see it, then counts. */
  const settledUsage = async () => {
    agent.destroy();
    agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    await new Promise((r) => setTimeout(r, 500));
    return usage(svc.pid);
  };
  const fire = (i: number) => {
    const call = MIX[i % MIX.length]!;
    const t = performance.now();
    const p = send(agent, svc.url, svc.key, call, i)
      .then((status) => {
        if (status !== call.expect) unexpected.push(`${call.kind}: ${status}`);
      })
      .catch((e: unknown) => {
        unexpected.push(`${call.kind}: ${(e as Error).message}`);
      })
      .finally(() => {
        const list = latencies.get(call.kind) ?? [];
        list.push(performance.now() - t);
        latencies.set(call.kind, list);
        inflight.delete(p);
      });
    inflight.add(p);
  };
  const run = async (seconds: number) => {
    const start = performance.now();
    const total = Math.round(seconds * RATE);
    for (let n = 0; n < total; n++) {
      const due = start + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      fire(sent++);
    }
    await Promise.all(inflight);
  };
  process.stderr.write(`soak: warm-up ${WARMUP_SECONDS} s at ${RATE} req/s…\n`);
  await run(WARMUP_SECONDS);
  latencies.clear();
  const before = await settledUsage();
  process.stderr.write(`soak: ${SECONDS} s at ${RATE} req/s…\n`);
  await run(SECONDS);
  const after = await settledUsage();
  await svc.stop();
  svc.cleanup();

  const rows = [...latencies].map(
    ([kind, v]) => `| ${kind} | ${v.length} | ${fmt(percentile(v, 50), 1)} | ${fmt(percentile(v, 99), 1)} |`,
  );
  const all = [...latencies.values()].flat();
  const rssGrowth = after.rssMiB - before.rssMiB;
  const fdGrowth = after.fds - before.fds;
  process.stdout
    .write(`## Soak: ${SECONDS} s of mixed traffic at ${RATE} req/s (after ${WARMUP_SECONDS} s of warm-up)

| Kind | requests | p50 (ms) | p99 (ms) |
|---|---|---|---|
${rows.join('\n')}
| all | ${all.length} | ${fmt(percentile(all, 50), 1)} | ${fmt(percentile(all, 99), 1)} |

| Service and workers | after warm-up | at the end | growth (bound) |
|---|---|---|---|
| processes | ${before.processes} | ${after.processes} | |
| resident memory (MiB) | ${fmt(before.rssMiB, 0)} | ${fmt(after.rssMiB, 0)} | ${fmt(rssGrowth, 0)} (${MAX_RSS_GROWTH_MIB}) |
| open descriptors | ${before.fds} | ${after.fds} | ${fdGrowth} (${MAX_FD_GROWTH}) |

Unexpected answers: ${unexpected.length}${unexpected.length ? ` (${[...new Set(unexpected)].slice(0, 5).join('; ')})` : ''}
`);
  const failures = [
    unexpected.length > 0 && `${unexpected.length} unexpected answers`,
    rssGrowth > MAX_RSS_GROWTH_MIB && `memory grew ${fmt(rssGrowth, 0)} MiB (bound ${MAX_RSS_GROWTH_MIB})`,
    fdGrowth > MAX_FD_GROWTH && `descriptors grew by ${fdGrowth} (bound ${MAX_FD_GROWTH})`,
    after.processes !== before.processes && `processes ${before.processes} -> ${after.processes}`,
    percentile(all, 99) > MAX_P99_MS && `p99 ${fmt(percentile(all, 99), 0)} ms (bound ${MAX_P99_MS})`,
  ].filter(Boolean);
  if (failures.length) {
    process.stderr.write(`soak failed: ${failures.join('; ')}\n`);
    process.exit(1);
  }
  process.stdout.write('soak passed\n');
}

main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
