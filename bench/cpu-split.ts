import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where the CPU of a load test goes, from /proc (Linux): the service processes' main threads, their
 * other threads and workers, HAProxy, PostgreSQL, and the load generator (this process's waited-for
 * children, i.e. wrk once it has exited). Read as two snapshots around a measurement, so reading
 * costs nothing during it.
 */

export const COMPONENTS = [
  'service main threads',
  'service other threads and workers',
  'HAProxy',
  'PostgreSQL',
  'wrk',
] as const;
export type Component = (typeof COMPONENTS)[number];
export type CpuSnapshot = Record<Component, number>;

const TICKS_PER_SECOND = 100;

/** utime + stime of a stat line, in seconds (fields 14 and 15, counted after the command's ")"). */
function seconds(statPath: string, first = 11): number {
  const stat = readFileSync(statPath, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[first]) + Number(fields[first + 1])) / TICKS_PER_SECOND;
}

const commandOf = (pid: string): string | null => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return null;
  }
};

export function cpuSnapshot(): CpuSnapshot {
  const out: CpuSnapshot = {
    'service main threads': 0,
    'service other threads and workers': 0,
    HAProxy: 0,
    PostgreSQL: 0,
    // cutime + cstime: children this process has waited for.
    wrk: seconds('/proc/self/stat', 13),
  };
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const command = commandOf(pid);
    if (command === null) continue;
    try {
      // The service, or the stand-in the scale-out bench compares it with (bench/stand-in-service.mjs).
      if (command.includes('main.js serve') || command.includes('stand-in-service.mjs serve')) {
        const main = seconds(`/proc/${pid}/task/${pid}/stat`);
        out['service main threads'] += main;
        out['service other threads and workers'] += seconds(`/proc/${pid}/stat`) - main;
      } else if (/operations\/worker\.js/.test(command)) {
        out['service other threads and workers'] += seconds(`/proc/${pid}/stat`);
      } else if (command.startsWith('haproxy')) out.HAProxy += seconds(`/proc/${pid}/stat`);
      else if (command.startsWith('postgres') || command.includes('/bin/postgres '))
        // A backend that exits between the snapshots takes its time with it; the postmaster's
        // cutime + cstime (children waited for) gets it back.
        out.PostgreSQL += seconds(`/proc/${pid}/stat`) + seconds(`/proc/${pid}/stat`, 13);
    } catch {
      // The process ended between listing and reading.
    }
  }
  return out;
}

/** Microseconds of CPU per request of each component between two snapshots. */
export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuSnapshot {
  return Object.fromEntries(
    COMPONENTS.map((c) => [c, ((after[c] - before[c]) * 1e6) / requests]),
  ) as CpuSnapshot;
}
