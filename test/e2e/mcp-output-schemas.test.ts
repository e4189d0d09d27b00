/**
 * Every tool's structured result validates against the outputSchema that tools/list advertises, by
 * three independent validators: the official TypeScript SDK client (it checks `structuredContent`
 * against the listed schema on every call), ajv in its JSON Schema 2020-12 mode (npm `ajv`, strict
 * about the schema itself), and Python's `jsonschema` (Draft 2020-12), the library the official
 * Python MCP SDK client validates structured results with (the Python SDK itself is not installable
 * here; its validator is). A result with a field of the wrong type must be refused by both, so the
 * check can fail. Sources: MCP 2025-11-25 tools (outputSchema, structuredContent); JSON Schema
 * 2020-12.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/tools/index.js';
import { connectMcp } from '../helpers/mcp.js';
import { startService, type TestService } from '../helpers/service.js';

type Json = Record<string, unknown>;
interface Case {
  name: string;
  schema: Json;
  instance: unknown;
}

/** Each tool's example, and the variants whose answers take other branches of the schema. */
const CALLS: { tool: string; args: Json; label: string }[] = [
  ...TOOLS.map((t) => ({ tool: t.name, args: t.example as Json, label: t.name })),
  ...['generate_chart', 'generate_composite', 'get_astrology_chart', 'get_bazi_chart'].map((name) => ({
    tool: name,
    args: { ...(TOOLS.find((t) => t.name === name)!.example as Json), include: 'tooltips' },
    label: `${name} with tooltips`,
  })),
  ...['2026-06-01', '1990-06-22'].map((date) => ({
    tool: 'get_bazi_chart',
    args: { ...(TOOLS.find((t) => t.name === 'get_bazi_chart')!.example as Json), date },
    label: `get_bazi_chart with date ${date} (luck pillar ${date === '1990-06-22' ? 'not yet' : 'in force'})`,
  })),
  {
    tool: 'multi_chart',
    args: {
      charts: [
        { birthDate: '1990-06-22', birthTime: '14:30', birthLocation: 'Xqzvbnm Nowhere' },
        { birthDate: '1990-06-22', birthTime: '14:30', birthLocation: 'Springfield' },
      ],
    },
    label: 'multi_chart with an unknown and an ambiguous place',
  },
  { tool: 'validate_location', args: { birthLocation: 'Sprngfeld' }, label: 'validate_location unresolved' },
  { tool: 'validate_location', args: { birthLocation: 'Valencia' }, label: 'validate_location ambiguous' },
];

let svc: TestService;
let client: Client;
let schemas: Map<string, Json>;
const cases: Case[] = [];

beforeAll(async () => {
  svc = await startService();
  client = await connectMcp(svc.url, svc.key);
  const { tools } = await client.listTools();
  schemas = new Map(tools.map((t) => [t.name, t.outputSchema as Json]));
  for (const call of CALLS) {
    // The SDK client validates structuredContent against the listed outputSchema and throws if it fails.
    const result = await client.callTool({ name: call.tool, arguments: call.args });
    expect(result.isError, `${call.label}: ${JSON.stringify(result.content)}`).not.toBe(true);
    cases.push({ name: call.label, schema: schemas.get(call.tool)!, instance: result.structuredContent });
  }
});
afterAll(async () => {
  await client?.close();
  await svc?.close();
});

function ajvErrors(c: Case): string[] {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  const validate = ajv.compile(c.schema);
  return validate(c.instance) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

function pythonResults(list: Case[]): { name: string; valid: boolean; errors: string[] }[] {
  const script = join(import.meta.dirname, 'support', 'validate_structured.py');
  return JSON.parse(execFileSync('python3', [script], { input: JSON.stringify(list), encoding: 'utf8' }));
}

/** The same result with its first required field of another type: what every validator must refuse. */
function broken(c: Case): Case {
  const field = (c.schema.required as string[])[0]!;
  const instance = { ...(c.instance as Json), [field]: 12345 };
  if (typeof (c.instance as Json)[field] === 'number') instance[field] = 'not a number';
  return { ...c, name: `${c.name} (broken)`, instance };
}

describe('structured results against the advertised output schemas', () => {
  it('calls every tool and its variants through the SDK client, which validated each result', () => {
    expect(cases.map((c) => c.name)).toEqual(CALLS.map((c) => c.label));
    expect(new Set(CALLS.map((c) => c.tool))).toEqual(new Set(TOOLS.map((t) => t.name)));
  });

  it('ajv (JSON Schema 2020-12, strict) accepts every result and refuses a broken one', () => {
    for (const c of cases) expect(ajvErrors(c), c.name).toEqual([]);
    for (const c of cases) expect(ajvErrors(broken(c)).length, c.name).toBeGreaterThan(0);
  });

  it("Python's jsonschema (Draft 2020-12, the Python SDK's validator) accepts every result and refuses a broken one", () => {
    const results = pythonResults([...cases, ...cases.map(broken)]);
    const [good, bad] = [results.slice(0, cases.length), results.slice(cases.length)];
    for (const r of good) expect(r, r.name).toEqual({ name: r.name, valid: true, errors: [] });
    for (const r of bad) expect(r.valid, r.name).toBe(false);
  });
});
