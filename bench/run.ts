/**
 * `npm run bench`: measures and writes BENCHMARKS.md. Loads run on loopback with autocannon in this
 * process and the server in a child process, so both share the machine's cores; comparisons that the
 * targets are stated against (REST vs a bare express route) are measured side by side in one run.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { loadCityTable, searchCities, validateLocation } from '../src/core/location/index.js';
import { astrologyBenchSection } from './astrology.js';
import { baziBenchSection } from './bazi.js';
import { birthChartsRestSection } from './birth-charts-rest.js';
import { renderBenchSection, renderRestSection } from './render.js';
import { chartBenchSections } from './chart.js';
import { mcpSessionSection } from './mcp-session.js';
import { oauthTokenSection } from './oauth-token.js';
import {
  coldStartSection,
  meteredWriteSection,
  metricsOverheadSection,
  startupSection,
} from './operations.js';
import { scaleOutSection } from './scale-out.js';
import { zoneResolutionSection } from './zones.js';
import { compressionSection } from './compression.js';
import { desktopSection } from './desktop.js';
import { enginesSection, measureEngines } from './engines.js';
import { measureMemory, memorySection } from './memory.js';
import { sageBenchSection } from './sage.js';
import { plateauSoakSection } from './soak-plateau.js';
import { measureTransitRest, transitRestSection } from './transits-rest.js';
import { fmt, load, percentile, ROOT, startChild, startSettledService, timeCalls } from './lib.js';

const sections: string[] = [];
const log = (s: string) => process.stderr.write(`${s}\n`);

async function locationCore(): Promise<void> {
  log('location core…');
  const t0 = performance.now();
  const table = await loadCityTable();
  const loadMs = performance.now() - t0;
  const exact = [
    'Montreal, QC',
    'Springfield, IL',
    'São Paulo',
    'London',
    'Paris, France',
    'Kiev',
    'Tokyo',
    'Berlin, Germany',
  ];
  const fuzzy = ['Torronto', 'New York NY', 'Pariss', 'Munchen Germany', 'Sao Paolo'];
  const prefixes = ['Lond', 'sao pa', 'Springf', 'Tor', 'Mont', 'Ber'];
  const resolve = timeCalls(5000, (i) =>
    validateLocation(table, { birthLocation: exact[i % exact.length]! }),
  );
  const suggest = timeCalls(300, (i) => validateLocation(table, { birthLocation: fuzzy[i % fuzzy.length]! }));
  const search = timeCalls(2000, (i) => searchCities(table, prefixes[i % prefixes.length]!, { limit: 10 }));
  const row = (name: string, v: number[]) =>
    `| ${name} | ${fmt(percentile(v, 50) / 1000, 3)} | ${fmt(percentile(v, 99) / 1000, 3)} |`;
  sections.push(`## Location core (in-process)

City table load: ${fmt(loadMs, 0)} ms.

| Operation | p50 (ms) | p99 (ms) |
|---|---|---|
${row('resolve, exact place (validate_location, valid)', resolve)}
${row('resolve, unresolvable with suggestions (fuzzy)', suggest)}
${row('search (/api/locations, prefix, limit 10)', search)}
`);
  log('time zone resolution…');
  sections.push(zoneResolutionSection(table));
}

async function restAndMcp(): Promise<void> {
  log('REST and MCP under load…');
  const body = JSON.stringify({ birthLocation: 'Montreal, QC' });
  const bare = await startChild(
    ['--import', 'tsx', 'bench/bare-express.ts'],
    {},
    /Listening on (http:\/\/\S+)/,
  );
  const bareResult = await load({
    url: `${bare.url}/echo`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  await bare.stop();

  const svc = await startSettledService();
  const auth = { authorization: `Bearer ${svc.key}`, 'content-type': 'application/json' };
  const rest = await load({ url: `${svc.url}/api/validate-location`, method: 'POST', headers: auth, body });
  const legacyMcp = await load({
    url: `${svc.url}/mcp`,
    method: 'POST',
    headers: { ...auth, accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'validate_location', arguments: { birthLocation: 'Montreal, QC' } },
    }),
  });
  const modernMcp = await load({
    url: `${svc.url}/mcp`,
    method: 'POST',
    headers: {
      ...auth,
      accept: 'application/json',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'validate_location',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'validate_location',
        arguments: { birthLocation: 'Montreal, QC' },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  await svc.stop();
  svc.cleanup();

  const ratio = rest.rps / bareResult.rps;
  const row = (name: string, r: typeof rest) =>
    `| ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} |`;
  sections.push(`## REST and MCP throughput (50 connections, 10 s each, same run)

| Endpoint | req/s | p50 (ms) | p99 (ms) | errors + non-2xx |
|---|---|---|---|---|
${row('bare express 5 JSON route (floor)', bareResult)}
${row('REST POST /api/validate-location', rest)}
${row('MCP tools/call validate_location (2025-11-25)', legacyMcp)}
${row('MCP tools/call validate_location (2026-07-28)', modernMcp)}

REST validate-location reaches **${fmt(ratio * 100, 0)}%** of the bare express route's throughput
(target: at least 60%). Every request authenticates its key, passes admission and is answered
in the spec's envelope.
`);
}

/** The tools the bench runs besides Node, checked before the first measure rather than minutes in. */
function preflight(): void {
  for (const [tool, args] of [
    ['wrk', ['-v']],
    ['haproxy', ['-v']],
  ] as const)
    if (spawnSync(tool, args).error) throw new Error(`the bench needs ${tool}: apt-get install ${tool}`);
}

async function main(): Promise<void> {
  preflight();
  await locationCore();
  sections.push(await coldStartSection());
  sections.push(await startupSection());
  await restAndMcp();
  sections.push(await metricsOverheadSection());
  sections.push(await scaleOutSection());
  sections.push(await meteredWriteSection());
  log('charts…');
  sections.push(...(await chartBenchSections()));
  sections.push(await mcpSessionSection());
  sections.push(await oauthTokenSection());
  sections.push(await astrologyBenchSection());
  sections.push(await baziBenchSection());
  sections.push(await birthChartsRestSection());
  sections.push(await renderBenchSection());
  sections.push(await renderRestSection());
  sections.push(transitRestSection(await measureTransitRest()));
  sections.push(await sageBenchSection());
  sections.push(await compressionSection());
  sections.push(await desktopSection());
  sections.push(enginesSection(await measureEngines()));
  sections.push(memorySection(await measureMemory()));
  log('long soak (30 min)…');
  sections.push(await plateauSoakSection());
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const doc = `# Benchmarks

Written by \`npm run bench\` (bench/run.ts); do not edit by hand. Machine: ${cpus().length} cores (${cpu}),
${fmt(totalmem() / 2 ** 30, 0)} GiB, Node ${process.version}. The load generator shares the cores with the
server, so absolute numbers are lower than on a dedicated load host; ratios measured in the same run
are the meaningful comparison.

${sections.join('\n')}`;
  writeFileSync(join(ROOT, 'BENCHMARKS.md'), doc);
  log('wrote BENCHMARKS.md');
}

main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
