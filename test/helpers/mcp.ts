import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll } from 'vitest';
import { startService, type TestService } from './service.js';

/**
 * The official MCP SDK client connected to a running service's /mcp with a key, as an outside agent
 * would connect. `mode: 'auto'` negotiates the newest protocol era; by default the client starts
 * with a 2025-era `initialize`.
 */
export async function connectMcp(
  baseUrl: string,
  key: string | null,
  options: { name?: string; mode?: 'auto' } = {},
): Promise<Client> {
  const client = new Client(
    { name: options.name ?? 'chart-service-test', version: '1.0.0' },
    options.mode ? { versionNegotiation: { mode: options.mode } } : undefined,
  );
  await client.connect(
    new StreamableHTTPClientTransport(
      new URL(`${baseUrl}/mcp`),
      key ? { requestInit: { headers: { Authorization: `Bearer ${key}` } } } : undefined,
    ),
  );
  return client;
}

/** A running service and an MCP client connected to it with the service's key, for one test file. */
export interface LiveMcp {
  readonly svc: TestService;
  readonly client: Client;
}

/**
 * Starts a service and connects the official client before the file's tests, and closes both after
 * them: call at the top of a test file and read `svc` and `client` inside its tests.
 */
export function serviceWithMcpClient(): LiveMcp {
  let svc: TestService | undefined;
  let client: Client | undefined;
  beforeAll(async () => {
    svc = await startService();
    client = await connectMcp(svc.url, svc.key);
  });
  afterAll(async () => {
    await client?.close();
    await svc?.close();
  });
  return {
    get svc() {
      if (!svc) throw new Error('the service starts in beforeAll: read it inside a test');
      return svc;
    },
    get client() {
      if (!client) throw new Error('the client connects in beforeAll: read it inside a test');
      return client;
    },
  };
}
