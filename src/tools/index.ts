import type { AnyTool } from './types.js';
import { validateLocationTool } from './validate_location.js';

/**
 * The one ordered list of MCP tools. MCP registration, the REST route table, OpenAPI, the docs page
 * and the surface tests all iterate it; nothing else lists tools.
 */
export const TOOLS: readonly AnyTool[] = [validateLocationTool as unknown as AnyTool];
