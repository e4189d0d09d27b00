import type { AnyOperation } from '../operations/types.js';
import { searchLocations } from './locations.js';
import { PICTURES } from './pictures.js';
import { getUsage } from './usage.js';

/**
 * The REST-only operations (no MCP tool): rows of the same route table as the tools, run by the same
 * execution path. One file per endpoint family; this is the one list.
 */
export const ENDPOINTS: readonly AnyOperation[] = [searchLocations, getUsage, ...PICTURES];
