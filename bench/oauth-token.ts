/**
 * An MCP tools/call generate_chart with an OAuth access token against the same call with the API key
 * the token acts for, as a BENCHMARKS.md section (bench/run.ts wires it in). The token is obtained the
 * way a host obtains it (registration, the sign-in form, the code exchange); then key and token runs
 * alternate (key, token, key, token) on the built service, each with its own block of distinct
 * births, so both pay for a chart and a meter unit. Target: the token at 95% of the key's rate or
 * better. Run alone with `npm run build && npx tsx bench/oauth-token.ts`.
 */
import { pathToFileURL } from 'node:url';
import { approvedCode, exchange } from '../test/helpers/oauth.js';
import { chartRequest, distinctBirth } from './chart.js';
import { fmt, type LoadResult, load, startSettledService } from './lib.js';

const TARGET = 0.95;
const QUICK = process.env.BENCH_QUICK === '1';
const DURATION = QUICK ? 3 : 10;

const mcpCall = (i: number, block: number) => ({
  jsonrpc: '2.0',
  id: i,
  method: 'tools/call',
  params: { name: 'generate_chart', arguments: distinctBirth(block + i) },
});

export async function oauthTokenSection(): Promise<string> {
  process.stderr.write('MCP generate_chart with an access token vs the key…\n');
  const svc = await startSettledService({ CACHE_ENTRIES: '5000' });
  try {
    const { body } = await exchange(svc.url, await approvedCode(svc.url, svc.key, ['advanced_chart']));
    const token = body.access_token;
    if (!token) throw new Error(`no access token: ${JSON.stringify(body)}`);
    const headers = (bearer: string) => ({
      authorization: `Bearer ${bearer}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    });
    const run = (bearer: string, block: number, duration = DURATION) =>
      load({
        url: svc.url,
        duration,
        requests: [chartRequest('/mcp', headers(bearer), (i) => mcpCall(i, block))],
      });
    await run(svc.key, 7_000_000, 2);
    await run(token, 7_500_000, 2);
    const keyRuns: LoadResult[] = [];
    const tokenRuns: LoadResult[] = [];
    for (let round = 0; round < 2; round++) {
      keyRuns.push(await run(svc.key, 10_000_000 + round * 1_000_000));
      tokenRuns.push(await run(token, 12_000_000 + round * 1_000_000));
    }
    const mean = (rs: LoadResult[], f: (r: LoadResult) => number) =>
      rs.reduce((s, r) => s + f(r), 0) / rs.length;
    const keyRps = mean(keyRuns, (r) => r.rps);
    const tokenRps = mean(tokenRuns, (r) => r.rps);
    const ratio = tokenRps / keyRps;
    const row = (name: string, rs: LoadResult[]) =>
      `| ${name} | ${rs.map((r) => r.rps).join(', ')} | ${fmt(
        mean(rs, (r) => r.rps),
        0,
      )} | ${fmt(
        mean(rs, (r) => r.p99),
        0,
      )} |`;
    return `## MCP with an OAuth access token (50 connections, ${DURATION} s per run, same run)

\`tools/call generate_chart\` with distinct births (every call computes and meters a chart), with the
API key and with an access token acting for that key (obtained through registration, the sign-in
form and the code exchange), runs alternating key, token, key, token on the built service.

| Credential | req/s per run | req/s mean | p99 mean (ms) |
|---|---|---|---|
${row('API key', keyRuns)}
${row('OAuth access token', tokenRuns)}

The token runs at **${fmt(ratio * 100, 0)}%** of the key's rate (target: at least ${TARGET * 100}%) —
${ratio >= TARGET ? 'met' : '**not met**'}.
`;
  } finally {
    await svc.stop();
    svc.cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(await oauthTokenSection());
}
