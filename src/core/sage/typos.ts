import { distance } from 'fastest-levenshtein';
import { isStopWord, stem, words } from './text.js';
import { normalize } from './tokens.js';

/**
 * Edits a typo may need: one for words of 5 to 8 letters, two from 9. Shorter words are left alone:
 * too many of them are other real words one edit away.
 */
const maxEdits = (word: string): number => (word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0);

/** What the corrector reads of an entry. */
export interface NamedText {
  title: string;
  tags: readonly string[];
  chunks: readonly { title: string; heading: string; keywords: string; body: string }[];
}

/**
 * A typo corrector for questions, from the knowledge base itself. Every word the base uses is
 * known and kept. Other words are corrected towards the words the base names things with (titles and
 * tags), since that is what people misspell when they ask ("sagitarius", "projecter"); a word of
 * five letters only towards a one-word name ("tarus" -> Taurus); a word whose stem is four letters or
 * fewer not at all, being more likely another real word than a typo ("leaking" is not "leading").
 */
export function typoCorrector(entries: Iterable<NamedText>): (word: string) => string {
  const known = new Set<string>();
  const targets = new Map<string, number>();
  const oneWordNames = new Set<string>();
  for (const e of entries) {
    for (const c of e.chunks)
      for (const w of words(normalize(`${c.title} ${c.heading} ${c.keywords} ${c.body}`))) known.add(w);
    for (const w of words(normalize(`${e.title} ${e.tags.join(' ')}`)))
      if (w.length >= 4 && !/\d/.test(w)) targets.set(w, (targets.get(w) ?? 0) + 1);
    const head = words(normalize(e.title.split(' — ')[0]!.replace(/\([^)]*\)/g, ' ')));
    if (head.length === 1) oneWordNames.add(head[0]!);
  }
  // Typos rarely hit the first letter; keeping it also keeps "bread" from becoming "break".
  const byInitial = new Map<string, [string, number][]>();
  for (const [w, count] of targets) byInitial.set(w[0]!, [...(byInitial.get(w[0]!) ?? []), [w, count]]);
  const corrected = new Map<string, string>();
  return (word) => {
    if (known.has(word) || isStopWord(word)) return word;
    const cached = corrected.get(word);
    if (cached !== undefined) return cached;
    const limit = stem(word).length <= 4 ? 0 : maxEdits(word);
    let best = word;
    let bestEdits = limit + 1;
    let bestRank = 0;
    for (const [w, count] of byInitial.get(word[0]!) ?? []) {
      if (Math.abs(w.length - word.length) > limit) continue;
      const name = oneWordNames.has(w);
      if (word.length === 5 && !name) continue;
      const d = distance(word, w);
      // Between equally close words, an entry's own name wins ("projecter" -> Projector, not
      // "projected"), then the more frequent.
      const rank = (name ? 1_000_000 : 0) + count;
      if (d < bestEdits || (d === bestEdits && rank > bestRank)) [best, bestEdits, bestRank] = [w, d, rank];
    }
    const result = bestEdits <= limit ? best : word;
    corrected.set(word, result);
    return result;
  };
}
