/**
 * The desktop server's small parts, without a process: where its data lives by platform (XDG Base
 * Directory spec: `$XDG_DATA_HOME`, ignored unless absolute, default `~/.local/share`; Apple's File
 * System Programming Guide: `~/Library/Application Support`; Windows: `%APPDATA%`, the roaming
 * application data folder), the handshake gate's order and what it lets through early, and the
 * local owner's calls, which no allowance limits and no usage row counts.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { userDataDir } from '../../src/app/user-data-dir.js';
import { earlyMethods } from '../../src/mcp/stdio.js';
import { GatedTransport } from '../../src/mcp/stdio-gate.js';
import { authorize, LOCAL_OWNER, meteredKey } from '../../src/operations/access.js';
import { ResultCache } from '../../src/operations/cache.js';
import { invokeOperation } from '../../src/operations/invoke.js';
import type { Deps } from '../../src/operations/types.js';
import { fixtureTools } from '../helpers/fixtures.js';

describe('userDataDir', () => {
  it('follows each platform’s convention', () => {
    expect(userDataDir({}, 'linux', '/home/ada')).toBe('/home/ada/.local/share/chart-service');
    expect(userDataDir({ XDG_DATA_HOME: '/data/ada' }, 'linux', '/home/ada')).toBe('/data/ada/chart-service');
    // A relative XDG_DATA_HOME is invalid and ignored.
    expect(userDataDir({ XDG_DATA_HOME: 'rel/dir' }, 'linux', '/home/ada')).toBe(
      '/home/ada/.local/share/chart-service',
    );
    expect(userDataDir({}, 'darwin', '/Users/ada')).toBe(
      '/Users/ada/Library/Application Support/chart-service',
    );
    expect(userDataDir({ APPDATA: '/c/Users/ada/AppData/Roaming' }, 'win32', '/c/Users/ada')).toBe(
      '/c/Users/ada/AppData/Roaming/chart-service',
    );
  });
});

/** A transport whose incoming messages the test pushes, recording what the gate forwards. */
function fakeInner(): Transport & { push(m: JSONRPCMessage): void } {
  const t = {
    start: async () => {},
    send: async () => {},
    close: async () => {},
    push(m: JSONRPCMessage) {
      t.onmessage?.(m);
    },
  } as Transport & { push(m: JSONRPCMessage): void };
  return t;
}

const request = (id: number, method: string): JSONRPCMessage => ({ jsonrpc: '2.0', id, method, params: {} });

/** A promise and the function that resolves it. */
function pending(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('GatedTransport', () => {
  it('passes the handshake at once and holds the rest, in order, until ready', async () => {
    const inner = fakeInner();
    const ready = pending();
    const gate = new GatedTransport(inner, ready.promise, earlyMethods(Promise.resolve()));
    const seen: string[] = [];
    gate.onmessage = (m) => seen.push(`${(m as { method: string }).method}`);
    inner.push(request(1, 'initialize'));
    inner.push({ jsonrpc: '2.0', method: 'notifications/initialized' });
    inner.push(request(2, 'tools/call'));
    inner.push({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } });
    inner.push(request(3, 'completion/complete'));
    expect(seen).toEqual(['initialize', 'notifications/initialized']);
    ready.resolve();
    await ready.promise;
    await Promise.resolve();
    // The cancellation did not overtake its request.
    expect(seen).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/call',
      'notifications/cancelled',
      'completion/complete',
    ]);
    inner.push(request(4, 'tools/call'));
    expect(seen.at(-1)).toBe('tools/call');
  });

  // Issue 37: a host's first tools/list waited for the store (10.8 s on a fresh machine), and hosts
  // with a short request timeout gave up.
  it('answers the lists and ping before the store, even behind a held call', async () => {
    const inner = fakeInner();
    const ready = pending();
    const knowledge = pending();
    let listed = 0;
    const gate = new GatedTransport(inner, ready.promise, earlyMethods(knowledge.promise), () => listed++);
    const seen: string[] = [];
    gate.onmessage = (m) => seen.push(`${(m as { method: string }).method}`);
    inner.push(request(1, 'initialize'));
    inner.push(request(2, 'tools/call'));
    inner.push(request(3, 'tools/list'));
    inner.push(request(4, 'resources/list'));
    inner.push(request(5, 'ping'));
    inner.push(request(6, 'prompts/list'));
    inner.push(request(7, 'resources/templates/list'));
    expect(seen).toEqual(['initialize', 'tools/list', 'ping', 'prompts/list', 'resources/templates/list']);
    // The store opens once the host has its first tool list (the command waits for this).
    await gate.send({ jsonrpc: '2.0', id: 5, result: {} });
    expect(listed).toBe(0);
    await gate.send({ jsonrpc: '2.0', id: 3, result: { tools: [] } });
    await gate.send({ jsonrpc: '2.0', id: 3, result: { tools: [] } });
    expect(listed).toBe(1);
    // The resource list names the knowledge base's articles: it waits for the knowledge alone.
    knowledge.resolve();
    await knowledge.promise;
    await Promise.resolve();
    expect(seen.at(-1)).toBe('resources/list');
    expect(seen).not.toContain('tools/call');
    ready.resolve();
    await ready.promise;
    await Promise.resolve();
    expect(seen.at(-1)).toBe('tools/call');
  });
});

describe('the local owner', () => {
  it('is granted a metered tool and runs it with no allowance check and no usage row', async () => {
    const { tools } = fixtureTools();
    const metered = tools.find((t) => t.meter === 'chart')!;
    const untouchable = () => {
      throw new Error('the owner’s call touched the usage store');
    };
    const deps = {
      now: () => new Date('2026-01-15T00:00:00Z'),
      store: { usage: { peek: untouchable, add: untouchable } },
    } as unknown as Deps;
    const out = await invokeOperation(authorize(metered, LOCAL_OWNER), { n: 4 }, deps, new ResultCache(10));
    expect(JSON.parse(out.json.text)).toEqual({ n: 4, square: 16 });
    expect(out.charged).toBe(0);
    expect(meteredKey(LOCAL_OWNER)).toBeNull();
  });

  it('does not exempt a key: a key’s call peeks and adds usage', async () => {
    const { tools } = fixtureTools();
    const metered = tools.find((t) => t.meter === 'chart')!;
    const calls: string[] = [];
    const deps = {
      now: () => new Date('2026-01-15T00:00:00Z'),
      store: {
        usage: {
          peek: async () => (calls.push('peek'), { chart: 0, sage: 0 }),
          add: async () => (calls.push('add'), 1),
        },
      },
    } as unknown as Deps;
    const key = { ...LOCAL_OWNER, id: 'key_1', owner: undefined, limits: { chart: 10, sage: null } };
    delete (key as { owner?: true }).owner;
    const out = await invokeOperation(authorize(metered, key), { n: 2 }, deps, new ResultCache(10));
    expect(out.charged).toBe(1);
    expect(calls).toEqual(['peek', 'add']);
  });
});
