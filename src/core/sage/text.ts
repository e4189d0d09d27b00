/**
 * Words of a question or a passage, shared by the embedder, the domain classifier and the extractive
 * answer so that all three see the same terms.
 */

/** Function words that say nothing about the topic of a question. */
const STOP_WORDS = new Set(
  (
    'a about above after again all also am an and any are as at be because been before being below between ' +
    'both but by can could did do does doing down during each few for from further had has have having he ' +
    'her here hers him his how i if in into is it its itself just me mean means meaning more most my no nor ' +
    'not of off on once only or other our out over own same she should so some such than that the their ' +
    'them then there these they this those through to too under until up very was we were what when where ' +
    'which while who whom why will with would you your yours tell explain describe someone something ' +
    'person people thing things get got one ones'
  ).split(' '),
);

/** Lower-case runs of letters and digits (Unicode aware, so 庚 and é survive). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * A light suffix stripper (plural, -ing, -ed, -ly): enough for "profiles" to meet "profile" and
 * "defined" to meet "define" without a language model. Short words are left alone.
 */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  for (const [suffix, keep] of [
    ['ies', 'y'],
    ['ing', ''],
    ['ed', ''],
    ['ly', ''],
    ['es', ''],
    ['s', ''],
  ] as const) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      if (suffix === 's' && word.endsWith('ss')) return word;
      if (suffix === 'es' && !/(ch|sh|x|ss|z)es$/.test(word)) continue;
      return word.slice(0, -suffix.length) + keep;
    }
  }
  return word;
}

/** The topic terms of a text: words minus stop words, stemmed. */
export function terms(text: string): string[] {
  return words(text)
    .filter((w) => !STOP_WORDS.has(w))
    .map(stem);
}
