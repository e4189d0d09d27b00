/**
 * The official MCP conformance suite (npm `@modelcontextprotocol/conformance`, run on the Node 22 it
 * needs) against the real service with a key, one named scenario at a time: every scenario that
 * applies to this server passes. The suite sends no credentials, so a loopback proxy adds the key's
 * `Authorization` header and forwards everything else as sent (the Host and Origin headers too, so
 * the DNS-rebinding scenario reaches the service's own check). Scenarios left out need the suite's
 * own fixture tools, prompts or resources (`test_simple_text`, `test_prompt_with_arguments`, ...),
 * sampling, elicitation or subscriptions, which this server does not offer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTSIDE_CLIENTS, requireOutsideClients, runOnNode22 } from '../helpers/outside-clients.js';
import { startService, type TestService } from '../helpers/service.js';

const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'prompts-list',
  'logging-set-level',
  'dns-rebinding-protection',
];

let svc: TestService;
let proxy: Server;
let proxyUrl: string;
let out: string;

beforeAll(async () => {
  requireOutsideClients();
  svc = await startService();
  const target = new URL(svc.url);
  proxy = createServer((req, res) => {
    const forward = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, authorization: `Bearer ${svc.key}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`;
  out = mkdtempSync(join(tmpdir(), 'conformance-'));
});
afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await svc?.close();
  rmSync(out, { recursive: true, force: true });
});

describe('MCP conformance suite', () => {
  for (const scenario of SCENARIOS) {
    it(`passes ${scenario}`, async () => {
      const run = await runOnNode22(OUTSIDE_CLIENTS.conformance, [
        'server',
        '--url',
        proxyUrl,
        '--scenario',
        scenario,
        '-o',
        join(out, scenario),
      ]);
      const report = `${run.stdout}\n${run.stderr}`;
      expect(report, report).toMatch(/Passed:\s*[1-9]\d*\/\d+, 0 failed|0 failed/);
      expect(report, report).not.toMatch(/\bFAILURE\b/);
      expect(run.code, report).toBe(0);
    });
  }
});
