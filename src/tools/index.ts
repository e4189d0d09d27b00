import { generateChartTool } from './generate_chart.js';
import { generateCompositeTool } from './generate_composite.js';
import { getBaziChartTool } from './get_bazi_chart.js';
import { getAstrologyChartTool } from './get_astrology_chart.js';
import { getEclipsesTool } from './get_eclipses.js';
import { getPlanetaryReturnTool } from './get_planetary_return.js';
import { getRetrogradesTool } from './get_retrogrades.js';
import { getTransitPeriodsTool } from './get_transit_periods.js';
import { getMoonTransitsTool } from './get_moon_transits.js';
import { getTransitChartTool } from './get_transit_chart.js';
import { getTransitsTool } from './get_transits.js';
import { multiChartTool } from './multi_chart.js';
import { querySageTool } from './query_sage.js';
import type { AnyTool } from '../operations/types.js';
import { validateLocationTool } from './validate_location.js';

/**
 * The one ordered list of MCP tools. MCP registration, the REST route table, OpenAPI, the docs page,
 * the README's tool table and the surface tests all iterate it; nothing else lists tools.
 */
export const TOOLS: readonly AnyTool[] = [
  generateChartTool,
  generateCompositeTool,
  getAstrologyChartTool,
  getBaziChartTool,
  getTransitsTool,
  getMoonTransitsTool,
  getTransitChartTool,
  getTransitPeriodsTool,
  getEclipsesTool,
  getRetrogradesTool,
  getPlanetaryReturnTool,
  multiChartTool,
  validateLocationTool,
  querySageTool,
];
