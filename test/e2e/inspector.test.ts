/**
 * The MCP Inspector CLI (npm `@modelcontextprotocol/inspector`, the official debugging client) lists
 * the tools of the real service, with a key, in `--strict` mode: every tool schema is in the portable
 * subset that model providers' function-calling dialects accept (nullable written as `anyOf` with
 * `{"type": "null"}`, never a type array; no bare `{}`), so the Inspector reports 0 findings and
 * exits 0 (it exits 6 on an error-severity finding). Source: the Inspector CLI's `--strict` option
 * (schema portability lint).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../../src/tools/index.js';
import { OUTSIDE_CLIENTS, requireOutsideClients, runOnNode22 } from '../helpers/outside-clients.js';
import { startService, type TestService } from '../helpers/service.js';

let svc: TestService;
beforeAll(async () => {
  requireOutsideClients();
  svc = await startService();
});
afterAll(() => svc?.close());

describe('MCP Inspector CLI', () => {
  it('lists every tool with --strict and reports no portability finding', async () => {
    const run = await runOnNode22(OUTSIDE_CLIENTS.inspector, [
      `${svc.url}/mcp`,
      '--transport',
      'http',
      '--header',
      `Authorization: Bearer ${svc.key}`,
      '--method',
      'tools/list',
      '--strict',
    ]);
    expect(run.stderr).not.toMatch(/portab|finding|warning/i);
    expect(run.code, run.stderr).toBe(0);
    const listed = JSON.parse(run.stdout) as { tools: { name: string }[] };
    expect(listed.tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
  });
});
