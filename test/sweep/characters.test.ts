/**
 * characterCount's fast path, pair by pair: it skips the segmenter for text whose code units are all
 * below U+0300 without CR LF, which holds only if ICU's UAX #29 segmenter (Intl.Segmenter) breaks
 * between every such pair. Each of the 589,824 pairs segmented on its own takes ICU some seconds, so
 * it lives in the slow tier; test/core/characters.test.ts checks the same pairs side by side in 768
 * texts, and the counts themselves.
 */
import { describe, expect, it } from 'vitest';

const icu = new Intl.Segmenter('en', { granularity: 'grapheme' });
const clusters = (text: string) => [...icu.segment(text)].length;

describe('characterCount fast path', () => {
  it('every pair of code units below U+0300 but CR LF is two characters (what the fast count assumes)', () => {
    let joined = 0;
    for (let a = 0; a < 0x300; a++)
      for (let b = 0; b < 0x300; b++)
        if (!(a === 0x0d && b === 0x0a) && clusters(String.fromCharCode(a, b)) !== 2) joined++;
    expect(joined).toBe(0);
    expect(clusters('\r\n')).toBe(1);
  });
});
