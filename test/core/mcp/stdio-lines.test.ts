/**
 * The stdio line screen (src/mcp/stdio-lines.ts). Expected answers from JSON-RPC 2.0
 * (jsonrpc.org/specification, section 5.1 and the examples of section 7): -32700 Parse error with a
 * null id for text that is not JSON; -32600 Invalid Request for a message that is not a valid
 * request, with its id when one can be read and null when not; no answer to a notification or a
 * response. The same bodies over HTTP get the same codes (test/e2e/mcp-fuzz.test.ts, mcp-guard.ts).
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { screenedStdin, screenLine } from '../../../src/mcp/stdio-lines.js';

const error = (s: ReturnType<typeof screenLine>) => {
  if (!('answer' in s)) throw new Error(`not answered: ${JSON.stringify(s)}`);
  return JSON.parse(s.answer) as { jsonrpc: string; id: unknown; error: { code: number; message: string } };
};

describe('screenLine', () => {
  it('forwards valid requests, notifications and responses unchanged', () => {
    expect(screenLine('{"jsonrpc":"2.0","id":1,"method":"ping"}')).toEqual({ forward: true });
    expect(screenLine('{"jsonrpc":"2.0","id":"a","method":"tools/list","params":{}}')).toEqual({
      forward: true,
    });
    expect(screenLine('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toEqual({ forward: true });
    expect(screenLine('{"jsonrpc":"2.0","id":3,"result":{}}')).toEqual({ forward: true });
  });

  it('answers text that is not JSON with -32700 and a null id', () => {
    const e = error(screenLine('{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]'));
    expect(e).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    expect(e.error.message).toContain('one JSON-RPC 2.0 message per line');
    expect(error(screenLine('42')).error.code).toBe(-32700);
  });

  it('answers a batch with -32600 and a null id', () => {
    const e = error(screenLine('[{"jsonrpc":"2.0","id":1,"method":"ping"}]'));
    expect(e).toMatchObject({ id: null, error: { code: -32600 } });
    expect(e.error.message).toContain('batches are not supported');
  });

  it('answers a message its schema refuses with -32600 and its id, null when the id cannot be read', () => {
    expect(error(screenLine('{"jsonrpc":"2.0","id":5,"method":"tools/list","params":[1]}'))).toMatchObject({
      id: 5,
      error: { code: -32600 },
    });
    expect(error(screenLine('{"jsonrpc":"2.0","id":"x","method":1}'))).toMatchObject({ id: 'x' });
    // The specification's own example of an invalid request: no id to read.
    expect(error(screenLine('{"jsonrpc": "2.0", "method": 1, "params": "bar"}'))).toMatchObject({
      id: null,
      error: { code: -32600 },
    });
  });

  it('echoes an id past 2^53 as its digits, refused as HTTP refuses it', () => {
    const s = screenLine('{"jsonrpc":"2.0","id":123456789012345678901234,"method":"ping"}');
    expect('answer' in s && s.answer).toContain('"id":123456789012345678901234,');
    expect(error(s).error.message).toContain('cannot be answered exactly');
  });

  it('refuses nesting past 64 levels with its id', () => {
    const deep = `{"jsonrpc":"2.0","id":"deep","method":"tools/list","params":{"a":${'['.repeat(100)}${']'.repeat(100)}}}`;
    expect(error(screenLine(deep))).toMatchObject({ id: 'deep', error: { code: -32600 } });
  });

  it('says nothing to a blank line or to a response it cannot read', () => {
    expect(screenLine('   ')).toEqual({ blank: true });
    expect(screenLine('{"jsonrpc":"2.0","id":7,"result":5}')).toEqual({
      drop: 'a response that is not valid JSON-RPC',
    });
  });
});

describe('screenedStdin', () => {
  it('passes lines split across chunks whole, answers the others, and skips a line over the bound', async () => {
    const stdin = new PassThrough();
    const written: string[] = [];
    const refused: string[] = [];
    const out = screenedStdin(stdin, {
      write: (line) => written.push(line),
      onRefused: (reason) => refused.push(reason),
      maxLineBytes: 100,
    });
    let passed = '';
    out.on('data', (c: Buffer) => (passed += c.toString()));
    const ended = new Promise((r) => out.once('end', r));
    stdin.write('{"jsonrpc":"2.0",');
    stdin.write('"id":1,"method":"ping"}\r\nnot json\n');
    stdin.write(`{"jsonrpc":"2.0","id":2,"method":"ping","params":{"pad":"${'x'.repeat(150)}`);
    stdin.write(`${'y'.repeat(50)}"}}\n\n{"jsonrpc":"2.0","id":3,"method":"ping"}\n`);
    stdin.end();
    await ended;
    expect(passed).toBe(
      '{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"jsonrpc":"2.0","id":3,"method":"ping"}\n',
    );
    expect(written.map((l) => JSON.parse(l).error.code)).toEqual([-32700, -32600]);
    expect(written.every((l) => l.endsWith('}\n'))).toBe(true);
    expect(refused[1]).toContain('a line over 100 bytes');
  });
});
