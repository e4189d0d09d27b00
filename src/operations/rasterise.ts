import { svgToPng } from '../core/render/index.js';
import type { WorkerPool } from './worker-pool.js';

/**
 * Rasterising a picture, the one CPU-heavy step of a PNG (15-30 ms at 800 px): a task of the worker
 * pool when there is one, in-process otherwise (inside the workers, in tests without a pool). The
 * server process resolves the place, computes the chart and draws the SVG (a millisecond or a few),
 * so a worker needs neither the city table nor the knowledge base for a picture: it receives the SVG
 * and answers the PNG.
 */

/** The worker task that rasterises (not an operation: no route or tool reaches it). */
export const RASTERISE_TASK = 'rasterise_svg';

export interface RasteriseInput {
  svg: string;
  width: number;
}

export async function rasterise(svg: string, width: number, pool: WorkerPool | undefined): Promise<Buffer> {
  if (!pool) return svgToPng(svg, width);
  const { bytes, picture } = await pool.run(RASTERISE_TASK, { svg, width } satisfies RasteriseInput);
  if (!picture) throw new Error('the rasterise task answered no picture');
  return bytes;
}
