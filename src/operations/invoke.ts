import type * as z from 'zod';
import { AppError, CancelledError } from '../core/errors.js';
import { usageMonth } from '../store/index.js';
import { type AnswerLimit, type MeasuredAnswer, refuseByEstimate, refuseBySize } from './answer-limit.js';
import { canonicalJson, type ResultCache } from './cache.js';
import { inComputeTurn } from './compute-turn.js';
import type { Grant } from './access.js';
import type { AnyOperation, Caller, Deps, RunContext, RunFeedback } from './types.js';

export interface InvokeResult {
  /**
   * The answer as JSON text, serialized once: REST sends it inside its envelope, MCP as
   * `content[0].text`, and the result cache keeps it (text costs the garbage collector nothing to
   * trace, where thousands of cached chart objects cost a tenth of a busy server's time).
   */
  json: string;
  /** The answer as an object (parsed from `json` on a cache hit, and only when asked for). */
  data(): unknown;
  cache: 'HIT' | 'MISS' | null;
  warnings: string[];
  /** Units charged for this call (0 on a cache hit or for unmetered operations). */
  charged: number;
  /** A picture operation's answer (`produces`): the SVG as UTF-8 or the PNG; `json` is then empty. */
  bytes: Buffer | null;
}

export interface InvokeOptions {
  /** The surface's cap on an answer's size (MCP); none on REST. */
  answerLimit?: AnswerLimit;
  /** Abort signal and progress channel for the run (MCP). */
  feedback?: RunFeedback;
}

/**
 * The one execution path of every operation, for MCP and REST alike, for a caller the surface has
 * authorized (`grant`): the operation's own input checks, answer-size cap, cache, allowance, run,
 * durable metering. `input` has already been parsed by the operation's own schema.
 */
export async function invokeOperation(
  grant: Grant,
  input: z.infer<AnyOperation['input']>,
  deps: Deps,
  cache: ResultCache,
  options: InvokeOptions = {},
): Promise<InvokeResult> {
  const { op, caller } = grant;
  op.check?.(input);
  const { answerLimit } = options;
  refuseByEstimate(op, input, answerLimit);
  // Per key: one tenant's hit must never reveal (or let it skip paying for) what another asked.
  const key = op.cacheable
    ? `${caller?.id ?? '-'}:${op.name}:${canonicalJson(answerInput(op, input))}`
    : null;
  if (key) {
    const hit = cache.get(key) as CachedAnswer | undefined;
    if (hit) {
      refuseBySize(op, input, hit, answerLimit);
      let parsed: unknown;
      const data = () => (parsed ??= JSON.parse(hit.json));
      return { json: hit.json, data, warnings: hit.warnings, cache: 'HIT', charged: 0, bytes: hit.bytes };
    }
  }

  const meter = op.meter;
  const limit = meter && caller ? caller.limits[meter] : null;
  const now = deps.now();
  if (meter && caller && limit !== null) {
    // Advisory: the commit below enforces the allowance exactly; this spares the run when it is used up.
    const used = (await deps.store.usage.peek(caller.id, usageMonth(now)))[meter];
    if (used >= limit) throw quotaExceeded(meter, limit);
  }

  const { json, data, warnings, units, bytes } = await execute(op, input, caller, deps, options.feedback);
  // A caller who gave up is not charged, even when the run finished before it noticed.
  if (options.feedback?.signal?.aborted) throw new CancelledError();
  const answer: CachedAnswer = { json, warnings, bytes };
  // Before charging and caching: a refused answer is not paid for, and a cache hit implies it was.
  if (!bytes) refuseBySize(op, input, answer, answerLimit);
  if (meter && caller && units > 0) {
    const total = await deps.store.usage.add(caller.id, meter, units, limit, now);
    if (total === null) throw quotaExceeded(meter, limit ?? 0);
  }
  if (key) cache.set(key, answer, bytes?.length ?? 0);
  return { json, data, warnings, cache: key ? 'MISS' : null, charged: units, bytes };
}

/** The input without its presentational fields: what the answer depends on. */
function answerInput(op: AnyOperation, input: Record<string, unknown>): Record<string, unknown> {
  if (!op.presentational?.length) return input;
  const out = { ...input };
  for (const field of op.presentational) delete out[field];
  return out;
}

interface Execution {
  json: string;
  data(): unknown;
  warnings: string[];
  units: number;
  bytes: Buffer | null;
}

/** Runs the operation in-process, or in the worker pool when it is heavy and a pool is there. */
async function execute(
  op: AnyOperation,
  input: z.infer<AnyOperation['input']>,
  caller: Caller,
  deps: Deps,
  feedback?: RunFeedback,
): Promise<Execution> {
  if (op.heavy && deps.pool) {
    const r = await deps.pool.run(op.name, input);
    if (r.base64 !== undefined) {
      const bytes = Buffer.from(r.base64, 'base64');
      return { json: '', data: () => undefined, warnings: r.warnings, units: r.units, bytes };
    }
    const json = withWarnings(r.json, r.warnings);
    let parsed: unknown;
    return {
      json,
      data: () => (parsed ??= JSON.parse(json)),
      warnings: r.warnings,
      units: r.units,
      bytes: null,
    };
  }
  const ctx: RunContext = { caller, warnings: [], ...(feedback ? { feedback } : {}) };
  const { warnings } = ctx;
  const result: unknown = await inComputeTurn(() => op.run(input, deps, ctx));
  const units = op.meter && op.cost && !ctx.notCharged ? op.cost(input, result) : 0;
  if (op.produces) {
    // A picture: its bytes are the answer; warnings travel in a header (REST) instead.
    const bytes = Buffer.isBuffer(result) ? result : Buffer.from(String(result), 'utf8');
    return { json: '', data: () => undefined, warnings, units, bytes };
  }
  // Warnings travel inside the answer, where a model reads them (see schemas/warnings.ts).
  const data = warnings.length ? { ...(result as object), warnings } : result;
  return { json: JSON.stringify(data), data: () => data, warnings, units, bytes: null };
}

/** `{...answer, warnings}` on an answer that is already JSON text (an object). */
function withWarnings(json: string, warnings: string[]): string {
  if (!warnings.length) return json;
  const list = `"warnings":${JSON.stringify(warnings)}`;
  return json === '{}' ? `{${list}}` : `${json.slice(0, -1)},${list}}`;
}

interface CachedAnswer extends MeasuredAnswer {
  warnings: string[];
  bytes: Buffer | null;
}

function quotaExceeded(meter: string, limit: number): AppError {
  return new AppError(
    'quota_exceeded',
    `Monthly ${meter} allowance of ${limit} units is used up for this key; it resets on the first day of next month (UTC).`,
  );
}
