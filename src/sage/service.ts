import Anthropic from '@anthropic-ai/sdk';
import { AppError } from '../core/errors.js';
import { type Metrics, NO_METRICS, secondsSince } from '../core/metrics.js';
import type { KnowledgeDomain } from '../core/knowledge/index.js';
import {
  type Embedder,
  extractiveAnswer,
  type Passage,
  SAGE_SYSTEM_PROMPT,
  sageUserMessage,
  topicOf,
} from '../core/sage/index.js';
import type { SageIndex } from '../store/index.js';
import { type Retrieval, retrieve } from './retrieval.js';

/** Claude settings (see app/config.ts); null answers without a model. */
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

/** Passages given to the model or the extractive composer. */
const PASSAGES = 6;

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
    private readonly index: SageIndex,
    private readonly embedder: Embedder,
    private readonly model: SageModel | null,
    private loading: Promise<unknown> = Promise.resolve(),
    private readonly metrics: Metrics = NO_METRICS,
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
    const start = performance.now();
    try {
      return await retrieve(this.index, this.embedder, question);
    } catch (e) {
      throw unavailable(e);
    } finally {
      this.metrics.sageRetrieval(secondsSince(start));
    }
  }

  async answer(question: string): Promise<SageAnswer> {
    const { domain, passages } = await this.retrieve(question);
    const top: Passage[] = passages.slice(0, PASSAGES);
    if (!this.client || !this.model || top.length === 0) {
      return { answer: extractiveAnswer(topicOf(question), top), domain };
    }
    let text: string;
    const start = performance.now();
    let ok = false;
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
      ok = true;
    } catch (cause) {
      throw new AppError('ai_service_error', 'AI service error', { cause });
    } finally {
      this.metrics.sageProvider(ok, secondsSince(start));
    }
    if (!text) throw new AppError('ai_service_error', 'AI service error');
    return { answer: text, domain };
  }
}
