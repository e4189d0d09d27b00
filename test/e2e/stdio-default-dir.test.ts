/**
 * `chart-service stdio` as the README's host configurations start it: no DATA_DIR, so the store is
 * in the person's default data directory (`$HOME/.local/share/chart-service` here: a temporary HOME
 * with no XDG_DATA_HOME, so that is the real default resolution, not an explicit directory). Issue
 * 37's probes: Claude Desktop and Cursor configured as documented shared that directory and the
 * second to start exited 2 before answering `initialize`; the first `tools/list` waited for the store
 * (10.8 s on a fresh machine), longer than some hosts wait; and stdin closed while a new store was
 * being made ended in "exiting anyway" with exit 1, where the decisions say the process waits for
 * the open. A fresh machine is a HOME whose cache holds no new-store snapshot yet.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/tools/index.js';
import { builtChartService, type StdioCommand, stdioEnv } from '../helpers/stdio.js';

const chartArgs = TOOLS.find((t) => t.name === 'generate_chart')!.example as Record<string, unknown>;
/** The cache this machine's build wrote the new-store snapshots to (`npm run build`). */
const BUILT_CACHE = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');

let bin: StdioCommand;
const homes: string[] = [];
beforeAll(() => {
  bin = builtChartService();
});
afterAll(() => {
  for (const home of homes) rmSync(home, { recursive: true, force: true });
});

/** A new HOME; `cache`: the snapshots the build made (`built`) or none yet (`fresh`, a new machine). */
function newHome(cache: 'built' | 'fresh'): { env: Record<string, string>; dataDir: string } {
  const home = mkdtempSync(join(tmpdir(), 'chart-home-'));
  homes.push(home);
  const env = stdioEnv('', {
    HOME: home,
    XDG_CACHE_HOME: cache === 'built' ? BUILT_CACHE : join(home, '.cache'),
  });
  delete env.DATA_DIR;
  delete env.XDG_DATA_HOME;
  return { env, dataDir: join(home, '.local', 'share', 'chart-service') };
}

/** A host's connection: the SDK's stdio client starting the command; stderr collected. */
function hostTransport(env: Record<string, string>): {
  transport: StdioClientTransport;
  stderr: () => string;
} {
  const transport = new StdioClientTransport({
    command: bin.command,
    args: [...bin.args, 'stdio'],
    env,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { transport, stderr: () => stderr };
}

const logLines = (stderr: string) =>
  stderr
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { msg: string; pid?: number; dataDir?: string; database?: string });

describe('two hosts configured as the README shows, started together', () => {
  it('both answer a chart: the second serves from its own store in memory and says so', async () => {
    const { env, dataDir } = newHome('built');
    const hosts = [hostTransport(env), hostTransport(env)];
    const clients = hosts.map(() => new Client({ name: 'desktop-host', version: '1.0.0' }));
    try {
      await Promise.all(clients.map((c, i) => c.connect(hosts[i]!.transport)));
      const answers = await Promise.all(
        clients.map((c) => c.callTool({ name: 'generate_chart', arguments: chartArgs })),
      );
      for (const a of answers) expect(a.isError, JSON.stringify(a.content)).toBeFalsy();
      expect(answers[1]!.structuredContent).toEqual(answers[0]!.structuredContent);

      // One of them holds the default data directory; the other names that process and serves in memory.
      const holder = Number(readFileSync(join(dataDir, 'service.lock'), 'utf8'));
      const pids = hosts.map((h) => h.transport.pid);
      expect(pids).toContain(holder);
      const second = pids.indexOf(holder) === 0 ? 1 : 0;
      const lines = logLines(hosts[second]!.stderr());
      const inUse = lines.find((l) => /in use by process/.test(l.msg));
      expect(inUse, hosts[second]!.stderr()).toMatchObject({ pid: holder, dataDir });
      expect(inUse!.msg).toMatch(/in memory/);
      expect(lines.find((l) => l.msg === 'serving MCP over stdio')?.database).toBe('embedded, in memory');
      expect(logLines(hosts[1 - second]!.stderr()).some((l) => /in use by process/.test(l.msg))).toBe(false);

      // SAGE works in the second one too: its store in memory holds the knowledge index.
      const sage = await clients[second]!.callTool({
        name: 'query_sage',
        arguments: { query: 'What does an open Ajna mean?' },
      });
      expect(sage.isError, JSON.stringify(sage.content)).toBeFalsy();
      expect((sage.structuredContent as { answer: string }).answer).toMatch(/Ajna/i);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
    // The one that held it let it go.
    expect(existsSync(join(dataDir, 'service.lock'))).toBe(false);
  }, 180_000);
});

describe('a first start on a fresh machine', () => {
  it('answers the first tools/list within 1 s of initialize, before the store is open', async () => {
    const { env } = newHome('fresh');
    const host = hostTransport(env);
    const client = new Client({ name: 'desktop-host', version: '1.0.0' });
    try {
      await client.connect(host.transport);
      const asked = performance.now();
      const { tools } = await client.listTools();
      const tookMs = performance.now() - asked;
      expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
      expect(tookMs).toBeLessThan(1_000);
      // The store was still being made: the start-up line comes later.
      expect(logLines(host.stderr()).map((l) => l.msg)).not.toContain('serving MCP over stdio');
      // The other lists too; the resources name the knowledge base's articles, loaded ahead of the store.
      const { prompts } = await client.listPrompts();
      expect(prompts.length).toBeGreaterThan(0);
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).toContain('svc://knowledge/{domain}/{id}');
      const { resources } = await client.listResources();
      expect(resources.map((r) => r.uri)).toContain('svc://knowledge/hd/article:hd:authorities');
      // A call waits for it, then answers.
      const r = await client.callTool({ name: 'generate_chart', arguments: chartArgs });
      expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
    } finally {
      await client.close();
    }
  }, 180_000);

  it('exits 0 once the store is open when stdin closes while it is being made, and the store is whole', async () => {
    const { env, dataDir } = newHome('fresh');
    const child: ChildProcessWithoutNullStreams = spawn(bin.command, [...bin.args, 'stdio'], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.stdin.write(
      `${JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'pipe', version: '1' },
        },
      })}\n`,
    );
    while (!stdout.includes('"id":1')) await new Promise((r) => setTimeout(r, 20));
    // The store starts opening once the host has its tool list and the knowledge base is loaded
    // (about 0.2 s); making the machine's first snapshot then takes several seconds.
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
    while (!stdout.includes('"id":2')) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 2_000));
    child.stdin.end();
    expect(await exited, stderr).toBe(0);
    const said = logLines(stderr).map((l) => l.msg);
    expect(said).not.toContain('stopping took too long: exiting anyway');
    // It was told to stop before the store was open, and waited for the open.
    const stopping = said.indexOf('stopping once the store is open');
    expect(stopping, stderr).toBeGreaterThanOrEqual(0);
    expect(stopping).toBeLessThan(said.indexOf('serving MCP over stdio'));

    // What it left is a whole store: the next start opens it and answers a chart.
    expect(existsSync(join(dataDir, 'service.lock'))).toBe(false);
    const host = hostTransport(env);
    const client = new Client({ name: 'desktop-host', version: '1.0.0' });
    try {
      await client.connect(host.transport);
      const r = await client.callTool({ name: 'generate_chart', arguments: chartArgs });
      expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
      expect(logLines(host.stderr()).find((l) => l.msg === 'serving MCP over stdio')?.dataDir).toBe(dataDir);
    } finally {
      await client.close();
    }
  }, 180_000);
});
