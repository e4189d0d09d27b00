import { promisify } from 'node:util';
import {
  brotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  type BrotliOptions,
  type ZlibOptions,
} from 'node:zlib';

/**
 * Response compression: gzip or br, chosen from the client's Accept-Encoding (RFC 9110 section
 * 12.5.3, q-values honoured), for text types (JSON, SVG, HTML, JavaScript, SSE) of at least
 * MIN_COMPRESSED_BYTES. All of it runs on zlib's thread pool (the callback and stream APIs), never on
 * the event loop: a year of hourly transits is 8 MB of JSON.
 */

export type Encoding = 'br' | 'gzip';

/** Below this a compressed answer saves less than its framing and the round trip to the thread pool. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Levels chosen by measurement (bench/compression.ts): br quality 5 compresses JSON series about as
 * fast as gzip's default level and a fifth smaller; higher br qualities cost several times the time
 * for a few percent.
 */
const BROTLI: BrotliOptions = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
const GZIP: ZlibOptions = { level: 6 };

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Media types worth compressing (the type without parameters). */
const TEXT_TYPES = new Set([
  'application/json',
  'image/svg+xml',
  'text/html',
  'text/javascript',
  'text/event-stream',
  'text/plain',
]);

export function isCompressible(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return TEXT_TYPES.has(type) || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * The encoding to answer in: the acceptable coding with the highest q-value, br before gzip on a tie
 * (smaller for the same time), none when the client sent no Accept-Encoding, accepts neither, or
 * ranks identity above both. `*` stands for every coding not named.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(value) ? value : 0);
  }
  const star = q.get('*');
  const weight = (name: string) => q.get(name) ?? star ?? 0;
  // Identity unnamed stays acceptable (RFC 9110), ranked with the least wanted coding named, so
  // `gzip;q=0.8` still means gzip.
  const identity = q.get('identity') ?? Math.min(...q.values());
  let best: Encoding | null = null;
  for (const name of ['br', 'gzip'] as const) {
    const w = weight(name);
    if (w > 0 && w >= identity && (best === null || w > weight(best))) best = name;
  }
  return best;
}

const brotliFor = (length: number): BrotliOptions => ({
  ...BROTLI,
  params: { ...BROTLI.params, [constants.BROTLI_PARAM_SIZE_HINT]: length },
});

/** The body compressed on the thread pool. */
export function compressBody(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(body, brotliFor(body.length)) : gzipAsync(body, GZIP);
}

/** From this size on, the compressor hands back output in LARGE_CHUNK pieces rather than 16 KB. */
const LARGE_BODY = 1024 * 1024;
const LARGE_CHUNK = 256 * 1024;

/**
 * A body given in parts, compressed on the thread pool as one: the same bytes as compressBody of
 * the parts joined (the compressor's output depends neither on how its input is cut nor on the size
 * of the pieces it hands back), without the joined copy. A large body comes back in large pieces:
 * each piece is a round trip through the event loop, 36 of them for a year of transits in gzip.
 */
export function compressParts(parts: readonly Buffer[], encoding: Encoding): Promise<Buffer> {
  const length = parts.reduce((n, part) => n + part.length, 0);
  const chunk = length >= LARGE_BODY ? { chunkSize: LARGE_CHUNK } : {};
  const zlib =
    encoding === 'br'
      ? createBrotliCompress({ ...brotliFor(length), ...chunk })
      : createGzip({ ...GZIP, ...chunk });
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    zlib.on('data', (chunk: Buffer) => out.push(chunk));
    zlib.once('end', () => resolve(Buffer.concat(out)));
    zlib.once('error', reject);
    for (const part of parts) zlib.write(part);
    zlib.end();
  });
}

/**
 * A stream compressed as it arrives, each chunk flushed (an SSE event reaches the client when it is
 * written, not when the compressor's window fills).
 */
export function compressStream(
  body: ReadableStream<Uint8Array>,
  encoding: Encoding,
): ReadableStream<Uint8Array> {
  const zlib = encoding === 'br' ? createBrotliCompress(BROTLI) : createGzip(GZIP);
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zlib.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
      zlib.once('end', () => controller.close());
      zlib.once('error', (e) => controller.error(e));
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            zlib.write(value);
            await new Promise<void>((resolve) => zlib.flush(() => resolve()));
          }
          zlib.end();
        } catch (e) {
          zlib.destroy(e as Error);
        }
      })();
    },
    cancel(reason) {
      zlib.destroy();
      return reader.cancel(reason);
    },
  });
}

/** Adds Accept-Encoding to a Vary header value (the representation depends on it). */
export function varyOnEncoding(vary: string | undefined): string {
  if (!vary) return 'Accept-Encoding';
  return vary
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .some((v) => v === 'accept-encoding' || v === '*')
    ? vary
    : `${vary}, Accept-Encoding`;
}

/**
 * An answer the MCP SDK built, compressed for the request it answers: a JSON body whole (exact
 * Content-Length), an SSE stream event by event.
 */
export async function compressResponse(request: Request, response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || !isCompressible(type) || response.headers.has('content-encoding')) return response;
  const coding = negotiateEncoding(request.headers.get('accept-encoding') ?? undefined);
  const headers = new Headers(response.headers);
  const init = { status: response.status, statusText: response.statusText, headers };
  if (type.toLowerCase().startsWith('text/event-stream')) {
    headers.set('vary', varyOnEncoding(headers.get('vary') ?? undefined));
    if (!coding) return new Response(response.body, init);
    headers.delete('content-length');
    headers.set('content-encoding', coding);
    return new Response(compressStream(response.body, coding), init);
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length >= MIN_COMPRESSED_BYTES)
    headers.set('vary', varyOnEncoding(headers.get('vary') ?? undefined));
  const packed = coding && bytes.length >= MIN_COMPRESSED_BYTES ? await compressBody(bytes, coding) : null;
  if (packed) headers.set('content-encoding', coding!);
  headers.set('content-length', String((packed ?? bytes).length));
  return new Response(packed ?? bytes, init);
}
