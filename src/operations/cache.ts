/**
 * Bytes the cache may hold in answers by default: every answer's text and picture bytes and its key.
 * About 10,000 charts (6 KB each), 650 PNGs at 800 px, or eight years of hourly transits.
 */
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Bounded least-recently-used result cache, per process. Chart results are pure functions of their
 * canonical input, so a hit can be answered without work and without charge. Entries are bounded in
 * number and in the bytes they hold (answer text, pictures and keys alike): an entry count alone
 * let the cache grow with the size of the answers, from 30 MB of charts to gigabytes of transit
 * series, and the count of the text's bytes outside the JavaScript heap showed only in the
 * resident memory.
 */
export class ResultCache {
  private readonly entries = new Map<string, { value: unknown; bytes: number }>();
  private held = 0;

  constructor(
    private readonly capacity: number,
    private readonly maxBytes: number = DEFAULT_CACHE_BYTES,
  ) {}

  get(key: string): unknown {
    const e = this.entries.get(key);
    if (e === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  /** `bytes`: what the value holds (its text and picture bytes); the key's length is added here. */
  set(key: string, value: unknown, bytes: number): void {
    const size = bytes + key.length;
    if (this.capacity <= 0 || size > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, { value, bytes: size });
    this.held += size;
    while (this.entries.size > this.capacity || this.held > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.held -= e.bytes;
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes the entries hold, as counted against the bound. */
  get bytes(): number {
    return this.held;
  }
}

/** JSON with object keys sorted, so equal inputs give equal cache keys whatever the field order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`)
    .join(',')}}`;
}
