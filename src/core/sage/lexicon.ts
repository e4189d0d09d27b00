import { tokenize } from './tokens.js';

/**
 * The names of the knowledge entries, for the named-entry ranking: a question that names something
 * ("4/1", "gate 34", "Mars in the 7th", "seven killings", "七杀") is mapped to the entries of that
 * name. A name is a set of tokens that must all be in the question, taken from the entry's id
 * (`profile:4-1` -> `profile:4-1`; `planet-in-house:mars:7` -> mars + `house:7`), its title (the
 * part before " — ", the Chinese in brackets, a short name after the dash) and its tags, which are
 * where editors put the other names users type (`mg`, `qi sha`, `rat horse clash`).
 */

export interface NamedEntry {
  id: string;
  title: string;
  tags: readonly string[];
}

/** Kinds whose id value is already the tokenizer's identifier token (`gate:41`, `profile:4-1`). */
const IDENTIFIER_KINDS = new Set(['gate', 'channel', 'profile', 'line', 'house']);

/** Words of an id segment: `seven-killings` -> "seven killings". */
const spoken = (segment: string): string => segment.replace(/-/g, ' ');

/** The kind of an id: `bazi:clash:zi-wu` -> `clash`, `gate:41` -> `gate`. */
const kindOf = (id: string): string => {
  const parts = id.split(':');
  return (parts[0] === 'bazi' || parts[0] === 'article' ? parts[1] : parts[0]) ?? '';
};

/** The names an id gives its entry. */
function idNames(id: string): string[][] {
  const parts = id.split(':');
  const [kind = ''] = parts;
  if (IDENTIFIER_KINDS.has(kind) && parts.length === 2) return [[id]];
  if (kind === 'planet-in-sign' && parts.length === 3)
    return [[...tokenize(parts[1]!), ...tokenize(parts[2]!)]];
  if (kind === 'planet-in-house' && parts.length === 3)
    return [[...tokenize(parts[1]!), `house:${parts[2]}`]];
  // bazi:clash:zi-wu -> "zi wu clash"; bazi:stem:geng -> "geng"; article:hd:open-centers -> "open centers"
  const rest = kind === 'bazi' || kind === 'article' ? parts.slice(1) : parts;
  const [what = '', ...values] = rest;
  const value = tokenize(spoken(values[values.length - 1] ?? ''));
  if (!value.length || what === 'article' || kind === 'article') return value.length ? [value] : [];
  const withKind = [...value, ...tokenize(spoken(what))];
  // A one- or two-letter value ("g") is only a name beside its kind ("G center").
  if (NEEDS_KIND.has(what) || (value.length === 1 && value[0]!.length <= 2)) return [withKind];
  return [value, withKind];
}

/**
 * The names a title gives its entry: "Zi (子) — Rat, Yang Water" -> zi, 子. `kindNeeded` (a relation
 * between branches) keeps the part after the dash ("Rat and Horse") from naming it alone.
 */
function titleNames(title: string, kindNeeded: boolean): string[][] {
  const [head = '', ...tail] = title.split(' — ');
  const names: string[][] = [];
  const bracketed = [...head.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]!);
  names.push(tokenize(head.replace(/\([^)]*\)/g, ' ')));
  for (const b of bracketed) names.push(tokenize(b));
  // A short name after the dash ("Gate 41 — Contraction"), not a description ("Rat, Yang Water").
  const after = tail.join(' — ');
  if (after && !kindNeeded && !/[,;]/.test(after) && after.split(/\s+/).length <= 4)
    names.push(tokenize(after));
  return names;
}

/** The words an identifier token already says ("gate", "7" beside `gate:7`). */
const SPELLED = new Set(['gate', 'channel', 'profil', 'line', 'hous', 'house']);

/** A name without what its identifier tokens already say: "Channel 20-34" -> `channel:20-34`. */
const essential = (name: readonly string[]): string[] =>
  name.some((t) => t.includes(':')) ? name.filter((t) => !SPELLED.has(t) && !/^\d+$/.test(t)) : [...name];

/** Kinds named by their value only beside the kind: "water" alone is not the water frame. */
const NEEDS_KIND = new Set([
  'clash',
  'harmony',
  'three-harmony',
  'directional',
  'punishment',
  'harm',
  'stem-combination',
  'stem-clash',
]);

/** How much an article's id and tags count as its name (see buildLexicon). */
const ARTICLE_NAME_FACTOR = 0.75;

/** An entry a question names, by its heaviest name found whole in the question. */
export interface NameMatch {
  id: string;
  score: number;
  /** The tokens of that name. */
  tokens: readonly string[];
}

export interface Lexicon {
  /**
   * Entries named in a question's tokens, best first: the score of an entry is the weight of its
   * heaviest name found whole in the question (the sum of its tokens' weights), so "Mars in the 7th"
   * names Mars in the 7th House above Mars and the Seventh House.
   */
  match(tokens: ReadonlySet<string>): NameMatch[];
}

/**
 * Builds the lexicon. `weight` is a token's weight (its rarity across the entries); names lighter
 * than `minWeight` are dropped, so a common word ("chart", "type") names nothing on its own.
 */
export function buildLexicon(
  entries: readonly NamedEntry[],
  weight: (token: string) => number,
  minWeight: number,
): Lexicon {
  const names: { id: string; tokens: string[]; score: number }[] = [];
  for (const e of entries) {
    const seen = new Set<string>();
    // An article covers a field ("planets", "open centers") and its tags list the many topics it
    // touches: each names it less than an entry is named by its own name.
    const factor = e.id.startsWith('article:') ? ARTICLE_NAME_FACTOR : 1;
    const candidates: [string[], number][] = [
      ...idNames(e.id).map((n): [string[], number] => [n, factor]),
      ...titleNames(e.title, NEEDS_KIND.has(kindOf(e.id))).map((n): [string[], number] => [n, 1]),
      ...e.tags.map((t): [string[], number] => [tokenize(t), factor]),
    ];
    for (const [raw, factor] of candidates) {
      const tokens = [...new Set(essential(raw))];
      const key = [...tokens].sort().join(' ');
      if (!tokens.length || seen.has(key)) continue;
      seen.add(key);
      // An identifier (gate:41, profile:4-1) names one entry however often others mention it.
      const score =
        factor *
        tokens.reduce((s, t) => s + (t.includes(':') ? Math.max(weight(t), minWeight) : weight(t)), 0);
      if (score >= minWeight) names.push({ id: e.id, tokens, score });
    }
  }
  // Index by token so a question only checks the names that share a token with it.
  const byToken = new Map<string, number[]>();
  names.forEach((n, i) => {
    for (const t of n.tokens) byToken.set(t, [...(byToken.get(t) ?? []), i]);
  });
  return {
    match(tokens) {
      const best = new Map<string, NameMatch>();
      const tried = new Set<number>();
      for (const t of tokens) {
        for (const i of byToken.get(t) ?? []) {
          if (tried.has(i)) continue;
          tried.add(i);
          const n = names[i]!;
          if (n.tokens.every((x) => tokens.has(x)) && n.score > (best.get(n.id)?.score ?? 0))
            best.set(n.id, { id: n.id, score: n.score, tokens: n.tokens });
        }
      }
      return [...best.values()].sort((a, b) => b.score - a.score);
    },
  };
}
