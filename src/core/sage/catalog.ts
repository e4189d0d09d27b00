import { buildLexicon, type Lexicon } from './lexicon.js';
import { sentences } from './sentences.js';
import { normalize, tokenize } from './tokens.js';
import { typoCorrector } from './typos.js';

/**
 * What SAGE keeps in memory about the indexed knowledge, rebuilt whenever the index changes: the
 * entries with their chunks and tokens, how many entries hold each token (for rarity weights), the
 * lexicon of entry names, the vocabulary typos are corrected against, and the sentences that sibling
 * entries share (which an answer leaves out: they say nothing about the entry asked for).
 */

/** A stored chunk as the catalog reads it (the store's row). */
export interface IndexedChunk {
  id: number;
  entryId: string;
  domain: string;
  title: string;
  heading: string;
  body: string;
  ordinal: number;
  /** The entry's tags, joined by ", ". */
  keywords: string;
}

export interface CatalogEntry {
  id: string;
  domain: string;
  title: string;
  tags: string[];
  /** In order, the introduction first. */
  chunks: IndexedChunk[];
  /** Every token of the entry: title, tags, headings and text. */
  tokens: Set<string>;
}

export interface Catalog {
  readonly entries: ReadonlyMap<string, CatalogEntry>;
  readonly chunks: ReadonlyMap<number, IndexedChunk>;
  /** How telling a token is: ln(1 + N / (1 + entries holding it)); unknown tokens weigh most. */
  weight(token: string): number;
  /** The weight of a token no entry holds, the most a token weighs. */
  readonly unknownWeight: number;
  /** Whether any entry holds the token. */
  knows(token: string): boolean;
  readonly lexicon: Lexicon;
  /** A word the base does not use, replaced by the closest one it names things with, or kept. */
  correct(word: string): string;
  /** Whether a sentence appears, word for word, in more than one entry. */
  isShared(sentence: string): boolean;
}

/**
 * Names weigh at least this share of an unknown word's weight (a rare word, or two common ones) to
 * count as naming an entry: 2.2 on the bundled base of some 700 entries.
 */
const MIN_NAME_SHARE = 0.33;

const HAN = /^\p{Script=Han}+$/u;
const HAN_WEIGHT = 0.5;

/** The sentence as compared for sharing: lower case, single spaces. */
const sentenceKey = (s: string): string => normalize(s).replace(/\s+/g, ' ').trim();

export function buildCatalog(rows: readonly IndexedChunk[]): Catalog {
  const entries = new Map<string, CatalogEntry>();
  const chunks = new Map<number, IndexedChunk>();
  for (const c of [...rows].sort((a, b) => a.id - b.id)) {
    chunks.set(c.id, c);
    let e = entries.get(c.entryId);
    if (!e) {
      const tags = c.keywords ? c.keywords.split(', ').filter(Boolean) : [];
      e = {
        id: c.entryId,
        domain: c.domain,
        title: c.title,
        tags,
        chunks: [],
        tokens: new Set(),
      };
      entries.set(c.entryId, e);
    }
    e.chunks.push(c);
    for (const t of tokenize(`${c.title} ${c.heading} ${c.keywords} ${c.body}`)) e.tokens.add(t);
  }
  for (const e of entries.values()) e.chunks.sort((a, b) => a.ordinal - b.ordinal);

  const df = new Map<string, number>();
  for (const e of entries.values()) for (const t of e.tokens) df.set(t, (df.get(t) ?? 0) + 1);
  const n = entries.size;
  // A Chinese character on its own says little (it spells the term or the pinyin beside it); a known
  // Chinese term weighs as much as a word.
  const weight = (token: string): number =>
    HAN.test(token) && (token.length < 2 || !df.has(token))
      ? HAN_WEIGHT
      : Math.log(1 + n / (1 + (df.get(token) ?? 0)));

  const correct = typoCorrector(entries.values());

  const sentenceOwners = new Map<string, Set<string>>();
  for (const c of chunks.values()) {
    for (const s of sentences(c.body)) {
      const key = sentenceKey(s);
      sentenceOwners.set(key, (sentenceOwners.get(key) ?? new Set()).add(c.entryId));
    }
  }

  const unknownWeight = Math.log(1 + n);
  const lexicon = buildLexicon([...entries.values()], weight, MIN_NAME_SHARE * unknownWeight);
  return {
    entries,
    chunks,
    weight,
    unknownWeight,
    knows: (token) => df.has(token),
    lexicon,
    correct,
    isShared: (sentence) => (sentenceOwners.get(sentenceKey(sentence))?.size ?? 0) > 1,
  };
}
