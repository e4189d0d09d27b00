/**
 * `npm run soak`: the built service under mixed traffic at a fixed rate for a bounded time (SOAK_SECONDS,
 * default 300; `.ci/run` runs 60), on loopback with an embedded store of its own. Traffic, in turn:
 * new and repeated Human Design charts, astrology and BaZi charts over REST (two kinds compressed,
 * gzip and br), MCP tool calls, a transit series (worker pool), pictures (SVG and PNG), SAGE
 * questions, and bad inputs (invalid fields, a missing key, malformed JSON). Reports p50/p99 per kind, unexpected answers, and the
 * resident memory and open descriptors (/proc/<pid>/fd) of the service and its worker processes
 * after a warm-up and at the end; exits 1 on any unexpected answer or growth beyond the bounds below.
 * `runSoak` and `soakReport` are shared with the bench's long soak (bench/soak-plateau.ts).
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { distinctBirth, fmt, percentile, startSettledService } from './lib.js';

/** Growth allowed from the end of the warm-up to the end: memory in MiB (total of all processes), descriptors. */
const MAX_RSS_GROWTH_MIB = Number(process.env.SOAK_MAX_RSS_GROWTH_MIB ?? 96);
const MAX_FD_GROWTH = 16;
const MAX_P99_MS = 5000;
const MIB = 1024 * 1024;

interface Call {
  kind: string;
  expect: number;
  method: 'GET' | 'POST';
  path: (i: number) => string;
  /** The JSON body (or raw text) of a POST. */
  body?: (i: number) => unknown;
  /** false: no key sent. */
  keyed?: boolean;
  /** Asked for with Accept-Encoding, and expected as the answer's Content-Encoding. */
  encoding?: 'gzip' | 'br';
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
  {
    ...chartCall('chart, gzip', '/api/chart?include=tooltips', (i) => distinctBirth(i + 23, PLACES)),
    encoding: 'gzip',
  },
  { ...chartCall('astrology, br', '/api/astrology', (i) => distinctBirth(i + 29, PLACES)), encoding: 'br' },
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
function send(
  agent: http.Agent,
  base: string,
  key: string,
  call: Call,
  i: number,
): Promise<{ status: number; encoding: string | undefined }> {
  const body = call.body?.(i);
  const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
  };
  if (call.keyed !== false) headers.Authorization = `Bearer ${key}`;
  if (call.encoding) headers['Accept-Encoding'] = call.encoding;
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${call.path(i)}`, { method: call.method, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, encoding: res.headers['content-encoding'] }));
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

/** Resident memory of one process, MiB. */
const rssMiB = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** What the service process says of its own memory on /metrics (prom-client's process figures). */
interface HeapFigures {
  /** V8's heap in use and reserved, MiB. */
  heapUsed: number;
  heapTotal: number;
  /** Memory of JavaScript objects held outside V8's heap (Buffers, ArrayBuffers), MiB. */
  external: number;
  /** The result cache: entries and the bytes of their answers, MiB (absent before it reported them). */
  cacheEntries?: number;
  cacheBytes?: number;
}

/** The service and its workers at one moment of the soak. */
export interface UsageMark {
  /** Seconds into the measured soak (0: the end of the warm-up). */
  at: number;
  mainMiB: number;
  workersMiB: number[];
  /** Resident memory of the service and its workers together, MiB. */
  totalMiB: number;
  fds: number;
  processes: number;
  heap: HeapFigures | null;
}

function usage(pid: number): Omit<UsageMark, 'at' | 'heap'> {
  const [main, ...workers] = processTree(pid);
  let fds = 0;
  for (const p of [main!, ...workers]) fds += readdirSync(`/proc/${p}/fd`).length;
  const mainMiB = rssMiB(main!);
  const workersMiB = workers.map(rssMiB);
  const totalMiB = mainMiB + workersMiB.reduce((a, b) => a + b, 0);
  return { mainMiB, workersMiB, totalMiB, fds, processes: workers.length + 1 };
}

/** The unlabelled samples of a Prometheus text exposition, by name. */
function samples(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of text.matchAll(/^([a-z_]+) (\S+)$/gm)) out.set(m[1]!, Number(m[2]));
  return out;
}

async function heapFigures(url: string, token: string): Promise<HeapFigures | null> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) return null;
  const s = samples(await res.text());
  const mib = (name: string) => (s.has(name) ? s.get(name)! / MIB : undefined);
  return {
    heapUsed: mib('nodejs_heap_size_used_bytes') ?? Number.NaN,
    heapTotal: mib('nodejs_heap_size_total_bytes') ?? Number.NaN,
    external: mib('nodejs_external_memory_bytes') ?? Number.NaN,
    ...(s.has('chart_cache_entries') ? { cacheEntries: s.get('chart_cache_entries')! } : {}),
    ...(s.has('chart_cache_bytes') ? { cacheBytes: mib('chart_cache_bytes')! } : {}),
  };
}

export interface SoakOptions {
  /** Length of the measured soak, after the warm-up. */
  seconds: number;
  /** Requests per second, spread evenly (a fixed rate, not as fast as possible). */
  rate: number;
  /** Seconds into the soak at which memory is recorded besides the end of the warm-up and the end. */
  marks?: number[];
  /** Service settings (e.g. CACHE_ENTRIES). */
  env?: Record<string, string>;
}

export interface SoakResult {
  seconds: number;
  rate: number;
  warmupSeconds: number;
  latencies: Map<string, number[]>;
  unexpected: string[];
  /** The end of the warm-up, each mark, the end. */
  marks: UsageMark[];
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

/** Runs the mix against a fresh built service and records its memory at the marks. */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const { seconds, rate } = options;
  const warmupSeconds = Math.min(30, Math.max(10, seconds / 10));
  const token = randomBytes(24).toString('hex');
  const svc = await startSettledService({ METRICS_TOKEN: token, ...options.env });
  const latencies = new Map<string, number[]>();
  const unexpected: string[] = [];
  let sent = 0;
  const inflight = new Set<Promise<void>>();
  let agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  /** Closes the client's idle connections and lets the service see it, then counts. */
  const settledUsage = async (at: number): Promise<UsageMark> => {
    agent.destroy();
    agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    await new Promise((r) => setTimeout(r, 500));
    const mark = { at, ...usage(svc.pid), heap: await heapFigures(svc.url, token) };
    const heap = mark.heap
      ? `, heap ${fmt(mark.heap.heapUsed, 0)}/${fmt(mark.heap.heapTotal, 0)}, external ${fmt(mark.heap.external, 0)}`
      : '';
    process.stderr.write(
      `soak ${clock(at)}: main ${fmt(mark.mainMiB, 0)} MiB, workers ${mark.workersMiB.map((w) => fmt(w, 0)).join('+')}${heap}\n`,
    );
    return mark;
  };
  const fire = (i: number) => {
    const call = MIX[i % MIX.length]!;
    const t = performance.now();
    const p = send(agent, svc.url, svc.key, call, i)
      .then(({ status, encoding }) => {
        if (status !== call.expect) unexpected.push(`${call.kind}: ${status}`);
        else if (encoding !== call.encoding) unexpected.push(`${call.kind}: Content-Encoding ${encoding}`);
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
  const run = async (span: number) => {
    const start = performance.now();
    const total = Math.round(span * rate);
    for (let n = 0; n < total; n++) {
      const due = start + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      fire(sent++);
    }
    await Promise.all(inflight);
  };
  try {
    process.stderr.write(`soak: warm-up ${warmupSeconds} s at ${rate} req/s…\n`);
    await run(warmupSeconds);
    latencies.clear();
    const marks = [await settledUsage(0)];
    process.stderr.write(`soak: ${seconds} s at ${rate} req/s…\n`);
    const stops = [...new Set([...(options.marks ?? []).filter((m) => m > 0 && m < seconds), seconds])];
    let done = 0;
    for (const stop of stops.sort((a, b) => a - b)) {
      await run(stop - done);
      done = stop;
      marks.push(await settledUsage(stop));
    }
    return { seconds, rate, warmupSeconds, latencies, unexpected, marks };
  } finally {
    await svc.stop();
    svc.cleanup();
  }
}

const minutes = (s: number) => (s % 60 === 0 ? `${s / 60} min` : `${fmt(s / 60, 1)} min`);

/** The latency table, the memory at each mark, and the unexpected answers, in Markdown. */
export function soakReport(r: SoakResult): string {
  const rows = [...r.latencies].map(
    ([kind, v]) => `| ${kind} | ${v.length} | ${fmt(percentile(v, 50), 1)} | ${fmt(percentile(v, 99), 1)} |`,
  );
  const all = [...r.latencies.values()].flat();
  const when = (m: UsageMark) => (m.at === 0 ? 'after warm-up' : minutes(m.at));
  const cell = (m: UsageMark, f: (h: HeapFigures) => number | undefined) => {
    const v = m.heap ? f(m.heap) : undefined;
    return v === undefined ? '' : fmt(v, 0);
  };
  const memory = r.marks.map(
    (m) =>
      `| ${when(m)} | ${fmt(m.mainMiB, 0)} | ${m.workersMiB.map((w) => fmt(w, 0)).join(' / ')} | ${fmt(m.totalMiB, 0)} | ${cell(m, (h) => h.heapUsed)} | ${cell(m, (h) => h.external)} | ${cell(m, (h) => h.cacheEntries)} | ${cell(m, (h) => h.cacheBytes)} | ${m.fds} |`,
  );
  return `| Kind | requests | p50 (ms) | p99 (ms) |
|---|---|---|---|
${rows.join('\n')}
| all | ${all.length} | ${fmt(percentile(all, 50), 1)} | ${fmt(percentile(all, 99), 1)} |

Resident memory (MiB) of the service process and its workers; the service's V8 heap in use and its
external memory (Buffers outside that heap) as it reports them on \`/metrics\`; the result cache.

| When | main | workers | all processes | main: V8 heap used | main: external | cache entries | cache MiB | open descriptors |
|---|---|---|---|---|---|---|---|---|
${memory.join('\n')}

Unexpected answers: ${r.unexpected.length}${r.unexpected.length ? ` (${[...new Set(r.unexpected)].slice(0, 5).join('; ')})` : ''}
`;
}

async function main(): Promise<void> {
  const seconds = Number(process.env.SOAK_SECONDS ?? 300);
  const rate = Number(process.env.SOAK_RATE ?? 24);
  // A small result cache fills during the warm-up, so what grows afterwards is not the cache filling.
  const r = await runSoak({ seconds, rate, env: { CACHE_ENTRIES: '200' } });
  const before = r.marks[0]!;
  const after = r.marks.at(-1)!;
  const all = [...r.latencies.values()].flat();
  const rssGrowth = after.totalMiB - before.totalMiB;
  const fdGrowth = after.fds - before.fds;
  process.stdout.write(
    `## Soak: ${seconds} s of mixed traffic at ${rate} req/s (after ${r.warmupSeconds} s of warm-up)

${soakReport(r)}
Growth (bound): resident memory ${fmt(rssGrowth, 0)} MiB (${MAX_RSS_GROWTH_MIB}), open descriptors ${fdGrowth} (${MAX_FD_GROWTH}).
`,
  );
  const failures = [
    r.unexpected.length > 0 && `${r.unexpected.length} unexpected answers`,
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

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  main().catch((e: unknown) => {
    process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
    process.exit(1);
  });
}
