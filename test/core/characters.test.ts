/**
 * characterCount against an independent implementation of Unicode UAX #29 (extended grapheme
 * clusters): ICU's, through Intl.Segmenter. The count skips the segmenter for text whose code units
 * are all below U+0300 without CR LF; these tests check that assumption on texts where every pair of
 * such units stands side by side (test/sweep/characters.test.ts segments each of the 589,824 pairs
 * alone) and the counts for random text mixing them with combining marks, emoji, flags and CR LF.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { characterCount } from '../../src/core/characters.js';

const icu = new Intl.Segmenter('en', { granularity: 'grapheme' });
const clusters = (text: string) => [...icu.segment(text)].length;

describe('characterCount', () => {
  it('counts what a person counts', () => {
    expect(characterCount('São Paulo')).toBe(9);
    expect(characterCount('Sa\u0303o Paulo')).toBe(9); // ã as a plus a combining tilde
    expect(characterCount('🏙️🌍💥')).toBe(3);
    expect(characterCount('🇨🇦 Montréal')).toBe(10);
    expect(characterCount('a\r\nb')).toBe(3);
    expect(characterCount('東京都')).toBe(3);
  });

  it('a text holding every pair of code units below U+0300 next to each other counts its length, less one per CR LF', () => {
    // One text per unit a, "a b a b' a b'' ..." over every b from a up, puts every pair (a, b) and
    // (b, a) side by side in one of them.
    // These units have no context-dependent break rule (no regional indicators, no ZWJ), so a text
    // breaks wherever its pairs break; test/sweep/characters.test.ts segments each pair on its own.
    const wrong: string[] = [];
    for (let a = 0; a < 0x300; a++) {
      let text = '';
      for (let b = a; b < 0x300; b++) text += String.fromCharCode(a, b);
      const expected = text.length - (text.match(/\r\n/g)?.length ?? 0);
      if (clusters(text) !== expected) wrong.push(`U+${a.toString(16).padStart(4, '0')}`);
    }
    expect(wrong).toEqual([]);
    expect(clusters('\r\n')).toBe(1);
  });

  const pieces = fc.constantFrom(
    'a',
    'Z',
    ' ',
    ',',
    '\r',
    '\n',
    '\t',
    '\u00ad', // soft hyphen (a control: its own character)
    'é',
    'ß',
    '\u02ff',
    '\u0301', // combining acute: joins the character before it
    '\u0300',
    '👍🏽',
    '\u200d',
    '👩‍💻',
    '🇯🇵',
    '한',
    '\u1100\u1161', // Hangul jamo L V: one character
    '京',
  );
  const texts = fc.array(pieces, { maxLength: 24 }).map((p) => p.join(''));

  it('equals the ICU count, and stops at stopAt, for random text', () => {
    fc.assert(
      fc.property(texts, fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }), (text, stopAt) => {
        const count = clusters(text);
        const expected = stopAt === undefined || count < stopAt ? count : stopAt;
        expect(characterCount(text, stopAt)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('a text below U+0300 counts its length, and stops at stopAt', () => {
    expect(characterCount('Montreal, QC')).toBe(12);
    expect(characterCount('Montreal, QC', 5)).toBe(5);
    expect(characterCount('x'.repeat(10_000), 201)).toBe(201);
    // CR LF at the bound: one character, so the count below it stands.
    expect(characterCount('ab\r\n', 3)).toBe(3);
    expect(characterCount('ab\r\n')).toBe(3);
  });
});
