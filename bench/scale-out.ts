/**
 * Scale-out, as a Markdown section of BENCHMARKS.md: POST /api/chart with a distinct birth per
 * request through HAProxy (deploy/haproxy.cfg) to one service process, then to two, on one
 * PostgreSQL (target: two >= 1.5x one on two cores, the load generator included), with where the
 * CPU goes per request (bench/cpu-split.ts).
 *
 * Beside it, the same comparison with a stand-in service (bench/stand-in-service.mjs) that spends
 * the service's own main-thread CPU per request on arithmetic alone: what this machine, its
 * balancer and its load generator allow a service of that cost at best. The gap between the two
 * ratios is the service's own (its collector and compiler threads, its database writes, its work
 * slowing down when both cores are busy); the gap between the stand-in and 2x is the machine's.
 *
 * Run alone with `npm run build && npx tsx bench/operations.ts scale`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, PRODUCTS } from '../src/store/index.js';
import { startHaproxy, until } from '../test/helpers/cluster.js';
import { freePort } from '../test/helpers/ports.js';
import { startPostgres } from '../test/helpers/postgres.js';
import { COMPONENTS, type CpuSnapshot, cpuPerRequest, cpuSnapshot } from './cpu-split.js';
import { type Child, distinctBirth, fmt, median, startChild } from './lib.js';
import { wrkCharts } from './wrk.js';

const log = (s: string) => process.stderr.write(`${s}\n`);
const PLACES = ['Montreal, QC', 'Lisbon, Portugal', 'Tokyo, Japan', 'Nairobi, Kenya'];
const QUICK = process.env.BENCH_QUICK === '1';
const CONNECTIONS = 50;
const LISTENING = /Listening on (http:\/\/\S+)/;

interface Measure {
  rps: number;
  p99: number;
  cpu: CpuSnapshot;
}
interface Rounds {
  ones: Measure[];
  twos: Measure[];
  ratios: number[];
}

/** Median of each component's figure over several measurements. */
const medianCpu = (runs: Measure[]): CpuSnapshot =>
  Object.fromEntries(COMPONENTS.map((c) => [c, median(runs.map((r) => r.cpu[c]))])) as CpuSnapshot;

const total = (cpu: CpuSnapshot) => COMPONENTS.reduce((sum, c) => sum + cpu[c], 0);
const serviceCpu = (cpu: CpuSnapshot) =>
  cpu['service main threads'] + cpu['service other threads and workers'];

/** Drives distinct-birth charts at `url` with wrk; each call continues the births where the last stopped. */
function chartLoad(key: string) {
  let runs = 0;
  return (url: string, seconds: number) =>
    wrkCharts({ url, key, places: PLACES, first: runs++ * 1_000_000, seconds, connections: CONNECTIONS });
}

/** One process, then two, behind a fresh HAProxy each time, in `rounds` alternating rounds. */
async function alternate(
  rounds: number,
  seconds: number,
  dir: string,
  ports: readonly number[],
  load: ReturnType<typeof chartLoad>,
): Promise<Rounds> {
  const measure = async (backends: readonly number[]): Promise<Measure> => {
    const lb = await startHaproxy(dir, await freePort(), backends);
    try {
      await until(
        'servers UP',
        async () => Object.values(await lb.servers()).filter((s) => s === 'UP').length === backends.length,
        30_000,
      );
      await load(lb.url, 2); // warm-up: connections, JIT, caches of the place table
      const before = cpuSnapshot();
      const r = await load(lb.url, seconds);
      return { rps: r.rps, p99: r.p99, cpu: cpuPerRequest(before, cpuSnapshot(), r.rps * seconds) };
    } finally {
      await lb.stop();
    }
  };
  const ones: Measure[] = [];
  const twos: Measure[] = [];
  for (let i = 0; i < rounds; i++) {
    ones.push(await measure(ports.slice(0, 1)));
    twos.push(await measure(ports));
  }
  return { ones, twos, ratios: ones.map((o, i) => twos[i]!.rps / o.rps) };
}

const roundRows = (r: Rounds) =>
  r.ratios
    .map(
      (ratio, i) =>
        `| ${i + 1} | ${r.ones[i]!.rps} | ${r.twos[i]!.rps} | ${fmt(ratio, 2)} | ${r.ones[i]!.p99} / ${r.twos[i]!.p99} |`,
    )
    .join('\n');

/** Two stand-in processes answering as large an answer as the service's chart. */
async function startStandIns(ports: readonly number[], answerBytes: number): Promise<Child[]> {
  return Promise.all(
    ports.map((port) =>
      startChild(
        ['bench/stand-in-service.mjs', 'serve'],
        { PORT: String(port), ANSWER_BYTES: String(answerBytes) },
        LISTENING,
      ),
    ),
  );
}

/** Main-thread CPU per request of the stand-in behind nothing, with `us` of arithmetic per request. */
async function standInMainThread(
  standIns: readonly Child[],
  us: number,
  load: ReturnType<typeof chartLoad>,
): Promise<number> {
  for (const s of standIns)
    await fetch(`${s.url}/spin?us=${Math.max(0, Math.round(us))}`, { method: 'POST' });
  await load(standIns[0]!.url, 1);
  const before = cpuSnapshot();
  const r = await load(standIns[0]!.url, 3);
  return cpuPerRequest(before, cpuSnapshot(), r.rps * 3)['service main threads'];
}

export async function scaleOutSection(): Promise<string> {
  log('scale-out behind HAProxy…');
  const seconds = QUICK ? 3 : 8;
  const rounds = QUICK ? 1 : 5;
  const standInRounds = QUICK ? 1 : 3;
  const pg = await startPostgres();
  const dir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  const ports = [await freePort(), await freePort()];
  const serve = (i: number) =>
    startChild(
      ['dist/src/main.js', 'serve'],
      {
        DATABASE_URL: pg.url,
        DATA_DIR: join(dir, `data-${i}`),
        PORT: String(ports[i]),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        WORKERS: '1',
      },
      LISTENING,
    );
  const procs = [await serve(0), await serve(1)];
  const admin = await openStore({ databaseUrl: pg.url, dataDir: 'memory://' });
  let standIns: Child[] = [];
  try {
    const { key } = await admin.keys.create({ name: 'bench', products: PRODUCTS });
    const post = (url: string, path: string, body: unknown) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // Each start checks the knowledge base against the store in the background: a SAGE answer marks
    // its end, and the measure waits for it.
    for (const p of procs) await post(p.url, '/api/sage', { query: 'What is a profile?' });
    const load = chartLoad(key);
    // Both processes compiled their hot paths before the first round, so neither starts cold.
    for (const p of procs) await load(p.url, 3);
    const real = await alternate(rounds, seconds, dir, ports, load);
    const answerBytes = (
      await (await post(procs[0]!.url, '/api/chart', distinctBirth(7, PLACES))).arrayBuffer()
    ).byteLength;
    await Promise.all(procs.map((p) => p.stop()));
    procs.length = 0;

    log('scale-out: stand-in service…');
    standIns = await startStandIns(ports, answerBytes);
    const one = medianCpu(real.ones);
    // What the stand-in's HTTP handling costs alone, so that with its arithmetic it costs what the
    // service's main thread did.
    const bare = await standInMainThread(standIns, 0, load);
    await standInMainThread(standIns, one['service main threads'] - bare, load);
    const stand = await alternate(standInRounds, seconds, dir, ports, load);
    return markdown(real, stand, { rounds, seconds, answerBytes, bare });
  } finally {
    await admin.close();
    await Promise.all([...procs, ...standIns].map((p) => p.stop()));
    pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function markdown(
  real: Rounds,
  stand: Rounds,
  o: { rounds: number; seconds: number; answerBytes: number; bare: number },
): string {
  const one = medianCpu(real.ones);
  const two = medianCpu(real.twos);
  const oneRps = median(real.ones.map((r) => r.rps));
  const cpuRow = (c: (typeof COMPONENTS)[number]) => `| ${c} | ${fmt(one[c], 0)} | ${fmt(two[c], 0)} |`;
  // Two cores, all of them spent on the service alone: what two processes could answer at most.
  const ceiling = 2e6 / serviceCpu(two);
  const standOne = medianCpu(stand.ones);
  const standTwo = medianCpu(stand.twos);
  return `## Scale-out: processes behind HAProxy on one PostgreSQL (${CONNECTIONS} connections, ${o.rounds} alternating rounds of ${o.seconds} s each, same run)

POST /api/chart with a distinct birth per request (each computed and metered), through HAProxy 2.6
with deploy/haproxy.cfg; the load generator, HAProxy, PostgreSQL and the service processes share
the machine's cores. The load comes from wrk (one thread), which costs a tenth of the CPU per
request that autocannon does: on two cores a heavier generator takes its share from the processes
compared. Each round measures one process, then two; the speed of this virtual machine drifts
between minutes, so the rounds are side by side and the median ratio is the figure.

| Round | one process (req/s) | two processes (req/s) | ratio | p99 one / two (ms) |
|---|---|---|---|---|
${roundRows(real)}

Two processes answer **${fmt(median(real.ratios), 2)}x** one, the median of the rounds (target: at least 1.5x on two cores).

Where the CPU goes (µs of CPU per request, from /proc, median of the rounds):

| Component | one process | two processes |
|---|---|---|
${COMPONENTS.map(cpuRow).join('\n')}
| all | ${fmt(total(one), 0)} | ${fmt(total(two), 0)} |

With one process its main thread is the bound (${fmt(one['service main threads'], 0)} µs a request on one core: at most
${fmt(1e6 / one['service main threads'], 0)} req/s) and the other core is not full; with two, every core is shared by all of the
above, ${fmt(total(two), 0)} µs a request in all. Even if HAProxy, PostgreSQL and the load generator cost
nothing, two processes at their measured cost (${fmt(serviceCpu(two), 0)} µs a request) could answer at most
${fmt(ceiling, 0)} req/s on two cores, **${fmt(ceiling / oneRps, 2)}x** one.

### The same machine with a stand-in service (${stand.ratios.length} alternating rounds, after the above)

bench/stand-in-service.mjs answers each request with ${o.answerBytes} bytes of JSON (the size of the chart answer
above) after a fixed amount of integer arithmetic: its HTTP handling alone costs ${fmt(o.bare, 0)} µs a request, and the
arithmetic is set to bring its main thread to what the service's cost with one process (${fmt(one['service main threads'], 0)} µs;
measured behind HAProxy below: ${fmt(standOne['service main threads'], 0)}). It allocates nothing per request beyond its HTTP handling,
reads no files and writes to no database. Same HAProxy configuration, same wrk, same two cores.

| Round | one stand-in (req/s) | two stand-ins (req/s) | ratio |
|---|---|---|---|
${stand.ratios.map((r, i) => `| ${i + 1} | ${stand.ones[i]!.rps} | ${stand.twos[i]!.rps} | ${fmt(r, 2)} |`).join('\n')}

Two stand-ins answer **${fmt(median(stand.ratios), 2)}x** one (median). That is what this machine, its balancer and its load
generator leave at best for a service whose main thread costs this much a request; the service
itself reaches ${fmt(((median(real.ratios) - 1) / (median(stand.ratios) - 1)) * 100, 0)}% of that gain. Where the stand-in's CPU goes (µs per request, median of its rounds):

| Component | one stand-in | two stand-ins |
|---|---|---|
${COMPONENTS.map((c) => `| ${c} | ${fmt(standOne[c], 0)} | ${fmt(standTwo[c], 0)} |`).join('\n')}
`;
}
