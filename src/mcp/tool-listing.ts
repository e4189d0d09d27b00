import {
  type JSONRPCMessage,
  type ListToolsResult,
  McpServer,
  InMemoryTransport,
} from '@modelcontextprotocol/server';
import type { AnyTool } from '../operations/types.js';
import { CHART_VIEW_URI } from '../resources/index.js';
import { advertisedSchema, compactOutput } from './schemas.js';
import { SERVER_INFO } from './server-info.js';

/**
 * What the MCP endpoint registers a tool with, and so what `tools/list` advertises for it: title,
 * description, the input schema, the output schema made compact (it may point at another tool's
 * output instead of repeating it), the annotations, and for a tool that draws its answer (`picture`)
 * the MCP App that draws it in hosts that show MCP Apps (`_meta.ui.resourceUri`, SEP-1865).
 */
export function toolConfig(tool: AnyTool, tools: readonly AnyTool[]) {
  return {
    title: tool.title,
    description: tool.description,
    // Validation happens in the handler (parseInput), so MCP and REST word errors alike.
    inputSchema: advertisedSchema(tool.input),
    outputSchema: advertisedSchema(
      tool.output,
      compactOutput(tools.filter((t) => t !== tool).map((t) => ({ toolName: t.name, schema: t.output }))),
    ),
    annotations: advertisedAnnotations(tool.annotations),
    ...(tool.picture ? { _meta: { ui: { resourceUri: CHART_VIEW_URI } } } : {}),
  };
}

/**
 * The annotations as listed: `destructiveHint` and `idempotentHint` mean something only when
 * `readOnlyHint` is false (MCP ToolAnnotations), and the title is the tool's own `title` field, so a
 * read-only tool lists `readOnlyHint` and `openWorldHint` alone.
 */
export function advertisedAnnotations(annotations: AnyTool['annotations']): Partial<AnyTool['annotations']> {
  if (!annotations.readOnlyHint) return annotations;
  const { destructiveHint: _d, idempotentHint: _i, ...kept } = annotations;
  return kept;
}

/**
 * The `tools/list` result as the endpoint sends it, built in-process with no socket and no service:
 * the SDK's McpServer with every tool registered as the endpoint registers it, asked over the SDK's
 * in-memory transport. For the README's tool table and its size; the surface snapshot test checks
 * that it equals what a client receives over HTTP.
 */
export async function listToolsInProcess(tools: readonly AnyTool[]): Promise<ListToolsResult> {
  const server = new McpServer(SERVER_INFO, { capabilities: { tools: { listChanged: false } } });
  const notCalled = async (): Promise<never> => {
    throw new Error('listing calls no tool');
  };
  for (const tool of tools) server.registerTool(tool.name, toolConfig(tool, tools), notCalled);
  const [client, serverEnd] = InMemoryTransport.createLinkedPair();
  const answer = new Promise<JSONRPCMessage>((resolve) => {
    client.onmessage = resolve;
  });
  await server.connect(serverEnd);
  try {
    await client.send({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
    const message = await answer;
    if (!('result' in message)) throw new Error(`tools/list failed: ${JSON.stringify(message)}`);
    return message.result as ListToolsResult;
  } finally {
    await server.close();
  }
}
