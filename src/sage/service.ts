import Anthropic from '@anthropic-ai/sdk';
import { AppError, CancelledError } from '../core/errors.js';
import { type Metrics, NO_METRICS, secondsSince } from '../core/metrics.js';
import type { KnowledgeDomain } from '../core/knowledge/index.js';
import {
  abstentionAnswer,
  type Embedder,
  extractiveAnswer,
  SAGE_SYSTEM_PROMPT,
  sageUserMessage,
} from '../core/sage/index.js';
import type { SageIndex } from '../store/index.js';
import { CatalogCache } from './catalog.js';
import { type Retrieval, retrieve } from './retrieval.js';

/** Claude settings (see app/config.ts); null answers without a model. */
export interface SageModel {
  apiKey: string;
  model: string;
  baseURL: string | undefined;
  timeoutMs: number;
}

/** The answer as the contract returns it: exactly these two fields. */
export interface SageAnswer {
  answer: string;
  domain: KnowledgeDomain;
}

/** An answer and whether it answered anything (a "not covered" reply is not charged). */
export interface SageReply extends SageAnswer {
  covered: boolean;
}

/** How a caller follows an answer: a signal that aborts it, and progress messages (MCP). */
export interface AnswerFeedback {
  signal?: AbortSignal;
  progress?: (message: string) => void;
}

/** Passages given to the model. */
const MODEL_PASSAGES = 8;

/** When to retry a knowledge store that cannot answer (the database's own hint when it gave one). */
const KNOWLEDGE_RETRY_SECONDS = 5;

const unavailable = (cause: unknown): AppError =>
  new AppError('knowledge_unavailable', 'Knowledge service unavailable', {
    cause,
    retryAfter: (cause instanceof AppError ? cause.retryAfter : undefined) ?? KNOWLEDGE_RETRY_SECONDS,
  });

/**
 * SAGE: hybrid retrieval over the knowledge chunks in the store, then, when the knowledge base covers
 * the question, an answer from Claude when a key is configured or a grounded extractive answer
 * without one; when it does not, a short reply saying so and what SAGE covers, which is not charged.
 * `loading` is the start-up load; questions wait for it, and a failed load or an unreachable store is
 * 503 `knowledge_unavailable`.
 */
export class Sage {
  private readonly client: Anthropic | null;
  private readonly catalog: CatalogCache;

  constructor(
    private readonly index: SageIndex,
    private readonly embedder: Embedder,
    private readonly model: SageModel | null,
    private loading: Promise<unknown> = Promise.resolve(),
    private readonly metrics: Metrics = NO_METRICS,
  ) {
    this.catalog = new CatalogCache(index);
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

  /** Builds the catalog of the loaded knowledge now, so the first question does not wait for it. */
  async prepare(): Promise<void> {
    await this.loading;
    await this.catalog.current();
  }

  async retrieve(question: string): Promise<Retrieval> {
    try {
      await this.loading;
    } catch (e) {
      throw unavailable(e);
    }
    const start = performance.now();
    try {
      return await retrieve(this.index, this.embedder, await this.catalog.current(), question);
    } catch (e) {
      throw unavailable(e);
    } finally {
      this.metrics.sageRetrieval(secondsSince(start));
    }
  }

  /**
   * `feedback` (MCP): its signal aborts the model request at once (CancelledError), and progress
   * messages follow the retrieval and the model's answer as it streams in.
   */
  async answer(question: string, feedback: AnswerFeedback = {}): Promise<SageReply> {
    const r = await this.retrieve(question);
    if (feedback.signal?.aborted) throw new CancelledError();
    if (r.abstain || r.passages.length === 0) {
      return { answer: abstentionAnswer(r.systems, r.onlySystem), domain: r.domain, covered: false };
    }
    feedback.progress?.(`Found ${r.passages.length} passages in the ${r.domain} knowledge.`);
    if (!this.client || !this.model) return { answer: extractiveAnswer(r), domain: r.domain, covered: true };
    return { answer: await this.ask(question, r, feedback), domain: r.domain, covered: true };
  }

  /**
   * Claude's answer from the retrieved passages; any provider failure is 502 `AI service error`. With
   * a progress channel the answer is streamed, and each piece reported as it arrives.
   */
  private async ask(question: string, r: Retrieval, feedback: AnswerFeedback): Promise<string> {
    const { signal, progress } = feedback;
    const request = {
      model: this.model!.model,
      max_tokens: 1024,
      system: SAGE_SYSTEM_PROMPT,
      messages: [
        { role: 'user' as const, content: sageUserMessage(question, r.passages.slice(0, MODEL_PASSAGES)) },
      ],
    };
    let text: string;
    const start = performance.now();
    let ok = false;
    try {
      let message: Anthropic.Message;
      if (progress) {
        const stream = this.client!.messages.stream(request, signal ? { signal } : undefined);
        stream.on('text', (_delta, snapshot) =>
          progress(`Writing the answer: ${snapshot.length} characters.`),
        );
        message = await stream.finalMessage();
      } else {
        message = await this.client!.messages.create(request, signal ? { signal } : undefined);
      }
      text = message.content
        .filter((b) => b.type === 'text')
        .map((b) => (b as { text: string }).text)
        .join('')
        .trim();
      ok = true;
    } catch (cause) {
      if (signal?.aborted) throw new CancelledError();
      throw new AppError('ai_service_error', 'AI service error', { cause });
    } finally {
      this.metrics.sageProvider(ok, secondsSince(start));
    }
    if (!text) throw new AppError('ai_service_error', 'AI service error');
    return text;
  }
}
