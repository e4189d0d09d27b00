/**
 * What `chart-service stdio` answers to lines a careless or hostile host sends, read on bare pipes.
 * Expected answers from JSON-RPC 2.0 (jsonrpc.org/specification, sections 5.1 and 7): every request
 * gets an answer, -32700 with a null id for text that is not JSON, -32600 for a message that is not
 * a valid request (its id when it can be read, else null); nothing to a notification. Regression:
 * the MCP SDK's stdio transport dropped such lines without a word (a fuzz run of 800 mutated messages
 * left 440 unanswered), and a line past its 10 MB buffer closed the connection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzCases } from '../helpers/mcp-fuzz.js';
import { builtChartService, type StdioCommand, startRawStdio } from '../helpers/stdio.js';

let bin: StdioCommand;
const dirs: string[] = [];
beforeAll(() => {
  bin = builtChartService();
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Line {
  id?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

/** A stdio process past its handshake, and a way to wait for the answer with a given raw id. */
async function session() {
  const dir = mkdtempSync(join(tmpdir(), 'chart-stdio-malformed-'));
  dirs.push(dir);
  const { child, stdout } = startRawStdio(bin, dir);
  const send = (line: string) => child.stdin.write(`${line}\n`);
  const lines = () => stdout().split('\n').filter(Boolean);
  const answerTo = async (rawId: string, timeoutMs = 60_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = lines().find((l) => l.includes(`"id":${rawId},`) || l.endsWith(`"id":${rawId}}`));
      if (found) return found;
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`no answer to id ${rawId}; stdout:\n${stdout().slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  send(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } },
    }),
  );
  await answerTo('"init"');
  send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  return { child, send, lines, answerTo };
}

describe('malformed lines over stdio', () => {
  it('answers each as /mcp answers the same body, and goes on serving', async () => {
    const s = await session();
    const before = s.lines().length;
    s.send('not json');
    s.send('[{"jsonrpc":"2.0","id":1,"method":"ping"}]');
    s.send('{"jsonrpc":"2.0","id":5,"method":"tools/list","params":[1]}');
    s.send('{"jsonrpc":"2.0","id":123456789012345678901234,"method":"ping"}');
    s.send(
      `{"jsonrpc":"2.0","id":"deep","method":"tools/list","params":{"a":${'['.repeat(200)}${']'.repeat(200)}}}`,
    );
    s.send('');
    s.send('{"jsonrpc":"2.0","method":1,"params":"bar"}');
    s.send('{"jsonrpc":"2.0","id":"after","method":"ping"}');
    await s.answerTo('"after"');
    const answers = s
      .lines()
      .slice(before)
      .map((l) => JSON.parse(l) as Line);
    expect(answers.map((a) => [a.id, a.error?.code ?? 'result'])).toEqual([
      [null, -32700],
      [null, -32600],
      [5, -32600],
      [expect.any(Number), -32600], // its digits, checked on the raw line below
      ['deep', -32600],
      [null, -32600],
      ['after', 'result'],
    ]);
    expect(await s.answerTo('123456789012345678901234')).toContain('"id":123456789012345678901234,');
    s.child.stdin.end();
  });

  it('answers a line over 10 MB and keeps the connection (the SDK closed it)', async () => {
    const s = await session();
    s.child.stdin.write(
      `{"jsonrpc":"2.0","id":"big","method":"ping","params":{"pad":"${'x'.repeat(10_600_000)}"}}\n`,
    );
    s.send('{"jsonrpc":"2.0","id":"then","method":"ping"}');
    await s.answerTo('"then"');
    const refusal = s.lines().find((l) => l.includes('a line over'));
    expect(JSON.parse(refusal!)).toMatchObject({ id: null, error: { code: -32600 } });
    expect(s.child.exitCode).toBeNull();
    s.child.stdin.end();
  });

  it('answers every one of 400 fuzzed messages (seed 22), each exactly once, in order', async () => {
    const s = await session();
    const cases = fc.sample(fuzzCases('svc://reference/terminology'), { seed: 22, numRuns: 400 });
    const before = s.lines().length;
    for (const [n, c] of cases.entries()) {
      s.send(c.text);
      // A ping after each: an answer comes in order, so by its own the case's answer is there too.
      s.send(`{"jsonrpc":"2.0","id":"sentinel-${n}","method":"ping"}`);
      await s.answerTo(`"sentinel-${n}"`);
    }
    const answers = s.lines().slice(before);
    expect(answers).toHaveLength(2 * cases.length);
    for (const line of answers) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
    s.child.stdin.end();
  }, 300_000);
});
