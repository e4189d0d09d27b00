/**
 * Fuzzing of `/mcp` through the official SDK path (not the direct tools/call path): valid JSON-RPC
 * messages of every method the server offers, in both protocol eras, mutated by fast-check (params
 * replaced, a value anywhere in them replaced or removed, keys added, nesting past the body limit,
 * ids of every JSON type and integers past 2^53 written as raw digits). Every case is checked to be
 * one the direct path declines, so the SDK answers it. Required of each answer: no 5xx, a JSON-RPC
 * message or the HTTP error envelope, and the id as sent (its exact text) whenever one is echoed.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { directToolCall } from '../../src/mcp/direct-call.js';
import { TOOLS } from '../../src/tools/index.js';

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const LEGACY_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const modernHeaders = (method: string) => ({
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': method,
});

const BIRTH = { birthDate: '1948-04-09', birthTime: '00:14', birthLocation: 'Montreal, QC' };

interface Seed {
  method: string;
  params: unknown;
  headers: Record<string, string>;
}

/** Valid messages to mutate: every method the server serves, in the era each belongs to. */
function seeds(resourceUri: string): Seed[] {
  const legacy = (method: string, params: unknown): Seed => ({ method, params, headers: LEGACY_HEADERS });
  const modern = (method: string, params: Record<string, unknown>): Seed => ({
    method,
    params: { ...params, _meta: ENVELOPE },
    headers: modernHeaders(method),
  });
  return [
    legacy('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: { roots: { listChanged: true } },
      clientInfo: { name: 'fuzz', version: '1.0.0' },
    }),
    legacy('tools/list', {}),
    legacy('tools/list', { cursor: 'x' }),
    legacy('ping', {}),
    legacy('resources/list', {}),
    legacy('resources/templates/list', {}),
    legacy('resources/read', { uri: resourceUri }),
    legacy('prompts/list', {}),
    legacy('logging/setLevel', { level: 'info' }),
    // A progress token makes a tool call the SDK's (the direct path declines it).
    legacy('tools/call', { name: 'generate_chart', arguments: BIRTH, _meta: { progressToken: 7 } }),
    legacy('tools/call', {
      name: 'get_transits',
      arguments: { startDate: '2025-03-14', endDate: '2025-03-16' },
      _meta: { progressToken: 'p' },
    }),
    modern('tools/list', {}),
    modern('resources/read', { uri: resourceUri }),
    modern('tools/call', { name: 'generate_chart', arguments: BIRTH }),
    modern('server/discover', {}),
  ];
}

type Path = (string | number)[];

/** Every path inside a JSON value (the root included), for mutations to aim at. */
function pathsOf(value: unknown, at: Path = []): Path[] {
  const inner = Array.isArray(value)
    ? value.flatMap((v, i) => pathsOf(v, [...at, i]))
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...at, k]))
      : [];
  return [at, ...inner];
}

function setAt(root: unknown, path: Path, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy: unknown = structuredClone(root);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (remove && Array.isArray(node)) node.splice(last as number, 1);
  else if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
const getAt = (root: unknown, path: Path): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], root);

const nested = (depth: number): unknown => {
  let v: unknown = 0;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

/** Values a mutation puts anywhere: every JSON type, edge numbers, long and odd strings, deep nesting. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, true, false, 0, -1, 1e308, -0, 2 ** 53 + 2, '', ' ', '\u0000', '🏙️🌍💥', '__proto__'),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 1, max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 1, max: 200 }).map(nested),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
);

/** Ids as raw JSON text: the valid kinds and the ones a server must refuse or echo exactly. */
const anyId: fc.Arbitrary<string> = fc.oneof(
  fc.integer().map(String),
  fc.string({ maxLength: 12 }).map((s) => JSON.stringify(s)),
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 70n }).map(String),
  fc.constantFrom('null', '1.5', '7.0', '1e3', '-0', 'true', '{}', '[]', '"9007199254740993"'),
);

export interface FuzzCase {
  headers: Record<string, string>;
  /** The request body as sent. */
  text: string;
  /** The id's text as sent. */
  id: string;
}

const isTool = (name: string) => TOOLS.some((t) => t.name === name);

/** The direct path declines every case (a plain tool call gets a progress token to make sure). */
function forSdkPath(headers: Record<string, string>, body: Record<string, unknown>): Record<string, unknown> {
  if (!directToolCall(headers, body, isTool)) return body;
  const params = body.params as Record<string, unknown>;
  return { ...body, params: { ...params, _meta: { ...(params._meta as object), progressToken: 1 } } };
}

export function fuzzCases(resourceUri: string): fc.Arbitrary<FuzzCase> {
  return fc
    .record({
      seed: fc.constantFrom(...seeds(resourceUri)),
      mutation: fc.integer({ min: 0, max: 4 }),
      pick: fc.nat(),
      value: anyValue,
      key: fc.string({ maxLength: 10 }),
      id: anyId,
    })
    .map(({ seed, mutation, pick, value, key, id }) => {
      const paths = pathsOf(seed.params);
      const path = paths[pick % paths.length]!;
      const params =
        mutation === 0
          ? value
          : mutation === 1
            ? setAt(seed.params, path, value)
            : mutation === 2 && path.length > 0
              ? setAt(seed.params, path, undefined, true)
              : mutation === 3
                ? setAt(seed.params, [...(isObject(getAt(seed.params, path)) ? path : []), key], value)
                : seed.params;
      const body = forSdkPath(seed.headers, { jsonrpc: '2.0', id: 0, method: seed.method, params });
      if (directToolCall(seed.headers, body, isTool)) throw new Error('case would take the direct path');
      // A function, not a replacement string: in one, `$$` in a generated id would become `$`, and
      // the message would carry another id than the one checked for (seed 4242, 578th case).
      const text = JSON.stringify(body).replace('"id":0', () => `"id":${id}`);
      if (!text.includes(`"id":${id}`)) throw new Error(`case text lost its id ${id}`);
      return { headers: seed.headers, text, id };
    });
}

/** The JSON-RPC messages of an answer: its JSON body, or the data lines of its event stream. */
function messagesOf(type: string, text: string): string[] {
  if (type.startsWith('text/event-stream'))
    return text
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => l.slice(6));
  return text ? [text] : [];
}

export interface FuzzTally {
  cases: number;
  byStatus: Record<number, number>;
}

/** Sends one case with a key and checks its answer. */
export async function checkCase(url: string, key: string, c: FuzzCase, tally: FuzzTally): Promise<void> {
  const res = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { ...c.headers, authorization: `Bearer ${key}` },
    body: c.text,
  });
  const text = await res.text();
  tally.cases++;
  tally.byStatus[res.status] = (tally.byStatus[res.status] ?? 0) + 1;
  const where = `${res.status} for ${c.text.slice(0, 300)}\n-> ${text.slice(0, 300)}`;
  expect(res.status, where).toBeLessThan(500);
  for (const message of messagesOf(res.headers.get('content-type') ?? '', text)) {
    const parsed = JSON.parse(message) as Record<string, unknown>;
    if (parsed.jsonrpc === undefined) {
      // The HTTP error envelope (a refusal before the JSON-RPC layer).
      expect(parsed.success, where).toBe(false);
      continue;
    }
    expect(parsed.jsonrpc, where).toBe('2.0');
    expect('result' in parsed || 'error' in parsed, where).toBe(true);
    // An id echoed is the id sent, to the digit.
    if (parsed.id !== null && parsed.id !== undefined)
      expect(message.includes(`"id":${c.id}`), where).toBe(true);
  }
}
