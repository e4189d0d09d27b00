import { crc32, deflateSync } from 'node:zlib';

/**
 * PNG encoding of resvg's pixels (premultiplied RGBA, 8 bits): 8-bit RGBA, every scanline unfiltered,
 * deflated by node:zlib at level 3. resvg-js's own `asPng` (the png crate at its default level, the
 * Sub filter) took twice as long for files about a fifth larger: a chart is mostly flat areas, which
 * deflate finds as well without a filter. Colours are un-premultiplied as tiny-skia does
 * (`c / (a / 255) + 0.5`, truncated), so the PNG decodes to the same pixels as resvg's.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DEFLATE_LEVEL = 3;

/**
 * Scanlines with their filter byte (0, none), reused across calls (a fresh 3 MB buffer each time costs
 * page faults), up to a 1600 x 2500 picture: a rare larger one is not kept for the process's life.
 */
let scanlines = Buffer.alloc(0);
const REUSED_BYTES_MAX = 16_000_000;

export function encodePng(premultiplied: Buffer, width: number, height: number): Buffer {
  const stride = width * 4;
  const size = height * (stride + 1);
  if (size <= REUSED_BYTES_MAX && scanlines.length < size) scanlines = Buffer.alloc(size);
  const raw = size <= REUSED_BYTES_MAX ? scanlines.subarray(0, size) : Buffer.allocUnsafe(size);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0;
    premultiplied.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  }
  demultiply(raw, stride);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, adaptive filtering (each line says none), no interlace
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: DEFLATE_LEVEL })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Un-premultiplies the pixels that are not opaque (none in a picture with a background). */
function demultiply(raw: Buffer, stride: number): void {
  for (let line = 0; line < raw.length; line += stride + 1) {
    for (let i = line + 4; i <= line + stride; i += 4) {
      const alpha = raw[i] as number;
      if (alpha === 255) continue;
      const a = alpha / 255;
      for (let c = i - 3; c < i; c++)
        raw[c] = alpha === 0 ? 0 : Math.min(255, Math.trunc((raw[c] as number) / a + 0.5));
    }
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
