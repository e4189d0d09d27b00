/**
 * Resident memory of the service (`npm run bench` section, or alone: `npx tsx bench/memory.ts` after
 * `npm run build`): the main process and each worker of the pool at start (after the knowledge load
 * settled), then the peak while a heavy mix runs (distinct charts, years of hourly transits, PNG
 * bodygraphs and SAGE questions, 8 at a time) and where it ends. Read from /proc (VmRSS, VmHWM).
 * Targets (issue 22): each worker <= 120 MB at start, the whole service <= 600 MB at start and
 * <= 1.2 GB at the heavy mix's peak.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { distinctBirth, fmt, startSettledService } from './lib.js';

const MB = 1024 * 1024;
const PLACES = ['Montreal, QC', 'London', 'Tokyo', 'São Paulo', 'Berlin, Germany'];

function statusField(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return line ? Number(line.split(/\s+/)[1]) * 1024 : 0;
}

/** The main process and its worker processes (children running node). */
function processes(pid: number): { main: number; workers: number[] } {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return { main: pid, workers: children.map(Number) };
}

interface Snapshot {
  main: number;
  workers: number[];
  total: number;
}

function snapshot(pid: number): Snapshot {
  const { main, workers } = processes(pid);
  const m = statusField(main, 'VmRSS');
  const w = workers.map((p) => statusField(p, 'VmRSS'));
  return { main: m, workers: w, total: m + w.reduce((a, b) => a + b, 0) };
}

/** The heavy mix: every request distinct (no cache hits), `concurrency` in flight. */
async function heavyMix(url: string, key: string, concurrency = 8): Promise<number> {
  const auth = { authorization: `Bearer ${key}` };
  const jobs: (() => Promise<Response>)[] = [];
  for (let i = 0; i < 200; i++) {
    const b = distinctBirth(i * 1013, PLACES);
    jobs.push(() =>
      fetch(`${url}/api/chart`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(b),
      }),
    );
    if (i % 10 === 0) {
      const q = new URLSearchParams({ ...b, width: '1200' }).toString();
      jobs.push(() => fetch(`${url}/api/chart/bodygraph.png?${q}`, { headers: auth }));
    }
    if (i % 25 === 0) {
      const y = 1950 + i / 25;
      jobs.push(() =>
        fetch(`${url}/api/transits/all?startDate=${y}-01-01&endDate=${y}-12-31&granularity=hourly`, {
          headers: auth,
        }),
      );
    }
    if (i % 20 === 0) {
      const q = encodeURIComponent(`What does gate ${1 + (i % 64)} mean in a chart?`);
      jobs.push(() => fetch(`${url}/api/sage?q=${q}`, { headers: auth }));
    }
  }
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const res = await jobs[next++]!();
        await res.arrayBuffer();
        if (res.status !== 200) failed++;
      }
    }),
  );
  if (failed) throw new Error(`${failed} of ${jobs.length} heavy-mix requests failed`);
  return jobs.length;
}

export interface MemoryFigures {
  start: Snapshot;
  peak: Snapshot;
  end: Snapshot;
  requests: number;
}

export async function measureMemory(env: Record<string, string> = {}): Promise<MemoryFigures> {
  const svc = await startSettledService({ WORKERS: '2', ...env });
  try {
    await new Promise((r) => setTimeout(r, 2000));
    const start = snapshot(svc.pid);
    let peak = start;
    const sampler = setInterval(() => {
      const s = snapshot(svc.pid);
      if (s.total > peak.total) peak = s;
    }, 100);
    const requests = await heavyMix(svc.url, svc.key);
    clearInterval(sampler);
    const end = snapshot(svc.pid);
    if (end.total > peak.total) peak = end;
    return { start, peak, end, requests };
  } finally {
    await svc.stop();
    svc.cleanup();
  }
}

export function memorySection(m: MemoryFigures): string {
  const mb = (b: number) => fmt(b / MB, 0);
  const row = (label: string, s: Snapshot) =>
    `| ${label} | ${mb(s.main)} | ${s.workers.map(mb).join(' / ')} | ${mb(s.total)} |`;
  return `## Resident memory (main process and 2 workers, MB)

The built service on a fresh embedded store, after its knowledge load; then ${m.requests} distinct
requests, 8 at a time: charts, PNG bodygraphs (1200 px), years of hourly transits (8 MB each) and
SAGE questions. Targets: each worker <= 120 MB at start, the whole service <= 600 MB at start and
<= 1,200 MB at the heavy mix's peak.

| When | Main | Workers | Whole service |
|---|---|---|---|
${row('At start', m.start)}
${row('Heavy mix, peak', m.peak)}
${row('Heavy mix, after', m.end)}
`;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  process.stdout.write(memorySection(await measureMemory()));
}
