/**
 * Trigram index over the match keys, for typo-tolerant search.
 *
 * Keys are padded with one space on each side ("paris" -> " paris ") and cut into trigrams. Each
 * character maps to one of 38 symbols (space, a-z, 0-9, anything else), so a trigram is an integer
 * below 38^3 and the index is two typed arrays built by counting sort: no per-trigram or per-key
 * objects, which keeps the build to well under 100 ms for ~340k keys.
 */

const SYMBOLS = 38;
export const TRIGRAM_SPACE = SYMBOLS * SYMBOLS * SYMBOLS;
/** Keys longer than this are indexed by their first trigrams only. */
const MAX_INDEXED_TRIGRAMS = 128;

export interface TrigramIndex {
  /** Keys containing trigram t: keyIds[start[t]..start[t+1]). */
  readonly start: Uint32Array;
  readonly keyIds: Uint32Array;
}

function symbol(code: number): number {
  if (code === 32) return 0;
  if (code >= 97 && code <= 122) return code - 96; // a-z -> 1..26
  if (code >= 48 && code <= 57) return code - 21; // 0-9 -> 27..36
  return 37;
}

/**
 * Writes the distinct trigram codes of the padded key into `out` (in order of first occurrence)
 * and returns how many there are.
 */
function fillTrigrams(key: string, out: Int32Array): number {
  let n = 0;
  let a = 0; // leading pad
  let b = symbol(key.charCodeAt(0));
  const last = Math.min(key.length, MAX_INDEXED_TRIGRAMS);
  for (let i = 1; i <= last; i++) {
    const c = i < key.length ? symbol(key.charCodeAt(i)) : 0;
    const t = (a * SYMBOLS + b) * SYMBOLS + c;
    let seen = false;
    for (let j = 0; j < n; j++) {
      if (out[j] === t) {
        seen = true;
        break;
      }
    }
    if (!seen) out[n++] = t;
    a = b;
    b = c;
  }
  return n;
}

/** Distinct trigram codes of a key (padded), in order of first occurrence. */
export function trigramsOf(key: string): number[] {
  if (key === '') return [];
  const buf = new Int32Array(MAX_INDEXED_TRIGRAMS);
  return Array.from(buf.subarray(0, fillTrigrams(key, buf)));
}

export function buildTrigramIndex(keys: readonly string[]): TrigramIndex {
  // Pass 1 extracts every key's trigrams once into one flat buffer; pass 2 only scatters them.
  let capacity = 0;
  for (const key of keys) capacity += Math.min(key.length, MAX_INDEXED_TRIGRAMS);
  const codes = new Int32Array(capacity);
  const perKey = new Uint8Array(keys.length);
  const start = new Uint32Array(TRIGRAM_SPACE + 1);
  let used = 0;
  for (let k = 0; k < keys.length; k++) {
    const n = fillTrigrams(keys[k]!, codes.subarray(used));
    perKey[k] = n;
    for (let j = used; j < used + n; j++) start[codes[j]! + 1]!++;
    used += n;
  }
  for (let t = 0; t < TRIGRAM_SPACE; t++) start[t + 1]! += start[t]!;
  const fill = start.slice(0, TRIGRAM_SPACE);
  const keyIds = new Uint32Array(used);
  let at = 0;
  for (let k = 0; k < keys.length; k++) {
    for (const end = at + perKey[k]!; at < end; at++) keyIds[fill[codes[at]!]!++] = k;
  }
  return { start, keyIds };
}
