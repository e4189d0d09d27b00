import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

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
