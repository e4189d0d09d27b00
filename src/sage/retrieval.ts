import { KNOWLEDGE_DOMAINS, type KnowledgeDomain } from '../core/knowledge/index.js';
import { classifyDomain, type Embedder, reciprocalRankFusion, topicOf, words } from '../core/sage/index.js';
import type { SageIndex, StoredChunk } from '../store/index.js';

export interface Retrieval {
  domain: KnowledgeDomain;
  /** Best first, fused from the vector and the full-text ranking. */
  passages: StoredChunk[];
}

/** Candidates each ranking contributes to the fusion. */
const CANDIDATES = 30;
/** Fused results that vote for the domain of a question that names none. */
const VOTERS = 8;

/** Words that carry no topic, kept out of the full-text query (PostgreSQL drops English stop words too). */
const QUESTION_WORDS = new Set([
  'what',
  'whats',
  'how',
  'why',
  'does',
  'mean',
  'means',
  'is',
  'are',
  'my',
  'a',
]);

/**
 * Hybrid retrieval: the question's topic ranked by vector distance (when the store has vectors) and
 * by full-text match, fused by reciprocal rank, within the domain the question names or, when it
 * names none, the domain whose passages rank best.
 */
export async function retrieve(index: SageIndex, embedder: Embedder, question: string): Promise<Retrieval> {
  const topic = topicOf(question);
  const vector = index.hasVectors ? embedder.embed(topic) : null;
  const textTerms = words(topic).filter((w) => !QUESTION_WORDS.has(w));
  const search = async (domain: KnowledgeDomain | null) => {
    const [byVector, byText] = await Promise.all([
      vector ? index.searchVector(vector, domain, CANDIDATES) : Promise.resolve([]),
      index.searchText(textTerms, domain, CANDIDATES),
    ]);
    return reciprocalRankFusion([byVector, byText], (c) => c.id).map((f) => f.item);
  };
  let domain = classifyDomain(question).domain;
  if (domain === null) {
    const votes: Record<string, number> = {};
    const fused = await search(null);
    fused.slice(0, VOTERS).forEach((c, i) => (votes[c.domain] = (votes[c.domain] ?? 0) + 1 / (i + 1)));
    domain = KNOWLEDGE_DOMAINS.reduce((best, d) => ((votes[d] ?? 0) > (votes[best] ?? 0) ? d : best), 'hd');
  }
  return { domain, passages: await search(domain) };
}
