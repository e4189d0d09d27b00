import type * as z from 'zod';
import { AppError, CancelledError } from '../core/errors.js';
import { type MeterName, type Reservation, usageMonth } from '../store/index.js';
import { type AnswerLimit, type MeasuredAnswer, refuseByEstimate, refuseBySize } from './answer-limit.js';
import { AnswerJson } from './answer-json.js';
import { CachedAnswer } from './cached-answer.js';
import { canonicalJson, type ResultCache } from './cache.js';
import { inComputeTurn } from './compute-turn.js';
import { type Grant, meteredKey } from './access.js';
import type { AnyOperation, Caller, Deps, RunContext, RunFeedback } from './types.js';

export interface InvokeResult {
  /**
   * The answer's JSON, serialized once, as text or bytes (answer-json.ts): REST sends its bytes
   * inside its envelope, MCP its text as `content[0].text`, and the result cache keeps its bytes
   * (see cached-answer.ts).
   */
  json: AnswerJson;
  /** The answer as an object (parsed from `json` on a cache hit, and only when asked for). */
  data(): unknown;
  cache: 'HIT' | 'MISS' | null;
  warnings: string[];
  /** Units charged for this call (0 on a cache hit or for unmetered operations). */
  charged: number;
  /** A picture operation's answer (`produces`): the SVG as UTF-8 or the PNG; `json` is then empty. */
  bytes: Buffer | null;
  /** What `prepare` readied, when it was given and a run was charged: write it at once. */
  deliver?: () => void;
  /**
   * With `reportsDelivery` and a charged run: the report the surface's write must make (the charge
   * is a reservation until then).
   */
  report?: DeliveryReport;
}

/** What the write of a readied answer reports, in this order. */
export interface DeliveryReport {
  /** The bytes are about to be handed to the socket (called just before the write). */
  writing(): void;
  /** Whether the last byte was handed to the socket (true), or never will be (false). */
  sent(delivered: boolean): void;
}

/** Writes a readied answer, reporting its delivery. */
export type Delivery = (report: DeliveryReport) => void;

export interface InvokeOptions {
  /** The surface's cap on an answer's size (MCP); none on REST. */
  answerLimit?: AnswerLimit;
  /**
   * Aborts when the answer can no longer be delivered (the shutdown's grace period ended, or the
   * client left): the run is no longer waited for and nothing is charged or cached; the abort's
   * reason is thrown for the surface to answer (a 503) or drop (a client gone).
   */
  signal?: AbortSignal;
  /** Cancellation and a progress channel for the run itself (MCP). */
  feedback?: RunFeedback;
  /**
   * Readies the bytes to send before the charge (REST: the envelope, compressed) and returns their
   * write, which reports the delivery: the charge is then a reservation, settled by that report
   * (an answer that never reached the socket is given back; see UsageStore.reserve). Called for a
   * run that is about to be committed.
   */
  prepare?: (answer: InvokeResult) => Promise<Delivery>;
  /**
   * The surface writes the answer itself and reports its delivery through `InvokeResult.report`
   * (the MCP direct path): the charge is a reservation, as with `prepare`.
   */
  reportsDelivery?: boolean;
}

/** The run, unless `signal` aborts first (its reason is thrown; the run goes on, unwaited). */
function unlessAborted<T>(run: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return run;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    run.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e as Error);
      },
    );
  });
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
  if (op.complete) input = op.complete(input, deps);
  op.check?.(input);
  const { answerLimit } = options;
  refuseByEstimate(op, input, answerLimit);
  // Per key: one tenant's hit must never reveal (or let it skip paying for) what another asked.
  const key = op.cacheable ? resultKey(caller, op.name, answerInput(op, input)) : null;
  if (key) {
    const hit = cache.get(key) as CachedAnswer | undefined;
    deps.metrics?.cache(hit !== undefined);
    if (hit) {
      refuseBySize(op, input, hit, answerLimit);
      const json = hit.json;
      let parsed: unknown;
      const data = () => (parsed ??= JSON.parse(json.text));
      return { json, data, warnings: hit.warnings, cache: 'HIT', charged: 0, bytes: hit.bytes };
    }
  }

  // A picture of a chart this caller has paid for (still in the cache) costs nothing more.
  const paid = drawsPaidAnswer(op, input, caller, cache);
  const meter = paid ? undefined : op.meter;
  // The local owner (stdio) holds no key: nothing to limit or count.
  const account = meteredKey(caller);
  const limit = meter && account ? account.limits[meter] : null;
  const now = deps.now();
  if (meter && account && limit !== null) {
    // Advisory: the commit below enforces the allowance exactly; this spares the run when it is used up.
    const used = (await deps.store.usage.peek(account.id, usageMonth(now)))[meter];
    if (used >= limit) throw quotaExceeded({ meter, limit, used, needed: null, now });
  }

  const { signal, feedback } = options;
  // A run without feedback of its own (REST) still stops when its answer can no longer be delivered:
  // SAGE aborts its model request (and its retry) when the client leaves, not at the model's timeout.
  const { json, data, warnings, units, bytes } = await unlessAborted(
    execute(op, input, caller, deps, feedback ?? (signal ? { signal } : undefined)),
    signal,
  );
  // A caller who gave up is not charged, even when the run finished before it noticed.
  if (feedback?.signal?.aborted) throw new CancelledError();
  const answer: MeasuredAnswer = { json };
  // Before charging and caching: a refused answer is not paid for, and a cache hit implies it was.
  if (!bytes) refuseBySize(op, input, answer, answerLimit);
  const result: InvokeResult = paid
    ? { json, data, warnings, cache: 'HIT', charged: 0, bytes }
    : { json, data, warnings, cache: key ? 'MISS' : null, charged: account ? units : 0, bytes };
  // The bytes are readied first (compression takes a while); a client gone meanwhile pays nothing.
  const write = options.prepare ? await options.prepare(result) : undefined;
  // Past this point the answer is written: the commit below is short and the answer follows it.
  if (signal?.aborted) throw signal.reason as Error;
  let reservation: Reservation | undefined;
  if (meter && account && units > 0) {
    const usage = deps.store.usage;
    // With a write to report its delivery, the charge is held until that report.
    const charged =
      write || options.reportsDelivery
        ? await usage.reserve(account.id, meter, units, limit, now)
        : await usage.add(account.id, meter, units, limit, now);
    if (charged === null) {
      const used = (await usage.peek(account.id, usageMonth(now)))[meter];
      throw quotaExceeded({ meter, limit: limit ?? 0, used, needed: units, now });
    }
    if (typeof charged === 'object') reservation = charged;
  }
  if (key) {
    const cached = new CachedAnswer(json, warnings, bytes, answer.framed);
    cache.set(key, cached, cached.size);
  }
  if (!reservation) return write ? { ...result, deliver: () => write(UNCHARGED) } : result;
  const held = reservation;
  const report: DeliveryReport = {
    writing: () => held.writing(),
    sent: (delivered) => {
      held.settle(delivered);
      // An answer given back is not paid for, so the cache must not hand it out free either.
      if (!delivered && key) cache.delete(key);
    },
  };
  return write ? { ...result, deliver: () => write(report) } : { ...result, report };
}

/** The delivery of an answer that charged nothing: nothing to report. */
export const UNCHARGED: DeliveryReport = { writing: () => {}, sent: () => {} };

/** The result cache's key of an answer: per caller, operation and canonical input. */
const resultKey = (caller: Caller, operation: string, input: Record<string, unknown>): string =>
  `${caller?.id ?? '-'}:${operation}:${canonicalJson(input)}`;

/** Whether `op` draws an answer the same caller already has in the result cache (and so paid for). */
function drawsPaidAnswer(
  op: AnyOperation,
  input: Record<string, unknown>,
  caller: Caller,
  cache: ResultCache,
): boolean {
  if (!op.draws || !caller) return false;
  const { operation } = op.draws;
  return op.draws
    .inputs(input)
    .some((chartInput) => cache.get(resultKey(caller, operation, chartInput)) !== undefined);
}

/** The input without its presentational fields: what the answer depends on. */
function answerInput(op: AnyOperation, input: Record<string, unknown>): Record<string, unknown> {
  if (!op.presentational?.length) return input;
  const out = { ...input };
  for (const field of op.presentational) delete out[field];
  return out;
}

interface Execution {
  json: AnswerJson;
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
    if (r.picture)
      return { json: NO_JSON, data: () => undefined, warnings: r.warnings, units: r.units, bytes: r.bytes };
    // The worker's bytes stay bytes (its warnings are in them): REST and the cache never decode them.
    const json = AnswerJson.fromBytes(r.bytes);
    let parsed: unknown;
    return {
      json,
      data: () => (parsed ??= JSON.parse(json.text)),
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
    return { json: NO_JSON, data: () => undefined, warnings, units, bytes };
  }
  // Warnings travel inside the answer, where a model reads them (see schemas/warnings.ts).
  const data = warnings.length ? { ...(result as object), warnings } : result;
  return { json: AnswerJson.fromText(JSON.stringify(data)), data: () => data, warnings, units, bytes: null };
}

/** A picture's answer has no JSON. */
const NO_JSON = AnswerJson.fromText('');

const UNIT_NAMES: Record<MeterName, [string, string]> = {
  chart: ['chart request', 'chart requests'],
  sage: ['SAGE response', 'SAGE responses'],
};

/** The first instant of the next UTC month: when allowances start again. */
export function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/**
 * 429 `quota_exceeded` saying what the call needs (exactly, once it has run; "at least 1" when the
 * allowance is already spent before it runs), what remains, and when the allowance resets, with
 * `Retry-After` to that instant (the first of next month, UTC).
 */
function quotaExceeded(q: {
  meter: MeterName;
  limit: number;
  used: number;
  needed: number | null;
  now: Date;
}): AppError {
  const [one, many] = UNIT_NAMES[q.meter];
  const units = (n: number) => `${n} ${n === 1 ? one : many}`;
  const remaining = Math.max(0, q.limit - q.used);
  const resets = nextMonthStart(q.now);
  const needs = q.needed === null ? `at least ${units(1)}` : units(q.needed);
  const left =
    remaining === 0 ? 'none remains' : `${units(remaining)} ${remaining === 1 ? 'remains' : 'remain'}`;
  const message =
    `This call needs ${needs} but ${left} of this key's monthly allowance of ${units(q.limit)}; ` +
    `the allowance resets at ${resets.toISOString().replace('.000', '')} (the first of next month, UTC).`;
  return new AppError('quota_exceeded', message, {
    retryAfter: Math.max(1, Math.ceil((resets.getTime() - q.now.getTime()) / 1000)),
    details: [
      {
        field: `(allowance: ${q.meter})`,
        message: `needs ${needs}, ${remaining} of ${q.limit} remain`,
        meter: q.meter,
        needed: q.needed ?? 1,
        remaining,
        limit: q.limit,
        resetsAt: resets.toISOString(),
      },
    ],
  });
}
