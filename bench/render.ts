/**
 * Chart picture benchmarks, as a Markdown section for BENCHMARKS.md: SVG build time per chart
 * (bodygraph, wheel with design and gate rings, BaZi) and PNG rasterising time per chart at 800 px
 * (resvg with the bundled font subsets), split into parse (text to outlines included), rasterise and
 * PNG encode.
 * Target of the rendering issue: an 800-pixel PNG in at most 30 ms. Births are distinct (seeded,
 * 1900-2100), charts computed before timing. Then REST throughput of the bodygraph PNG with distinct
 * births (built service, 50 connections, 10 s). Run alone with
 * `npm run build && npx tsx bench/render.ts` (`--in-process` for the first part only).
 */
import { pathToFileURL } from 'node:url';
import { astrologyMomentsAt } from '../src/core/astrology/index.js';
import { computeBazi } from '../src/core/bazi/index.js';
import { createEphemeris } from '../src/core/ephemeris/index.js';
import { hdChartAt } from '../src/core/human-design/index.js';
import { renderBazi, renderBodygraph, renderWheel, svgToPng } from '../src/core/render/index.js';
import { parseForRaster, releaseRenders } from '../src/core/render/png.js';
import { encodePng } from '../src/core/render/png-encode.js';
import { distinctRequests } from './birth-charts-rest.js';
import { fmt, load, median, percentile, perItem, startSettledService, timeTasks } from './lib.js';

const log = (s: string) => process.stderr.write(`${s}\n`);

const CHARTS = 200;
const PNG_CHARTS = 60;
const WIDTH = 800;
const TARGET_MS = 30;
const JD_UNIX_EPOCH = 2_440_587.5;
const OPTIONS = { theme: 'light', width: WIDTH, transparent: false, labels: true } as const;
const WHEEL_OPTIONS = { ...OPTIONS, designRing: true, gateRing: true, details: false };
const PLAIN_WHEEL = { ...OPTIONS, designRing: false, gateRing: false, details: false };
const DETAILS_WHEEL = { ...OPTIONS, designRing: false, gateRing: false, details: true };

function charts() {
  const ephemeris = createEphemeris();
  let seed = 11;
  const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
  return Array.from({ length: CHARTS }, () => {
    const jd = 2_415_020.5 + random() * 73_049;
    const place = { latitude: random() * 120 - 60, longitude: random() * 360 - 180 };
    const { personality, design } = astrologyMomentsAt(ephemeris, jd, place);
    return {
      hd: hdChartAt(ephemeris, jd).chart,
      astro: { personality: personality.chart, design: design.chart },
      bazi: computeBazi(
        ephemeris,
        { utcMs: (jd - JD_UNIX_EPOCH) * 86_400_000, offsetSeconds: 0, longitude: place.longitude },
        { gender: 'female', dayBoundary: 'midnight', solarTime: 'standard' },
      ),
    };
  });
}

/**
 * Parse (incl. text layout), rasterise and encode of one SVG, each in ms, medians over `svgs`; each
 * SVG in its own turn of the event loop and released as svgToPng does.
 */
async function stages(svgs: readonly string[]) {
  const parse: number[] = [];
  const raster: number[] = [];
  const encode: number[] = [];
  for (const svg of svgs) {
    await new Promise((resolve) => setImmediate(resolve));
    stage(svg, parse, raster, encode);
    releaseRenders();
  }
  return { parse: median(parse), raster: median(raster), encode: median(encode) };
}

function stage(svg: string, parse: number[], raster: number[], encode: number[]) {
  let t = performance.now();
  const resvg = parseForRaster(svg, WIDTH);
  parse.push(performance.now() - t);
  t = performance.now();
  const image = resvg.render();
  raster.push(performance.now() - t);
  t = performance.now();
  encodePng(image.pixels, image.width, image.height);
  encode.push(performance.now() - t);
}

export async function renderBenchSection(): Promise<string> {
  log('chart pictures: SVG build and PNG rasterising…');
  const list = charts();
  const kinds = [
    { name: 'bodygraph', svg: (i: number) => renderBodygraph(list[i]!.hd, OPTIONS) },
    { name: 'wheel', svg: (i: number) => renderWheel(list[i]!.astro, PLAIN_WHEEL) },
    { name: 'wheel (design + gate rings)', svg: (i: number) => renderWheel(list[i]!.astro, WHEEL_OPTIONS) },
    {
      name: 'wheel with details (stacked at 800 px)',
      svg: (i: number) => renderWheel(list[i]!.astro, DETAILS_WHEEL),
    },
    { name: 'BaZi', svg: (i: number) => renderBazi(list[i]!.bazi, { ...OPTIONS, asOf: '2026-01-01' }) },
  ];
  const indexes = list.map((_, i) => i);
  const rows = [];
  for (const kind of kinds) {
    const svgMicros = perItem(indexes, kind.svg);
    const svgs = indexes.slice(0, PNG_CHARTS).map(kind.svg);
    const pngMs = (await timeTasks(PNG_CHARTS, (i) => svgToPng(svgs[i % svgs.length]!, WIDTH))).map(
      (us) => us / 1000,
    );
    const size = svgToPng(svgs[0]!, WIDTH).length;
    const split = await stages(svgs);
    rows.push({
      name: kind.name,
      svgMicros,
      svgBytes: svgs[0]!.length,
      p50: median(pngMs),
      p95: percentile(pngMs, 95),
      size,
      split,
    });
  }
  const table = rows
    .map(
      (r) =>
        `| ${r.name} | ${fmt(r.svgMicros, 0)} | ${fmt(r.svgBytes / 1024, 1)} | ${fmt(r.p50, 1)} | ${fmt(r.p95, 1)} | ${fmt(r.split.parse, 1)} / ${fmt(r.split.raster, 1)} / ${fmt(r.split.encode, 1)} | ${fmt(r.size / 1024, 0)} | ${r.p50 <= TARGET_MS ? 'met' : '**not met**'} |`,
    )
    .join('\n');
  return `## Chart pictures (in-process)

${CHARTS} distinct births 1900-2100 for the SVG build (median of 5 rounds), the first ${PNG_CHARTS} of them
rasterised at ${WIDTH} px with resvg and the bundled font subsets (data/fonts). The split is the median of
each stage: parse (\`parseForRaster\`: text to outlines, then \`new Resvg\`), rasterise (\`render\`), PNG
encode (\`encodePng\`).

| Chart | SVG build (µs) | SVG (KB) | PNG p50 (ms) | PNG p95 (ms) | parse / raster / encode (ms) | PNG (KB) | ≤ ${TARGET_MS} ms |
|---|---|---|---|---|---|---|---|
${table}
`;
}

/**
 * REST throughput of the three PNG pictures: every request a new birth, so each resolves the place,
 * computes the chart, draws and rasterises it at 800 px and meters one unit (no cache hit).
 */
export async function renderRestSection(): Promise<string> {
  log('chart pictures over REST…');
  const svc = await startSettledService();
  const headers = { authorization: `Bearer ${svc.key}`, 'content-type': 'application/json' };
  const rows: string[] = [];
  try {
    const routes: [string, string, Record<string, string>?][] = [
      ['POST /api/chart (JSON, for scale)', '/api/chart'],
      ['POST /api/chart/bodygraph.svg', '/api/chart/bodygraph.svg'],
      ['POST /api/chart/bodygraph.png (800 px)', '/api/chart/bodygraph.png'],
      ['POST /api/astrology/wheel.png (800 px)', '/api/astrology/wheel.png'],
      ['POST /api/bazi/chart.png (800 px)', '/api/bazi/chart.png', { gender: 'female' }],
    ];
    for (const [i, [name, path, extra]] of routes.entries()) {
      await load({
        url: svc.url,
        duration: 2,
        requests: [distinctRequests(path, headers, 8_000_000 + i * 100_000, extra)],
      });
      const r = await load({
        url: svc.url,
        requests: [distinctRequests(path, headers, 2_000_000 + i * 100_000, extra)],
      });
      rows.push(`| ${name}, distinct births | ${r.rps} | ${r.p50} | ${r.p99} |`);
    }
  } finally {
    await svc.stop();
    svc.cleanup();
  }
  return `## Chart pictures over REST (50 connections, 10 s each, built service)

Every request is a new birth (one of five places): place lookup, chart, SVG, and for the PNG resvg at
800 px, plus the meter unit. The JSON chart is measured again in this run for scale.

| Endpoint | req/s | p50 (ms) | p99 (ms) |
|---|---|---|---|
${rows.join('\n')}
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    process.stdout.write(await renderBenchSection());
    if (!process.argv.includes('--in-process')) process.stdout.write(`\n${await renderRestSection()}`);
  } catch (e) {
    process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
    process.exit(1);
  }
}
