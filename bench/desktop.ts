/**
 * The desktop server, as a Markdown section for BENCHMARKS.md (bench/run.ts wires it in):
 * `chart-service stdio` (the build), time from spawning it to its `initialize` answer, on a fresh
 * data directory and on one that already holds a store; median of 5 starts each. Also, as
 * `bench/desktop.ts rate`, the chart core's rate on this process's Swiss Ephemeris build (EPHEMERIS),
 * which bench/engines.ts runs once per build. Run alone with `npm run build && npx tsx bench/desktop.ts`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createEphemeris, EPHEMERIS_ENGINE } from '../src/core/ephemeris/index.js';
import { hdChartAt } from '../src/core/human-design/index.js';
import { fmt, median, perItem, ROOT } from './lib.js';

const log = (s: string) => process.stderr.write(`${s}\n`);
const STARTS = 5;
const CHARTS = 2000;
const FROM_JD = 2_415_020.5; // 1900-01-01
const SPAN_DAYS = 73_049; // to 2100-01-01

const INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
})}\n`;

/** Milliseconds from spawn to the first line on stdout (the initialize answer); then stdin closes. */
function timeToInitialize(dataDir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [join(ROOT, 'dist/src/main.js'), 'stdio'], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let answeredAt = 0;
    child.stdout.once('data', () => {
      answeredAt = performance.now() - started;
      child.stdin.end();
    });
    child.once('exit', (code) =>
      answeredAt ? resolve(answeredAt) : reject(new Error(`stdio exited ${code} before answering`)),
    );
    child.stdin.write(INITIALIZE);
  });
}

async function initializeTimes(): Promise<{ fresh: number[]; existing: number[] }> {
  const fresh: number[] = [];
  const existing: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-stdio-'));
    try {
      fresh.push(await timeToInitialize(dir));
      existing.push(await timeToInitialize(dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { fresh, existing };
}

/** Charts per second of this process's engine (printed as JSON by the `rate` entry below). */
function chartRate(): { engine: string; chartsPerSecond: number } {
  let seed = 1;
  const random = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  const births = Array.from({ length: CHARTS }, () => FROM_JD + random() * SPAN_DAYS);
  const ephemeris = createEphemeris();
  const us = perItem(births, (jd) => hdChartAt(ephemeris, jd));
  return { engine: EPHEMERIS_ENGINE.kind, chartsPerSecond: 1e6 / us };
}

export async function desktopSection(): Promise<string> {
  log('desktop: stdio initialize…');
  const { fresh, existing } = await initializeTimes();
  return `## Desktop: stdio start

\`chart-service stdio\` (the build), time from spawning the process to its \`initialize\` answer,
median of ${STARTS} starts (the handshake is answered before the store opens; the first start on a
fresh directory also copies the snapshot with the bundled knowledge indexed):

| Data directory | initialize (ms) |
|---|---|
| fresh | ${fmt(median(fresh), 0)} |
| existing store | ${fmt(median(existing), 0)} |
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv[2] === 'rate') process.stdout.write(JSON.stringify(chartRate()));
  else process.stdout.write(await desktopSection());
}
