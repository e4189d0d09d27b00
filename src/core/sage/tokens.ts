import { chineseTokens } from './chinese.js';
import { isStopWord, stem } from './text.js';

/**
 * SAGE's one tokenizer. Questions, the stored full-text column, the embedder, the named-entry
 * lexicon and the answer composer all read text through it, so a question and a passage that say
 * the same thing yield the same tokens whichever database stores them (PostgreSQL's own parser
 * would store `6/2` as one token and `20-34` as `20` and `-34`).
 *
 * Besides stemmed words it keeps the identifiers people ask about, as tokens of their own:
 * - profiles in order: `4/1`, `4-1`, "41 profile" -> `profile:4-1` (never `profile:1-4`);
 * - channels either way round: `20-34`, `34/20`, "channel 20 34" -> `channel:20-34`;
 * - gates and lines: "gate 41", "41.3" -> `gate:41` (and `line:3`), "4th line" -> `line:4`;
 * - houses: "7th house", "seventh house", "house 7", and a bare "7th" beside a planet ("Mars in
 *   the 7th") -> `house:7`;
 * - Chinese: each character, known terms (庚金, 七杀) and the English or pinyin they stand for;
 * - pinyin with tone marks or tone numbers (gēng, geng1) as plain pinyin (geng);
 * - a clock time (23:00, 11:30) -> `time:clock`, so "born at 11:30 pm" meets the Zi hour's 23:00.
 */

/** Stored with the index: a change of the tokenizer's output must change it, so the base is indexed again. */
export const TOKENIZER_VERSION = 'sage-tokens-v2';

export interface TokenizeOptions {
  /** Replaces a word that is not in the knowledge base's vocabulary (typo tolerance), or keeps it. */
  correct?: (word: string) => string;
}

const ORDINAL_WORDS: Readonly<Record<string, number>> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
};

const CARDINAL_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

/** Words that say a bare ordinal is a house ("Mars in the 7th"). */
const HOUSE_CONTEXT = new Set(
  'house houses sun moon mercury venus mars jupiter saturn uranus neptune pluto chiron node lilith'.split(
    ' ',
  ),
);

/** Spelling variants read as one word. */
const VARIANTS: Readonly<Record<string, string>> = {
  centre: 'center',
  centres: 'centers',
  favourable: 'favorable',
  unfavourable: 'unfavorable',
  colour: 'color',
  behaviour: 'behavior',
  travelling: 'traveling',
  defence: 'defense',
  // Human Design readers use the two alike for a center without definition
  undefined: 'open',
  sag: 'sagittarius',
  sadge: 'sagittarius',
  // the five elements in pinyin (geng jin = Geng metal)
  jin: 'metal',
  mu: 'wood',
  shui: 'water',
  huo: 'fire',
};

/** A pinyin syllable (tone number stripped by the caller), so `geng1` is read as `geng`. */
const PINYIN =
  /^(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?(?:iang|iong|uang|ueng|ang|eng|ing|ong|ian|iao|uai|uan|ai|ei|ao|ou|an|en|in|un|er|ia|ie|iu|ua|uo|ui|ue|a|o|e|i|u|v)$/;

/** What the scanner sees: number pairs (4/1, 20-34, 41.3), runs of Chinese characters, words. */
const SCAN =
  /(?<!\d)\d{1,2}:\d{2}(?::\d{2})?(?!\d)|(?<![\d\-/.])(\d{1,2})\s*([/\-–—.])\s*(\d{1,2})(?![\d/])|(\p{Script=Han}+)|([\p{L}\p{N}]+)/gu;

type Item =
  | { kind: 'clock' }
  | { kind: 'pair'; a: number; b: number; sep: string }
  | { kind: 'han'; text: string }
  | { kind: 'word'; text: string };

/** Lower case, compatibility forms folded (full-width ４／１ -> 4/1), accents and tone marks removed. */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/['’]/g, '');
}

function scan(text: string): Item[] {
  const items: Item[] = [];
  for (const m of normalize(text).matchAll(SCAN)) {
    // A clock time (23:30) is one thing, a time of day, not two numbers (nor the word "time").
    if (m[1] === undefined && m[4] === undefined && m[5] === undefined) items.push({ kind: 'clock' });
    else if (m[1] !== undefined) items.push({ kind: 'pair', a: Number(m[1]), b: Number(m[3]), sep: m[2]! });
    else if (m[4] !== undefined) items.push({ kind: 'han', text: m[4] });
    else items.push({ kind: 'word', text: m[5]! });
  }
  return items;
}

/** A number written as digits, an ordinal (7th, seventh) or, when `cardinal`, a number word. */
function numberOf(item: Item | undefined, cardinal: boolean): number | null {
  if (item?.kind !== 'word') return null;
  const w = item.text;
  if (/^\d{1,2}$/.test(w)) return Number(w);
  const ordinal = /^(\d{1,2})(?:st|nd|rd|th)$/.exec(w);
  if (ordinal) return Number(ordinal[1]);
  return ORDINAL_WORDS[w] ?? (cardinal ? (CARDINAL_WORDS[w] ?? null) : null);
}

const isOrdinal = (item: Item | undefined): boolean =>
  item?.kind === 'word' && (/^\d{1,2}(?:st|nd|rd|th)$/.test(item.text) || item.text in ORDINAL_WORDS);

const wordIs = (item: Item | undefined, ...words: string[]): boolean =>
  item?.kind === 'word' && words.includes(item.text);

/** The identifiers the items around position `i` spell (see the module comment). */
function identifiers(items: readonly Item[], i: number, houseContext: boolean): string[] {
  const item = items[i]!;
  const out: string[] = [];
  if (item.kind === 'pair') {
    const { a, b, sep } = item;
    const nearProfile = wordIs(items[i + 1], 'profile', 'profiles') || wordIs(items[i - 1], 'profile');
    if (sep === '.' && !nearProfile) {
      if (a >= 1 && a <= 64) out.push(`gate:${a}`);
      if (b >= 1 && b <= 6) out.push(`line:${b}`);
    } else if (a >= 1 && a <= 6 && b >= 1 && b <= 6 && a !== b) out.push(`profile:${a}-${b}`);
    else if (a >= 1 && a <= 64 && b >= 1 && b <= 64 && a !== b)
      out.push(`channel:${Math.min(a, b)}-${Math.max(a, b)}`);
    return out;
  }
  if (item.kind !== 'word') return out;
  const w = item.text;
  // "profile 41" / "41 profile": two digits that are a profile
  if (
    /^[1-6][1-6]$/.test(w) &&
    w[0] !== w[1] &&
    (wordIs(items[i + 1], 'profile') || wordIs(items[i - 1], 'profile'))
  )
    out.push(`profile:${w[0]}-${w[1]}`);
  const next = items[i + 1]?.kind === 'word' && items[i + 1];
  // "channel 20 34", "the channel between 59 and 6": the two gate numbers among the next words
  if (wordIs(item, 'channel', 'channels')) {
    const gates = items
      .slice(i + 1, i + 5)
      .map((it) => (it.kind === 'word' && /^\d{1,2}$/.test(it.text) ? Number(it.text) : null))
      .filter((n): n is number => n !== null && n >= 1 && n <= 64);
    if (gates.length >= 2 && gates[0] !== gates[1])
      out.push(`channel:${Math.min(gates[0]!, gates[1]!)}-${Math.max(gates[0]!, gates[1]!)}`);
    return out;
  }
  // kind word followed by a number: "gate 41", "house 7", "line 3"
  if (wordIs(item, 'gate', 'gates', 'house', 'line')) {
    const skip = wordIs(items[i + 1], 'number', 'no') ? 1 : 0;
    const n = numberOf(items[i + 1 + skip], true);
    const kind = w.replace(/s$/, '');
    const range = kind === 'gate' ? 64 : kind === 'house' ? 12 : 6;
    if (n !== null && n >= 1 && n <= range) out.push(`${kind}:${n}`);
    return out;
  }
  // an ordinal before its kind ("7th house", "fourth line"), or a bare ordinal beside a planet
  if (isOrdinal(item)) {
    const n = numberOf(item, false)!;
    if (wordIs(next || undefined, 'house', 'houses') && n <= 12) out.push(`house:${n}`);
    else if (wordIs(next || undefined, 'line', 'lines') && n <= 6) out.push(`line:${n}`);
    else if (wordIs(next || undefined, 'gate', 'gates') && n <= 64) out.push(`gate:${n}`);
    else if (houseContext && n <= 12 && (!next || wordIs(next, 'and', 'or', 'in', 'of', 'house', 'houses')))
      out.push(`house:${n}`);
  }
  return out;
}

/**
 * Words already read, with their tokens: a text repeats its words, and the knowledge base's 843
 * chunks use far fewer distinct ones than words in all, so each is stemmed once. Cleared
 * when full, so questions with endless new words cannot grow it.
 */
const wordCache = new Map<string, readonly string[]>();
const WORD_CACHE_LIMIT = 50_000;

/** One word's tokens: the word stemmed (unless a stop word) and the number an ordinal stands for. */
function wordTokens(word: string): readonly string[] {
  let tokens = wordCache.get(word);
  if (tokens === undefined) {
    if (wordCache.size >= WORD_CACHE_LIMIT) wordCache.clear();
    tokens = readTokens(word);
    wordCache.set(word, tokens);
  }
  return tokens;
}

function readTokens(word: string): string[] {
  if (isStopWord(word)) return [];
  const out: string[] = [];
  const ordinal = /^(\d{1,2})(?:st|nd|rd|th)$/.exec(word);
  if (ordinal) return [ordinal[1]!];
  if (/^\d+$/.test(word)) return [String(Number(word))];
  out.push(stem(VARIANTS[word] ?? word));
  const n = ORDINAL_WORDS[word];
  if (n !== undefined) out.push(String(n));
  return out;
}

/** A word as read: a typo corrected when the caller knows the vocabulary, tone numbers dropped. */
function readWord(word: string, options: TokenizeOptions): string {
  const tone = /^([a-z]+)[1-5]$/.exec(word);
  if (tone && PINYIN.test(tone[1]!)) return tone[1]!;
  if (options.correct && /^[a-z]{4,}$/.test(word) && !isStopWord(word)) return options.correct(word);
  return word;
}

/** Words that start an identifier (see identifiers): any other word that is not a number spells none. */
const IDENTIFIER_WORDS = new Set([
  'channel',
  'channels',
  'gate',
  'gates',
  'house',
  'line',
  ...Object.keys(ORDINAL_WORDS),
]);

const mayIdentify = (item: Item): boolean =>
  item.kind === 'pair' ||
  (item.kind === 'word' && (/^\d/.test(item.text) || IDENTIFIER_WORDS.has(item.text)));

/** The tokens of a text, in reading order (see the module comment). */
export function tokenize(text: string, options: TokenizeOptions = {}): string[] {
  const items = scan(text);
  let houseContext = false;
  for (const item of items) {
    if (item.kind !== 'word') continue;
    item.text = readWord(item.text, options);
    houseContext ||= HOUSE_CONTEXT.has(item.text);
  }
  const out: string[] = [];
  items.forEach((item, i) => {
    if (item.kind === 'word') for (const t of wordTokens(item.text)) out.push(t);
    else if (item.kind === 'clock') out.push('time:clock');
    else if (item.kind === 'pair') out.push(String(item.a), String(item.b));
    else {
      const { chars, terms, english } = chineseTokens(item.text);
      out.push(...chars, ...terms);
      for (const meaning of english) for (const w of meaning.split(' ')) out.push(...wordTokens(w));
    }
    if (mayIdentify(item)) out.push(...identifiers(items, i, houseContext));
  });
  return out;
}

/** The set of a text's tokens. */
export const tokenSet = (text: string, options?: TokenizeOptions): Set<string> =>
  new Set(tokenize(text, options));
