/**
 * The bench's long soak (`npm run bench` section, or alone: `npx tsx bench/soak-plateau.ts` after
 * `npm run build`): the soak's mix (bench/soak.ts) for 30 minutes (BENCH_SOAK_MINUTES) against the
 * service as configured by default (the result cache fills within the first minutes), with the
 * resident memory of the service and its workers each minute. Reports 5 minutes, the middle and the
 * end (5, 15 and 30 minutes) and whether memory has reached a plateau. Not in CI, which runs the
 * one-minute soak.
 */
import { pathToFileURL } from 'node:url';
import { fmt } from './lib.js';
import { runSoak, soakReport, type UsageMark } from './soak.js';

/**
 * The growth of all processes' resident memory allowed over the second half of the soak (15 minutes,
 * 21,600 requests at 24 a second): 1.1 KiB a request, so a leak of a record per request with its key
 * and a few fields shows, while a one-off step in which V8 or glibc takes memory (16-17 MiB measured,
 * once, after the caches were full) does not. A smaller leak needs a longer soak to show.
 */
export const PLATEAU_MIB = 24;
const RATE = 24;

/**
 * Growth over the samples' span from their least-squares line: a PNG rasterised in a worker moves that
 * worker's resident memory by 20-40 MiB for a moment, which would decide a comparison of two samples.
 */
export function fittedGrowth(points: { at: number; value: number }[]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.at, 0) / n;
  const my = points.reduce((s, p) => s + p.value, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.at - mx) ** 2, 0);
  const sxy = points.reduce((s, p) => s + (p.at - mx) * (p.value - my), 0);
  return sxx === 0 ? 0 : (sxy / sxx) * (points.at(-1)!.at - points[0]!.at);
}

export async function plateauSoakSection(
  minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 30),
): Promise<string> {
  const seconds = minutes * 60;
  const everyMinute = Array.from({ length: minutes }, (_, i) => (i + 1) * 60);
  const r = await runSoak({ seconds, rate: RATE, marks: everyMinute });
  const half = Math.round(minutes / 2) * 60;
  const shown = new Set([0, 300, half, seconds]);
  const at = (s: number) => r.marks.find((m) => m.at === s)!;
  const secondHalf = r.marks.filter((m) => m.at >= half);
  const fitted = (value: (m: UsageMark) => number) =>
    fittedGrowth(secondHalf.map((m) => ({ at: m.at, value: value(m) })));
  const total = fitted((m) => m.totalMiB);
  const main = fitted((m) => m.mainMiB);
  const raw = at(seconds).totalMiB - at(half).totalMiB;
  const series = r.marks.map((m) => fmt(m.totalMiB, 0)).join(', ');
  return `## Long soak: memory plateau (${minutes} min of mixed traffic at ${RATE} req/s, default settings)

The soak's mix (\`npm run soak\`: charts new and repeated, astrology, BaZi, gzip and br answers,
MCP tool calls, transit series in the worker pool, SVG and PNG pictures, SAGE, bad inputs) after
${r.warmupSeconds} s of warm-up, against the service with its default settings, so the result cache
(\`CACHE_ENTRIES\` 5,000, \`CACHE_MB\` 64) fills within the first minutes as in production.

${soakReport({ ...r, marks: r.marks.filter((m) => shown.has(m.at)) })}
All processes, each minute (MiB): ${series}.

Growth from ${half / 60} to ${minutes} min, from the least-squares line through the ${secondHalf.length} samples of that
half: **${fmt(total, 0)} MiB** for all processes (main process ${fmt(main, 0)} MiB; the two samples alone
differ by ${fmt(raw, 0)} MiB). Plateau: at most ${PLATEAU_MIB} MiB, 1.1 KiB a request over that half ->
${total <= PLATEAU_MIB ? '**plateau**' : '**no plateau**'}.
`;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  process.stdout.write(await plateauSoakSection());
}
