import { AnswerJson } from './answer-json.js';
import type { AnswerLimit, MeasuredAnswer } from './answer-limit.js';

/**
 * An answer as the result cache keeps it: its JSON as UTF-8 bytes outside the JavaScript heap.
 * Kept as a string, every cached answer (about 6 KB for a chart) was copied twice by the young
 * generation's collector and then grew the old one: with distinct births (every answer new and
 * cached) that was half of all bytes promoted, and one process answered 15% fewer charts than with
 * the cache off. As bytes, the collector moves only this small object; a hit hands the bytes back
 * (REST splices them as they are; MCP decodes the text, microseconds for the answers it takes).
 */
export class CachedAnswer implements MeasuredAnswer {
  framed?: Map<AnswerLimit, number>;
  private readonly text: Buffer;

  constructor(
    json: AnswerJson,
    readonly warnings: string[],
    /** A picture's SVG or PNG (already bytes), or null. */
    readonly bytes: Buffer | null,
    framed?: Map<AnswerLimit, number>,
  ) {
    this.text = ownBytes(json);
    this.framed = framed;
  }

  get json(): AnswerJson {
    return AnswerJson.fromBytes(this.text);
  }

  /** The bytes this answer holds: its text and its picture. */
  get size(): number {
    return this.text.length + (this.bytes?.length ?? 0);
  }
}

/**
 * The JSON's bytes in memory of their own. Bytes that came that way (a worker's answer: a view of
 * the message it came in, a few dozen bytes more) are kept as they are: copying a year of transits
 * cost the event loop 2 ms. Anything else is copied into a buffer of its exact size: not
 * Buffer.from, whose short texts share (and keep alive) an 8 KB pool slab.
 */
function ownBytes(json: AnswerJson): Buffer {
  const held = json.held;
  if (typeof held !== 'string' && held.buffer.byteLength - held.length <= held.length / 8) return held;
  const text = Buffer.allocUnsafeSlow(json.byteLength);
  if (typeof held === 'string') text.write(held);
  else held.copy(text);
  return text;
}
