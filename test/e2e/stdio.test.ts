/**
 * `chart-service stdio` as a desktop host runs it: the built command spawned by the official MCP SDK's
 * stdio client (@modelcontextprotocol/client `StdioClientTransport`) on a fresh data directory, and
 * by a bare pipe that reads every byte of its stdout. Expected behaviour from the MCP stdio binding
 * (modelcontextprotocol.io, "Transports: stdio": the server writes only MCP messages to stdout, may
 * log to stderr, and should exit when its stdin closes) and issue 31: the same tools, prompts and
 * resources as over HTTP, from the same registry; no key asked; a generate_chart answer equal to the
 * HTTP one; exit within 2 s once stdin closes. The Inspector CLI (official debugging client) lists
 * the tools over stdio too.
 */
import { type ChildProcessWithoutNullStreams, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMPTS } from '../../src/prompts/index.js';
import { RESOURCES } from '../../src/resources/index.js';
import { TOOLS } from '../../src/tools/index.js';
import { fakeAnthropic } from '../helpers/fake-anthropic.js';
import { connectMcp } from '../helpers/mcp.js';
import { OUTSIDE_CLIENTS, requireOutsideClients, runOnNode22 } from '../helpers/outside-clients.js';
import { startService } from '../helpers/service.js';
import { builtChartService, type StdioCommand, startRawStdio, stdioEnv } from '../helpers/stdio.js';

const chartArgs = TOOLS.find((t) => t.name === 'generate_chart')!.example as Record<string, unknown>;
let bin: StdioCommand;
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'chart-stdio-'));
  dirs.push(dir);
  return dir;
};

beforeAll(() => {
  bin = builtChartService();
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The SDK client connected to a new `chart-service stdio` process; stderr is collected. */
async function connectStdio(
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: bin.command,
    args: [...bin.args, 'stdio'],
    env: stdioEnv(dataDir, extraEnv),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'chart-service-stdio-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

describe('the SDK stdio client on a fresh data directory', () => {
  let client: Client;
  let stderr: () => string;
  beforeAll(async () => {
    ({ client, stderr } = await connectStdio(freshDir()));
  });
  afterAll(() => client?.close());

  it('initializes as chart-service with tools, prompts, resources and completions', () => {
    expect(client.getServerVersion()?.name).toBe('chart-service');
    const caps = client.getServerCapabilities();
    expect(caps?.tools).toBeDefined();
    expect(caps?.prompts).toBeDefined();
    expect(caps?.resources).toBeDefined();
    expect(caps?.completions).toBeDefined();
  });

  it('lists every tool of the registry, without asking for a key', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
  });

  it('lists the prompts and the resources of the registry, and reads one', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(PROMPTS.map((p) => p.name));
    const { resources } = await client.listResources();
    for (const r of RESOURCES) expect(resources.map((x) => x.uri)).toContain(r.uri);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.length).toBeGreaterThan(0);
    const read = await client.readResource({ uri: 'svc://reference/terminology' });
    const text = (read.contents[0] as { text: string }).text;
    expect(JSON.parse(text)).toBeTypeOf('object');
  });

  it('completes a prompt argument from the city table', async () => {
    const withPlace = PROMPTS.find((p) => 'birthLocation' in (p.complete as object))!;
    const r = await client.complete({
      ref: { type: 'ref/prompt', name: withPlace.name },
      argument: { name: 'birthLocation', value: 'Montr' },
    });
    expect(r.completion.values.some((v) => v.startsWith('Montréal'))).toBe(true);
  });

  it('answers generate_chart exactly as the HTTP endpoint does, and charges nothing', async () => {
    const http = await startService();
    try {
      const overHttp = await connectMcp(http.url, http.key);
      const expected = await overHttp.callTool({ name: 'generate_chart', arguments: chartArgs });
      await overHttp.close();
      const got = await client.callTool({ name: 'generate_chart', arguments: chartArgs });
      expect(got.isError).toBeFalsy();
      expect(got.structuredContent).toEqual(expected.structuredContent);
      expect(got.content).toEqual(expected.content);
      // The local owner is metered by nothing: a key's call counts one chart unit.
      expect((expected._meta as { units?: number }).units).toBe(1);
      expect((got._meta as { units?: number }).units).toBe(0);
    } finally {
      await http.close();
    }
  });

  it('runs a heavy tool in a worker process started on demand (get_moon_transits)', async () => {
    const tool = TOOLS.find((t) => t.name === 'get_moon_transits')!;
    expect(tool.heavy).toBe(true);
    const r = await client.callTool({ name: tool.name, arguments: tool.example as Record<string, unknown> });
    expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
    expect(r.structuredContent).toBeTypeOf('object');
  });

  it('answers a SAGE question extractively without a model key', async () => {
    const r = await client.callTool({
      name: 'query_sage',
      arguments: { query: 'What does an open Ajna mean?' },
    });
    expect(r.isError).toBeFalsy();
    const data = r.structuredContent as { answer: string };
    expect(data.answer).toMatch(/Ajna/i);
  });

  it('logs to stderr as JSON lines, naming the data directory', () => {
    const lines = stderr()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { msg: string; engine?: string; node?: string });
    expect(lines.map((l) => l.msg)).toContain('serving MCP over stdio');
  });

  it('names the Swiss Ephemeris build in use in one start line (issue 39)', () => {
    const lines = stderr()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { msg: string; engine?: string; node?: string });
    const said = lines.filter((l) => l.msg.startsWith('Swiss Ephemeris runs as '));
    expect(said).toHaveLength(1);
    const [line] = said;
    const words = { native: 'the native addon', wasm: 'WebAssembly' } as const;
    expect(line!.msg).toContain(words[line!.engine as keyof typeof words]);
    // scripts/pack-check.sh says which build each install must run (the addon is optional: where it
    // could not be built, WebAssembly), and on which Node major.
    const engine = process.env.CHART_SERVICE_EXPECT_ENGINE;
    if (engine) expect(line!.engine).toBe(engine);
    const node = process.env.CHART_SERVICE_EXPECT_NODE;
    if (node) expect(line!.node?.split('.')[0]).toBe(node);
  });
});

describe('SAGE with ANTHROPIC_API_KEY set', () => {
  it('phrases the answer with the model (a fake Messages API on loopback)', async () => {
    const fake = await fakeAnthropic();
    const { client } = await connectStdio(freshDir(), {
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: fake.url,
    });
    try {
      const r = await client.callTool({
        name: 'query_sage',
        arguments: { query: 'What does an open Ajna mean?' },
      });
      expect(r.isError).toBeFalsy();
      expect((r.structuredContent as { answer: string }).answer).toContain('from the fake model');
      expect(fake.requests).toHaveLength(1);
      // The key travels in a request header (which one is the SDK's business), never in the body.
      expect(Object.values(fake.requests[0]!.headers).join(' ')).toContain('sk-ant-test');
      expect(JSON.stringify(fake.requests[0]!.body)).not.toContain('sk-ant-test');
    } finally {
      await client.close();
      await fake.close();
    }
  });
});

/** One JSON-RPC request line. */
const rpc = (id: number, method: string, params: Record<string, unknown> = {}) =>
  `${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`;

const INITIALIZE = rpc(1, 'initialize', {
  protocolVersion: '2025-06-18',
  capabilities: {},
  clientInfo: { name: 'pipe', version: '1' },
});

const startRaw = (dataDir: string) => startRawStdio(bin, dataDir);

async function answered(stdout: () => string, ids: number[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const seen = stdout()
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { id?: number }).id);
    if (ids.every((id) => seen.includes(id))) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no answer to ${ids.join(', ')} within ${timeoutMs} ms; stdout:\n${stdout()}`);
}

const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

describe('stdout and the end of the process', () => {
  it('writes nothing but JSON-RPC 2.0 messages to stdout, and exits 0 within 2 s of stdin closing', async () => {
    const dataDir = freshDir();
    const { child, stdout } = startRaw(dataDir);
    const exit = exited(child);
    child.stdin.write(INITIALIZE);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    child.stdin.write(rpc(2, 'tools/list'));
    child.stdin.write(rpc(3, 'tools/call', { name: 'generate_chart', arguments: chartArgs }));
    child.stdin.write(rpc(4, 'prompts/list'));
    child.stdin.write(rpc(5, 'resources/list'));
    await answered(stdout, [1, 2, 3, 4, 5]);
    const closedAt = performance.now();
    child.stdin.end();
    const { code, signal } = await exit;
    const tookMs = performance.now() - closedAt;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(2_000);
    const lines = stdout().split('\n');
    expect(lines.pop()).toBe('');
    for (const line of lines) {
      const msg = JSON.parse(line) as { jsonrpc: string; id: number; result?: unknown; error?: unknown };
      expect(msg.jsonrpc).toBe('2.0');
      expect(msg.result ?? msg.error).toBeDefined();
    }
    expect(lines).toHaveLength(5);
  });

  it('answers initialize on an existing store, and SIGTERM ends it with exit 0', async () => {
    const dataDir = freshDir();
    const first = startRaw(dataDir);
    const firstExit = exited(first.child);
    first.child.stdin.write(INITIALIZE);
    first.child.stdin.write(rpc(2, 'tools/list'));
    await answered(first.stdout, [1, 2]);
    first.child.stdin.end();
    expect((await firstExit).code).toBe(0);

    const second = startRaw(dataDir);
    const secondExit = exited(second.child);
    second.child.stdin.write(INITIALIZE);
    second.child.stdin.write(rpc(2, 'tools/call', { name: 'generate_chart', arguments: chartArgs }));
    await answered(second.stdout, [1, 2]);
    second.child.kill('SIGTERM');
    expect(await secondExit).toEqual({ code: 0, signal: null });
  });
});

describe('MCP Inspector CLI over stdio', () => {
  it('lists every tool of the registry', async () => {
    requireOutsideClients();
    const dataDir = freshDir();
    const run = await runOnNode22(OUTSIDE_CLIENTS.inspector, [
      '--transport',
      'stdio',
      '-e',
      `DATA_DIR=${dataDir}`,
      '-e',
      'LOG_LEVEL=warn',
      '--method',
      'tools/list',
      bin.command,
      ...bin.args,
      'stdio',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const listed = JSON.parse(run.stdout) as { tools: { name: string }[] };
    expect(listed.tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
  });
});

describe('chart-service --help', () => {
  it.each(['serve', 'stdio', 'keys', 'store', 'knowledge'])(
    '%s --help prints its usage and exits 0',
    (command) => {
      const r = spawnSync(bin.command, [...bin.args, command, '--help'], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage:\\n\\s+${command}\\b`));
    },
  );

  it('lists every command, and an unknown one is a usage error (exit 2)', () => {
    const help = spawnSync(bin.command, [...bin.args, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    for (const command of ['serve', 'stdio', 'keys', 'store', 'knowledge'])
      expect(help.stdout).toContain(`  ${command} `);
    const unknown = spawnSync(bin.command, [...bin.args, 'stdoi'], { encoding: 'utf8' });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "stdoi"');
  });
});
