/**
 * Scale-out, as a Markdown section of BENCHMARKS.md: POST /api/chart with a distinct birth per
 * request through HAProxy (deploy/haproxy.cfg) to one service process, then to two, on one
 * PostgreSQL (target: two >= 1.5x one on two cores, the load generator included), with where the
 * CPU goes per request (bench/cpu-split.ts).
 *
 * Beside it, the same comparison with stand-in services (bench/stand-in-service.mjs) that spend the
 * service's own main-thread CPU per request on arithmetic, alone and with the service's metered
 * write: what this machine, its balancer and its load generator allow a service of that cost at
 * best. The gap between their ratios and the service's is the service's own (its collector and
 * compiler threads, its work slowing down when both cores are busy); the gap between the stand-ins
 * and 2x is the machine's.
 *
 * Run alone with `npm run build && npx tsx bench/operations.ts scale`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, PRODUCTS } from '../src/store/index.js';
import { startHaproxy, waitInRotation } from '../test/helpers/cluster.js';
import { freePort } from '../test/helpers/ports.js';
import { startPostgres } from '../test/helpers/postgres.js';
import { COMPONENTS, type CpuSnapshot, cpuPerRequest, cpuSnapshot } from './cpu-split.js';
import { distinctBirth, fmt, median, startChild } from './lib.js';
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
      await waitInRotation(
        lb,
        backends.map((_, i) => `app${i + 1}`),
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

/** A stand-in variant measured beside the service: its rounds, and its HTTP handling's own cost. */
interface StandIn {
  title: string;
  /** What it does per request besides the arithmetic, for the text. */
  does: string;
  rounds: Rounds;
  /** Main-thread µs per request with no arithmetic. */
  bare: number;
}

/**
 * Two stand-ins (bench/stand-in-service.mjs) answering as large an answer as the service's chart,
 * their arithmetic set so that each main thread costs `mainThread` µs a request, then measured one
 * against two like the service.
 */
async function measureStandIn(
  env: Record<string, string>,
  mainThread: number,
  o: {
    rounds: number;
    seconds: number;
    dir: string;
    ports: readonly number[];
    load: ReturnType<typeof chartLoad>;
  },
): Promise<{ rounds: Rounds; bare: number }> {
  const standIns = await Promise.all(
    o.ports.map((port) =>
      startChild(['bench/stand-in-service.mjs', 'serve'], { ...env, PORT: String(port) }, LISTENING),
    ),
  );
  try {
    /** Main-thread CPU per request of one stand-in alone, with `us` of arithmetic a request. */
    const mainThreadWith = async (us: number) => {
      for (const s of standIns)
        await fetch(`${s.url}/spin?us=${Math.max(0, Math.round(us))}`, { method: 'POST' });
      await o.load(standIns[0]!.url, 1);
      const before = cpuSnapshot();
      const r = await o.load(standIns[0]!.url, 3);
      return cpuPerRequest(before, cpuSnapshot(), r.rps * 3)['service main threads'];
    };
    const bare = await mainThreadWith(0);
    // The arithmetic's speed was timed once at start; one correction from a measure brings the
    // main thread to the service's cost within a few per cent.
    const first = mainThread - bare;
    const measured = await mainThreadWith(first);
    if (measured > bare) await mainThreadWith((first * (mainThread - bare)) / (measured - bare));
    return { rounds: await alternate(o.rounds, o.seconds, o.dir, o.ports, o.load), bare };
  } finally {
    await Promise.all(standIns.map((p) => p.stop()));
  }
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
  try {
    const { key, record } = await admin.keys.create({ name: 'bench', products: PRODUCTS });
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
    await Promise.all(procs.splice(0).map((p) => p.stop()));

    const mainThread = medianCpu(real.ones)['service main threads'];
    const options = { rounds: standInRounds, seconds, dir, ports, load };
    const answer = { ANSWER_BYTES: String(answerBytes) };
    log('scale-out: stand-in service…');
    const bare = await measureStandIn(answer, mainThread, options);
    log('scale-out: stand-in service with metering…');
    const metered = await measureStandIn(
      { ...answer, DATABASE_URL: pg.url, METER_KEY_ID: record.id },
      mainThread,
      options,
    );
    return markdown(real, { rounds, seconds, answerBytes }, [
      {
        title: 'arithmetic only',
        does: 'nothing else: no allocation beyond its HTTP handling, no file, no database',
        ...bare,
      },
      {
        title: 'arithmetic and the metered write',
        does: "the service's own metering of one chart unit (UsageStore: group commit into the same PostgreSQL) before it answers",
        ...metered,
      },
    ]);
  } finally {
    await admin.close();
    await Promise.all(procs.map((p) => p.stop()));
    pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function markdown(
  real: Rounds,
  o: { rounds: number; seconds: number; answerBytes: number },
  standIns: StandIn[],
): string {
  const one = medianCpu(real.ones);
  const two = medianCpu(real.twos);
  const oneRps = median(real.ones.map((r) => r.rps));
  const cpuRow = (c: (typeof COMPONENTS)[number]) => `| ${c} | ${fmt(one[c], 0)} | ${fmt(two[c], 0)} |`;
  // Two cores, all of them spent on the service alone: what two processes could answer at most.
  const ceiling = 2e6 / serviceCpu(two);
  const realRatio = median(real.ratios);
  const standInRatio = (s: StandIn) => median(s.rounds.ratios);
  const standInRow = (s: StandIn) => {
    const [a, b] = [medianCpu(s.rounds.ones), medianCpu(s.rounds.twos)];
    return `| ${s.title} | ${fmt(s.bare, 0)} | ${fmt(a['service main threads'], 0)} | ${s.rounds.ratios.map((r) => fmt(r, 2)).join(', ')} | **${fmt(standInRatio(s), 2)}x** | ${fmt(total(a), 0)} / ${fmt(total(b), 0)} |`;
  };
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

Two processes answer **${fmt(realRatio, 2)}x** one, the median of the rounds (target: at least 1.5x on two cores).

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

### What this machine allows: stand-in services of the same cost (after the above, same run)

bench/stand-in-service.mjs answers each request with ${o.answerBytes} bytes of JSON (the chart answer's size above)
after a fixed amount of integer arithmetic, set so that its main thread costs what the service's
did with one process (${fmt(one['service main threads'], 0)} µs a request): the arithmetic is that figure less what the stand-in's
own handling costs alone. Same HAProxy configuration, same wrk, same two cores, ${standIns[0]!.rounds.ratios.length} alternating
rounds each. Besides the arithmetic, each stand-in does:
${standIns.map((s) => `- ${s.title}: ${s.does}.`).join('\n')}

| Stand-in | its handling alone (µs) | main thread behind HAProxy, one (µs) | ratio per round | median | all CPU one / two (µs a request) |
|---|---|---|---|---|---|
${standIns.map(standInRow).join('\n')}

The stand-ins' medians are what this machine, its balancer and its load generator leave at best
for a service whose main thread costs this much a request, without and with a durable metered
write per request; the service reaches ${fmt(realRatio, 2)}x.
`;
}
