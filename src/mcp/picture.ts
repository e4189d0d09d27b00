import { canonicalJson, type ResultCache } from '../operations/cache.js';
import { rasterise } from '../operations/rasterise.js';
import type { AnyTool, Caller, Deps } from '../operations/types.js';

/** An MCP image content block. */
export interface ImageBlock {
  type: 'image';
  data: string;
  mimeType: 'image/png' | 'image/svg+xml';
}

/**
 * Width of the pictures beside MCP answers: the bodygraph PNG is about 90 KB and the wheel with its
 * labels about 80 KB at 640 px, under the ~200 KB a chat client comfortably shows inline.
 */
export const MCP_PICTURE_WIDTH = 640;

/**
 * The `image` argument of a chart tool: the answer drawn by the tool's `picture`, PNG or SVG,
 * base64. Cached per key beside the answer (a PNG costs 15-30 ms to rasterise); free, since the
 * chart call it rides on is what is charged.
 */
export async function pictureBlock(
  tool: AnyTool,
  format: 'png' | 'svg',
  input: Record<string, unknown>,
  data: unknown,
  caller: Caller,
  cache: ResultCache,
  deps: Deps,
): Promise<ImageBlock | undefined> {
  if (!tool.picture) return undefined;
  const { image: _image, ...answerInput } = input;
  const key = `${caller?.id ?? '-'}:${tool.name}:image.${format}:${canonicalJson(answerInput)}`;
  const hit = cache.get(key) as ImageBlock | undefined;
  if (hit) return hit;
  const svg = tool.picture(data, MCP_PICTURE_WIDTH, { input: answerInput, deps });
  const block: ImageBlock =
    format === 'png'
      ? {
          type: 'image',
          data: (await rasterise(svg, MCP_PICTURE_WIDTH, deps.pool)).toString('base64'),
          mimeType: 'image/png',
        }
      : { type: 'image', data: Buffer.from(svg).toString('base64'), mimeType: 'image/svg+xml' };
  cache.set(key, block, block.data.length);
  return block;
}
