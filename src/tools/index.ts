import { generateChartTool } from './generate_chart.js';
import { generateCompositeTool } from './generate_composite.js';
import { getBaziChartTool } from './get_bazi_chart.js';
import { getAstrologyChartTool } from './get_astrology_chart.js';
import { multiChartTool } from './multi_chart.js';
import { querySageTool } from './query_sage.js';
import type { AnyTool } from '../operations/types.js';
import { validateLocationTool } from './validate_location.js';

/**
 * The one ordered list of MCP tools. MCP registration, the REST route table, OpenAPI, the docs page
 * and the surface tests all iterate it; nothing else lists tools.
 */
export const TOOLS: readonly AnyTool[] = [
  generateChartTool,
  generateCompositeTool,
  getAstrologyChartTool,
  getBaziChartTool,
  multiChartTool,
  validateLocationTool,
  querySageTool,
];

/** The operations a worker process may run (operations/worker.ts loads this module by URL). */
export const OPERATIONS: readonly AnyTool[] = TOOLS;
