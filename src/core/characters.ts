/**
 * Lengths in user-visible characters (extended grapheme clusters, Unicode UAX #29): what a person
 * counts. "🏙️🌍💥" is 3 characters (7 UTF-16 code units, 4 code points); "é" written as e plus an
 * accent is 1. Every length limit the service states is counted this way.
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The number of characters in `text`, counting no further than `stopAt` (a limit check needs to know
 * only whether a bound is passed, so a long text costs no more than the bound).
 */
export function characterCount(text: string, stopAt = Number.POSITIVE_INFINITY): number {
  // Each character is at least one code unit: a short text needs no segmenting past its length.
  if (text.length <= 1) return text.length;
  let n = 0;
  for (const _ of segmenter.segment(text)) {
    if (++n >= stopAt) return n;
  }
  return n;
}
