import Anthropic from '@anthropic-ai/sdk';
import { AppError } from '../core/errors.js';
import { KNOWLEDGE_DOMAINS, type KnowledgeDomain } from '../core/knowledge/index.js';
import {
  classifyDomain,
  type Embedder,
  extractiveAnswer,
  type Passage,
  reciprocalRankFusion,
  SAGE_SYSTEM_PROMPT,
  sageUserMessage,
  topicOf,
  words,
} from '../core/sage/index.js';
import type { KnowledgeIndex, StoredChunk } from '../store/index.js';

/** Claude settings (see config.ts); null answers without a model. */
export interface SageModel {
  apiKey: string;
  model: string;
  baseURL: string | undefined;
  timeoutMs: number;
}

export interface SageAnswer {
  answer: string;
  domain: KnowledgeDomain;
}

export interface Retrieval {
  domain: KnowledgeDomain;
  /** Best first, fused from the vector and the full-text ranking. */
  passages: StoredChunk[];
}

/** Candidates each ranking contributes to the fusion. */
const CANDIDATES = 30;
/** Passages given to the model or the extractive composer. */
const PASSAGES = 6;
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

const unavailable = (cause: unknown): AppError =>
  new AppError('knowledge_unavailable', 'Knowledge service unavailable', { cause });

/**
 * SAGE: hybrid retrieval over the knowledge chunks in the store, then an answer from Claude when a
 * key is configured, or a grounded extractive answer without one. `loading` is the start-up load;
 * questions wait for it, and a failed load or an unreachable store is 503 `knowledge_unavailable`.
 */
export class Sage {
  private readonly client: Anthropic | null;

  constructor(
    private readonly index: KnowledgeIndex,
    private readonly embedder: Embedder,
    private readonly model: SageModel | null,
    private loading: Promise<unknown> = Promise.resolve(),
  ) {
    this.client = model
      ? new Anthropic({
          apiKey: model.apiKey,
          ...(model.baseURL ? { baseURL: model.baseURL } : {}),
          // One retry, as the contract says; each attempt is bounded by the timeout.
          maxRetries: 1,
          timeout: model.timeoutMs,
        })
      : null;
  }

  /** Replaces the load the answers wait for (the server starts one in the background). */
  waitFor(loading: Promise<unknown>): void {
    this.loading = loading;
  }

  async retrieve(question: string): Promise<Retrieval> {
    try {
      await this.loading;
    } catch (e) {
      throw unavailable(e);
    }
    const topic = topicOf(question);
    const vector = this.index.hasVectors ? this.embedder.embed(topic) : null;
    const textTerms = words(topic).filter((w) => !QUESTION_WORDS.has(w));
    const search = async (domain: KnowledgeDomain | null) => {
      const [byVector, byText] = await Promise.all([
        vector ? this.index.searchVector(vector, domain, CANDIDATES) : Promise.resolve([]),
        this.index.searchText(textTerms, domain, CANDIDATES),
      ]);
      return reciprocalRankFusion([byVector, byText], (c) => c.id).map((f) => f.item);
    };
    try {
      let domain = classifyDomain(question).domain;
      if (domain === null) {
        // No system named and no telling word: the domain whose passages rank best wins.
        const votes: Record<string, number> = {};
        const fused = await search(null);
        fused.slice(0, VOTERS).forEach((c, i) => (votes[c.domain] = (votes[c.domain] ?? 0) + 1 / (i + 1)));
        domain = KNOWLEDGE_DOMAINS.reduce(
          (best, d) => ((votes[d] ?? 0) > (votes[best] ?? 0) ? d : best),
          'hd',
        );
      }
      return { domain, passages: await search(domain) };
    } catch (e) {
      throw unavailable(e);
    }
  }

  async answer(question: string): Promise<SageAnswer> {
    const { domain, passages } = await this.retrieve(question);
    const top: Passage[] = passages.slice(0, PASSAGES);
    if (!this.client || !this.model || top.length === 0) {
      return { answer: extractiveAnswer(topicOf(question), top), domain };
    }
    let text: string;
    try {
      const message = await this.client.messages.create({
        model: this.model.model,
        max_tokens: 1024,
        system: SAGE_SYSTEM_PROMPT,
        messages: [{ role: 'user', content: sageUserMessage(question, top) }],
      });
      text = message.content
        .filter((b) => b.type === 'text')
        .map((b) => (b as { text: string }).text)
        .join('')
        .trim();
    } catch (cause) {
      throw new AppError('ai_service_error', 'AI service error', { cause });
    }
    if (!text) throw new AppError('ai_service_error', 'AI service error');
    return { answer: text, domain };
  }
}
