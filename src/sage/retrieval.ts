import type { KnowledgeDomain } from '../core/knowledge/index.js';
import {
  type AbstainEvidence,
  type Catalog,
  type CatalogEntry,
  classifyDomain,
  domainPrior,
  type Embedder,
  type IndexedChunk,
  type NameMatch,
  namedSystems,
  shouldAbstain,
  tokenize,
  topicOf,
  withoutAskingChannel,
} from '../core/sage/index.js';
import type { SageIndex, StoredChunk } from '../store/index.js';

export interface Retrieval {
  /** The system the answer comes from: the best entry's (the named or closest one when abstaining). */
  domain: KnowledgeDomain;
  /** Entry ids, best first. */
  entries: string[];
  /** The passages to answer from: each ranked entry's introduction, then its sections that matched. */
  passages: IndexedChunk[];
  /** Entries the question names ("4/1", "Mars in the 7th"), best first. */
  named: string[];
  /** Systems the question names outright. */
  systems: KnowledgeDomain[];
  /** When the question names two systems: the best entry of the system the best entry is not from. */
  alsoFrom: string | null;
  /** The question's tokens, typos corrected, without the words that only name a system. */
  tokens: string[];
  evidence: AbstainEvidence;
  /** True when the knowledge base does not cover the question (SAGE says so instead of answering). */
  abstain: boolean;
  /** The question names a system and nothing else ("hd"). */
  onlySystem: boolean;
  /** Whether sibling entries share a sentence word for word (the composer leaves those out). */
  isShared(sentence: string): boolean;
}

/**
 * How the three rankings are fused (chosen on the calibration set, see scripts/calibrate-sage.ts):
 * each list adds weight / (k + rank) for each entry it ranks, then the entry's system is favoured by
 * `prior` times how strongly the question points at it, and the share of the question's weight the
 * entry holds adds `coverage` times that share.
 */
export interface RankingSettings {
  k: number;
  named: number;
  text: number;
  vector: number;
  prior: number;
  coverage: number;
}

export const RANKING: RankingSettings = { k: 5, named: 3, text: 1, vector: 0.5, prior: 0.3, coverage: 0.2 };

/** Chunks each search contributes. */
const CANDIDATES = 40;
/** Entries whose passages are kept, and passages in all. */
const ENTRIES_KEPT = 6;
const PASSAGES_KEPT = 10;
/** Passages of the best entry, and of each other one. */
const PER_TOP_ENTRY = 4;
const PER_ENTRY = 2;

/** Entry ids of a chunk ranking, in order of first appearance. */
const entryOrder = (chunks: readonly StoredChunk[]): string[] => [...new Set(chunks.map((c) => c.entryId))];

/**
 * A question lighter than this share of an unknown word's weight ("你好", "ok") cannot be fully
 * covered: it says too little to answer (2 on the bundled base).
 */
const MIN_QUESTION_SHARE = 0.3;

/** The share of the question's weight an entry holds. */
function coverage(catalog: Catalog, entry: CatalogEntry, tokens: ReadonlySet<string>): number {
  let held = 0;
  let total = 0;
  for (const t of tokens) {
    const w = catalog.weight(t);
    total += w;
    if (entry.tokens.has(t)) held += w;
  }
  return held / Math.max(total, MIN_QUESTION_SHARE * catalog.unknownWeight);
}

/** The share of the question's weight that the knowledge base holds anywhere. */
function knownShare(catalog: Catalog, tokens: ReadonlySet<string>): number {
  let known = 0;
  let total = 0;
  for (const t of tokens) {
    const w = catalog.weight(t);
    total += w;
    if (catalog.knows(t)) known += w;
  }
  return known / Math.max(total, MIN_QUESTION_SHARE * catalog.unknownWeight);
}

/** What the searches found for a question, before ranking (see `gather` and `rank`). */
export interface Candidates {
  question: string;
  topic: string;
  tokens: string[];
  systems: KnowledgeDomain[];
  named: NameMatch[];
  byText: StoredChunk[];
  byVector: StoredChunk[];
}

/**
 * The searches for a question: its tokens (typos corrected, system names and the channel it was asked
 * through left out), the entries it names, and the best chunks by full text and by vector, all across
 * the three systems.
 */
export async function gather(
  index: SageIndex,
  embedder: Embedder,
  catalog: Catalog,
  question: string,
): Promise<Candidates> {
  const topic = withoutAskingChannel(topicOf(question), catalog.knows);
  const tokens = tokenize(topic, { correct: catalog.correct });
  const base = { question, topic, tokens, systems: namedSystems(question) };
  if (tokens.length === 0) return { ...base, named: [], byText: [], byVector: [] };
  const [byText, byVector] = await Promise.all([
    index.searchText(tokens, CANDIDATES),
    index.hasVectors
      ? embedder.embed([topic]).then(([v]) => index.searchVector(v!, CANDIDATES))
      : Promise.resolve([]),
  ]);
  const named = catalog.lexicon.match(new Set(tokens)).filter((n) => catalog.entries.has(n.id));
  return { ...base, named, byText, byVector };
}

/**
 * The three rankings fused by weighted reciprocal rank per entry, with a soft preference for the
 * system the question points at and for entries that hold more of the question; the answer's
 * system is the best entry's. Also decides whether the knowledge base covers the question at all.
 */
export function rank(catalog: Catalog, found: Candidates, settings: RankingSettings = RANKING): Retrieval {
  const { question, tokens, systems, named, byText, byVector } = found;
  const tokenSet = new Set(tokens);
  const empty: Retrieval = {
    domain: systems[0] ?? classifyDomain(question).domain ?? 'hd',
    entries: [],
    passages: [],
    named: [],
    systems,
    alsoFrom: null,
    tokens,
    evidence: { coverage: 0, known: 0, named: 0, telling: 0 },
    abstain: true,
    onlySystem: tokenSet.size === 0,
    isShared: catalog.isShared,
  };
  const lists: [string[], number][] = [
    [named.map((n) => n.id), settings.named],
    [entryOrder(byText), settings.text],
    [entryOrder(byVector), settings.vector],
  ];
  const prior = domainPrior(question);
  const scores = new Map<string, number>();
  for (const [ids, weight] of lists) {
    ids.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + weight / (settings.k + i + 1)));
  }
  const covered = new Map<string, number>();
  for (const [id, score] of scores) {
    const entry = catalog.entries.get(id);
    if (!entry) {
      scores.delete(id); // loaded after the catalog was built; the next question sees it
      continue;
    }
    const share = coverage(catalog, entry, tokenSet);
    covered.set(id, share);
    const domain = entry.domain as KnowledgeDomain;
    scores.set(id, score * (1 + settings.prior * prior[domain]) + settings.coverage * share);
  }
  const entries = [...scores].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  const top = entries[0];
  if (top === undefined) return empty;

  const topDomain = catalog.entries.get(top)!.domain;
  const alsoFrom =
    systems.length > 1
      ? (entries.find((id) => {
          const d = catalog.entries.get(id)!.domain;
          return d !== topDomain && systems.includes(d as KnowledgeDomain);
        }) ?? null)
      : null;
  const kept = entries.slice(0, ENTRIES_KEPT);
  if (alsoFrom && !kept.includes(alsoFrom)) kept.splice(1, 0, alsoFrom);
  // Naming a system counts: the question is meant for SAGE even when its other words are everyday ones.
  const { scores: telling } = classifyDomain(question);
  const evidence: AbstainEvidence = {
    coverage: covered.get(top) ?? 0,
    known: knownShare(catalog, tokenSet),
    named: (named[0]?.score ?? 0) / catalog.unknownWeight,
    telling: Math.max(telling.hd, telling.astrology, telling.bazi),
  };
  return {
    domain: topDomain as KnowledgeDomain,
    entries,
    passages: passagesOf(catalog, kept, [...byText, ...byVector]),
    named: relatedNames(named, top),
    systems,
    alsoFrom,
    tokens,
    evidence,
    abstain: shouldAbstain(evidence),
    onlySystem: false,
    isShared: catalog.isShared,
  };
}

/**
 * The named entries an answer may show beside the best one: not an entry named only by words of the
 * best one's own name ("goat" in "goat blade star" names the Goat branch too), unless it is one of
 * the parts the best one is made of (Mars and the Seventh House of Mars in the 7th House, the Rat and
 * the Horse of the Rat-Horse clash) or the article that explains its field.
 */
function relatedNames(named: readonly NameMatch[], top: string): string[] {
  const topName = new Set(named.find((n) => n.id === top)?.tokens ?? []);
  const topParts = new Set(top.split(/[:-]/));
  return named
    .filter((n) => {
      if (n.id === top || n.id.startsWith('article:') || !n.tokens.every((t) => topName.has(t))) return true;
      return topParts.has(n.id.split(':').at(-1)!);
    })
    .map((n) => n.id);
}

/** Hybrid retrieval: `gather` then `rank`. */
export async function retrieve(
  index: SageIndex,
  embedder: Embedder,
  catalog: Catalog,
  question: string,
): Promise<Retrieval> {
  return rank(catalog, await gather(index, embedder, catalog, question));
}

/**
 * The passages of the ranked entries: each entry's introduction (what it is), then its sections the
 * searches found, in the order they were found (text matches before vector ones).
 */
function passagesOf(
  catalog: Catalog,
  entries: readonly string[],
  found: readonly StoredChunk[],
): IndexedChunk[] {
  const out: IndexedChunk[] = [];
  entries.forEach((id, rank) => {
    const entry = catalog.entries.get(id)!;
    const intro = entry.chunks[0]!;
    const sections = found
      .filter((c) => c.entryId === id && c.id !== intro.id)
      .map((c) => catalog.chunks.get(c.id))
      .filter((c): c is IndexedChunk => c !== undefined);
    const own = [...new Map([intro, ...sections].map((c) => [c.id, c])).values()];
    out.push(...own.slice(0, rank === 0 ? PER_TOP_ENTRY : PER_ENTRY));
  });
  return out.slice(0, PASSAGES_KEPT);
}
