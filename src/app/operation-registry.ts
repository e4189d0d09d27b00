import { ENDPOINTS } from '../endpoints/index.js';
import type { AnyOperation } from '../operations/types.js';
import { TOOLS } from '../tools/index.js';

/**
 * Every operation a worker process of the pool may run (its `OPERATIONS` export, loaded by
 * operations/worker.ts): the tools and the REST-only endpoints, heavy ones among them the PNG
 * pictures.
 */
export const OPERATIONS: readonly AnyOperation[] = [...TOOLS, ...ENDPOINTS];
