/**
 * Lengths in user-visible characters (extended grapheme clusters, Unicode UAX #29): what a person
 * counts. "🏙️🌍💥" is 3 characters (7 UTF-16 code units, 4 code points); "é" written as e plus an
 * accent is 1. Every length limit the service states is counted this way.
 */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Below U+0300 (the first combining mark) every code unit is a character of its own, but CR LF. */
const FIRST_JOINING_UNIT = 0x300;
const CR = 0x0d;
const LF = 0x0a;

/**
 * Whether the first `units` code units of `text` are `units` characters. Under UAX #29, no code unit
 * below U+0300 extends or joins its neighbour except CR before LF: no Extend, SpacingMark, Prepend,
 * ZWJ, Regional Indicator or Hangul jamo lies there. So such a text needs no segmenter (which costs
 * microseconds a call, several times a request) and counts its length.
 */
function oneUnitPerCharacter(text: string, units: number): boolean {
  for (let i = 0; i < units; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= FIRST_JOINING_UNIT || (unit === CR && text.charCodeAt(i + 1) === LF)) return false;
  }
  return true;
}

/**
 * The number of characters in `text`, counting no further than `stopAt` (a limit check needs to know
 * only whether a bound is passed, so a long text costs no more than the bound).
 */
export function characterCount(text: string, stopAt = Number.POSITIVE_INFINITY): number {
  // Each character is at least one code unit: a short text needs no segmenting past its length.
  if (text.length <= 1) return text.length;
  // Most text (a place name, a question in a Latin script) segments trivially: see below.
  const scan = Math.min(text.length, Math.max(1, stopAt));
  if (oneUnitPerCharacter(text, scan)) return scan;
  let n = 0;
  for (const _ of segmenter.segment(text)) {
    if (++n >= stopAt) return n;
  }
  return n;
}
