/**
 * A client's first contact over MCP, as BENCHMARKS.md section (bench/run.ts wires it in): the
 * official SDK client connecting (initialize, notifications/initialized) and listing the tools, one
 * client after another against the built service, in both protocol eras, with the size of the list
 * as sent. Run alone with `npm run build && npx tsx bench/mcp-session.ts`.
 */
import { pathToFileURL } from 'node:url';
import { connectMcp } from '../test/helpers/mcp.js';
import { fmt, median, percentile, startSettledService } from './lib.js';

const ROUNDS = process.env.BENCH_QUICK === '1' ? 20 : 200;

/** Milliseconds per connect + tools/list, for `rounds` clients in turn (after 10 not counted). */
async function roundTrips(url: string, key: string, mode: 'auto' | undefined): Promise<number[]> {
  const times: number[] = [];
  for (let i = -10; i < ROUNDS; i++) {
    const started = performance.now();
    const client = await connectMcp(url, key, mode ? { mode } : {});
    const { tools } = await client.listTools();
    if (tools.length !== 14) throw new Error(`tools/list gave ${tools.length} tools`);
    if (i >= 0) times.push(performance.now() - started);
    await client.close();
  }
  return times;
}

export async function mcpSessionSection(): Promise<string> {
  process.stderr.write('MCP initialize + tools/list…\n');
  const svc = await startSettledService();
  try {
    const legacy = await roundTrips(svc.url, svc.key, undefined);
    const modern = await roundTrips(svc.url, svc.key, 'auto');
    const res = await fetch(`${svc.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${svc.key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'accept-encoding': 'identity',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    const bytes = Buffer.byteLength(await res.text());
    const row = (name: string, t: number[]) =>
      `| ${name} | ${fmt(median(t), 1)} | ${fmt(percentile(t, 99), 1)} |`;
    return `## A client's first contact over MCP (${ROUNDS} clients in turn, same run)

The official TypeScript SDK client connecting to \`/mcp\` with a key (initialize and
notifications/initialized, or the 2026-07-28 discovery) and listing the tools, each client new, one
after another on loopback; the service idle otherwise. The tools/list answer is ${fmt(bytes / 1000, 1)} KB
as sent without compression (14 tools with their output schemas, in its JSON-RPC envelope).

| Client | median (ms) | p99 (ms) |
|---|---|---|
${row('2025-11-25 (initialize + tools/list)', legacy)}
${row('version negotiation "auto" (newest era + tools/list)', modern)}
`;
  } finally {
    await svc.stop();
    svc.cleanup();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(`${await mcpSessionSection()}\n`);
}
