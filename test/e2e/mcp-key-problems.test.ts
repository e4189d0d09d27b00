/**
 * A missing or wrong API key on /mcp, as MCP clients show it. The MCP Inspector and the SDK's OAuth
 * support start OAuth discovery on any 401 (MCP authorization spec, 2025-06-18 onwards: RFC 9728
 * protected resource metadata, then RFC 8414 server metadata, then RFC 7591 dynamic client
 * registration). The challenge names `invalid_token` with the server's own words and points at the
 * resource metadata (RFC 9728 section 5.1), which names this service as its authorization server
 * (test/e2e/oauth-flow.test.ts follows that flow to the end). A client configured with a key header
 * reads the key problem in the answer.
 *
 * The Inspector CLI (npm @modelcontextprotocol/inspector, pinned in test/e2e/clients/) needs
 * Node 22, which that folder installs from the npm registry beside the project (the root `prepare`
 * script), so the project's own Node 20 stays the one npm scripts run.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp } from '../helpers/mcp.js';
import { OUTSIDE_CLIENTS, requireOutsideClients } from '../helpers/outside-clients.js';
import { startService, type TestService } from '../helpers/service.js';

const NODE_22 = OUTSIDE_CLIENTS.node;
// The launcher (not the plain CLI build): it is what `npx @modelcontextprotocol/inspector --cli` runs,
// and what decides between refusing and starting OAuth at a terminal.
const INSPECTOR = join(dirname(OUTSIDE_CLIENTS.inspector), '../../launcher/build/index.js');

let svc: TestService;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc?.close());

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The Inspector CLI listing the tools of /mcp, with its own home and an in-memory secret store (it
 * must never touch the machine's), and never opening a browser. `tty` runs it under `script`, as a
 * person at a terminal would, which is when it attempts OAuth instead of refusing to.
 */
function inspector(args: string[], tty = false, timeout = 60_000): Promise<CliRun> {
  requireOutsideClients();
  if (!existsSync(INSPECTOR)) throw new Error(`${INSPECTOR} is missing: run \`npm ci\``);
  const cli = [
    NODE_22,
    INSPECTOR,
    '--cli',
    `${svc.url}/mcp`,
    '--transport',
    'http',
    '--method',
    'tools/list',
    ...args,
  ];
  const env = {
    ...process.env,
    HOME: mkdtempSync(join(tmpdir(), 'inspector-home-')),
    MCP_INSPECTOR_SECRET_STORE: 'memory',
    MCP_AUTO_OPEN_ENABLED: 'false',
  };
  const quoted = cli.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const [file, argv] = tty ? ['script', ['-qec', quoted, '/dev/null']] : [cli[0]!, cli.slice(1)];
  return new Promise((resolve) => {
    const child = execFile(file, argv as string[], { env, timeout }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

describe('a missing or wrong key on /mcp reads as a key problem', () => {
  it('the 401 names invalid_token and points at the resource metadata, which names this service as authorization server', async () => {
    const res = await fetch(`${svc.url}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    });
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate')!;
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
    expect(metadataUrl).toBe(`${svc.url}/.well-known/oauth-protected-resource/mcp`);
    expect(challenge).toContain('error="invalid_token"');
    for (const url of [metadataUrl!, `${svc.url}/.well-known/oauth-protected-resource`]) {
      const metadata = (await (await fetch(url)).json()) as Record<string, unknown>;
      expect(metadata).toMatchObject({
        resource: `${svc.url}/mcp`,
        bearer_methods_supported: ['header'],
        resource_documentation: `${svc.url}/docs`,
        authorization_servers: [svc.url],
      });
    }
  });

  it("the SDK client without OAuth reports the server's own words", async () => {
    await expect(connectMcp(svc.url, null)).rejects.toThrow(
      /Missing API key: send the header Authorization: Bearer <key>/,
    );
    await expect(connectMcp(svc.url, 'csk_wrong')).rejects.toThrow(/Invalid or revoked API key/);
  });

  it('the Inspector CLI lists the tools with the key', async () => {
    const run = await inspector(['--header', `Authorization: Bearer ${svc.key}`, '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const names = (JSON.parse(run.stdout) as { result: { tools: { name: string }[] } }).result.tools.map(
      (t) => t.name,
    );
    expect(names).toContain('generate_chart');
  }, 90_000);

  it('the Inspector CLI at a terminal without a key finds the OAuth server: it registers itself and asks the person to open the sign-in URL', async () => {
    const before = (await svc.service.deps.store.oauth.listClients()).length;
    // It then waits for the browser's redirect, which never comes here: stopped after a while.
    const run = await inspector([], true, 20_000);
    const authorize = `${svc.url}/oauth/authorize?response_type=code&client_id=`;
    expect(run.stdout + run.stderr).toContain(`Please navigate to: `);
    expect(run.stdout + run.stderr).toContain(authorize);
    expect((await svc.service.deps.store.oauth.listClients()).length).toBe(before + 1);
  }, 60_000);

  it('the Inspector CLI in CI (--stored-auth-only) shows the 401 answer: missing or invalid key', async () => {
    const none = await inspector(['--stored-auth-only']);
    expect(none.code).toBe(3);
    expect(none.stderr).toMatch(/Missing API key: send the header Authorization: Bearer <key>/);
    const wrong = await inspector(['--stored-auth-only', '--header', 'Authorization: Bearer csk_wrong']);
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toMatch(/Invalid or revoked API key/);
  }, 120_000);
});
