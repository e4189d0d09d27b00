/**
 * An answer's JSON text, held in the form it was made in: a string (an operation run in this
 * process) or UTF-8 bytes (a worker's answer, a cached answer). Each surface asks for the form it
 * writes, and the other form is made at most once, only when asked for: REST splices the bytes into
 * its envelope, MCP reads the text. A year of hourly transits is 8 MB of JSON: decoded to a string
 * on the heap only to be encoded back into the REST envelope, it cost the event loop about 8 ms and
 * one major collection per two years served (docs/decisions.md).
 */
export class AnswerJson {
  private constructor(
    private string: string | undefined,
    private buffer: Buffer | undefined,
  ) {}

  static fromText(text: string): AnswerJson {
    return new AnswerJson(text, undefined);
  }

  static fromBytes(bytes: Buffer): AnswerJson {
    return new AnswerJson(undefined, bytes);
  }

  /** The JSON as a string (decoded once from the bytes when it came as bytes). */
  get text(): string {
    return (this.string ??= this.buffer!.toString());
  }

  /** The JSON as UTF-8 bytes (encoded once from the text when it came as text). */
  get bytes(): Buffer {
    return (this.buffer ??= Buffer.from(this.string!));
  }

  /** Whichever form is at hand, bytes first: for a writer that takes either without converting. */
  get held(): string | Buffer {
    return this.buffer ?? this.string!;
  }

  /** Its length in UTF-8 bytes, without encoding the text. */
  get byteLength(): number {
    return this.buffer ? this.buffer.length : Buffer.byteLength(this.string!);
  }
}
