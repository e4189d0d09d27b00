import { inflateSync } from 'node:zlib';

/**
 * A PNG decoder for the render tests (8-bit RGBA or RGB, non-interlaced: what resvg writes): checks
 * the signature and chunk layout, inflates IDAT with node:zlib and undoes the scanline filters.
 */

export interface DecodedPng {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  rgba: Uint8Array;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

export function decodePng(png: Buffer): DecodedPng {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG signature');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  let ended = false;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    offset += 12 + length;
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const [depth, colour, , , interlace] = [data[8], data[9], data[10], data[11], data[12]];
      if (depth !== 8 || interlace !== 0 || (colour !== 6 && colour !== 2)) {
        throw new Error(`unsupported PNG: depth ${depth}, colour type ${colour}, interlace ${interlace}`);
      }
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!ended || width === 0 || idat.length === 0) throw new Error('PNG without IHDR, IDAT or IEND');
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  if (raw.length !== height * (stride + 1)) throw new Error('IDAT size does not match IHDR');
  const out = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x] as number;
      const a = x >= channels ? (out[y * stride + x - channels] as number) : 0;
      const b = y > 0 ? (out[(y - 1) * stride + x] as number) : 0;
      const c = x >= channels && y > 0 ? (out[(y - 1) * stride + x - channels] as number) : 0;
      const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter as number];
      if (predicted === undefined) throw new Error(`bad filter ${filter} on row ${y}`);
      out[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  if (channels === 4) return { width, height, rgba: out };
  const rgba = new Uint8Array(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    rgba.set(out.subarray(p * 3, p * 3 + 3), p * 4);
    rgba[p * 4 + 3] = 255;
  }
  return { width, height, rgba };
}

export interface PixelStats {
  /** Mean luminance 0-255 over opaque-weighted pixels. */
  meanLuminance: number;
  /** Share of pixels that differ from the top-left pixel (the background). */
  inked: number;
  /** Distinct colours (capped scan). */
  colours: number;
}

export function pixelStats({ width, height, rgba }: DecodedPng): PixelStats {
  let luminance = 0;
  let inked = 0;
  const colours = new Set<number>();
  const bg = [rgba[0], rgba[1], rgba[2], rgba[3]];
  for (let p = 0; p < width * height; p++) {
    const [r, g, b, a] = [rgba[p * 4], rgba[p * 4 + 1], rgba[p * 4 + 2], rgba[p * 4 + 3]] as number[];
    luminance += ((0.2126 * r! + 0.7152 * g! + 0.0722 * b!) * a!) / 255;
    if (r !== bg[0] || g !== bg[1] || b !== bg[2] || a !== bg[3]) inked++;
    if (colours.size < 10_000) colours.add(((r! << 24) | (g! << 16) | (b! << 8) | a!) >>> 0);
  }
  return {
    meanLuminance: luminance / (width * height),
    inked: inked / (width * height),
    colours: colours.size,
  };
}
