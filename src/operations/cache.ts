/** Bytes the cache may hold in binary answers (PNGs, about 100 KB each at 800 px) by default. */
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Bounded least-recently-used result cache, per process. Chart results are pure functions of their
 * canonical input, so a hit can be answered without work and without charge. Entries are bounded in
 * number and, for the binary ones (pictures), in bytes: a few thousand PNGs would otherwise fill
 * the heap.
 */
export class ResultCache {
  private readonly entries = new Map<string, { value: unknown; bytes: number }>();
  private bytes = 0;

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

  /** `bytes`: the size of a binary value, counted against the byte bound. */
  set(key: string, value: unknown, bytes = 0): void {
    if (this.capacity <= 0 || bytes > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    while (this.entries.size > this.capacity || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.bytes -= e.bytes;
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
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
