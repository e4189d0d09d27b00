import { AppError } from '../core/errors.js';
import type { AnswerJson } from './answer-json.js';
import type { AnyOperation } from './types.js';

/**
 * A cap on the size of an answer on one surface (MCP: a result must fit a model's context). An
 * operation that declares `answerSize` is refused before it runs when its estimate does not fit;
 * every answer is measured after it runs as the backstop. A refused answer is neither charged nor
 * cached, and the refusal says how to narrow the request and where the whole answer can be had.
 */
export interface AnswerLimit {
  /** What the cap applies to, for messages, e.g. "an MCP tool result". */
  label: string;
  maxBytes: number;
  /** Bytes the surface sends for an answer with this JSON. */
  framedBytes(json: AnswerJson): number;
  /** Upper estimate of the framed bytes of an answer of `jsonBytes` bytes of JSON. */
  framedEstimate(jsonBytes: number): number;
}

/** The largest MCP tool result sent, in bytes: small enough for a model's context. */
export const MCP_RESULT_MAX_BYTES = 100_000;

/** `content[0].text`, `structuredContent` and `_meta` around the answer, with room to spare. */
const FRAME_BYTES = 400;
/**
 * The text copy escapes every quote: answers here are at most a quarter quotes (a chart is about 18%,
 * a series point about 15%), so the text copy is at most 1.25 times the JSON.
 */
const TEXT_COPY_FACTOR = 1.25;

/**
 * The cap of every MCP tool result: the answer travels twice (as JSON text in `content[0].text` and
 * as `structuredContent`), and the whole result stays within MCP_RESULT_MAX_BYTES.
 */
export const MCP_ANSWER_LIMIT: AnswerLimit = {
  label: 'an MCP tool result',
  maxBytes: MCP_RESULT_MAX_BYTES,
  framedBytes(json) {
    const bytes = json.byteLength;
    if (bytes > MCP_RESULT_MAX_BYTES) return 2 * bytes;
    return bytes + Buffer.byteLength(JSON.stringify(json.text)) + FRAME_BYTES;
  },
  framedEstimate: (jsonBytes) => Math.ceil(jsonBytes * (1 + TEXT_COPY_FACTOR)) + FRAME_BYTES,
};

/** JSON bytes of the largest answer that surely fits the limit. */
export function jsonBudget(limit: AnswerLimit): number {
  let lo = 0;
  let hi = limit.maxBytes;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (limit.framedEstimate(mid) <= limit.maxBytes) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** JSON bytes of the largest answer that surely fits one MCP tool result. */
export const MCP_JSON_BUDGET = jsonBudget(MCP_ANSWER_LIMIT);

const size = (bytes: number): string =>
  bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.ceil(bytes / 1000)} KB`;

function tooLarge(op: AnyOperation, input: unknown, bytes: number, limit: AnswerLimit): AppError {
  const narrowing = op.answerSize?.narrowing(input as never, jsonBudget(limit)) ?? 'a smaller request';
  const rest = op.http[0];
  const whole = rest ? ` The REST endpoint ${rest.method} ${rest.path} returns the whole answer.` : '';
  return new AppError(
    'span_too_long',
    `This answer would be about ${size(bytes)}, over the ${size(limit.maxBytes)} allowed for ${limit.label}, ` +
      `so it is not sent and not charged. Ask for ${narrowing}.${whole}`,
    { details: [{ message: 'answer too large', bytes, maxBytes: limit.maxBytes }] },
  );
}

/** Before running: refuses what the operation's own estimate says cannot fit. */
export function refuseByEstimate(op: AnyOperation, input: unknown, limit: AnswerLimit | undefined): void {
  if (!limit || !op.answerSize) return;
  const framed = limit.framedEstimate(op.answerSize.estimate(input as never));
  if (framed > limit.maxBytes) throw tooLarge(op, input, framed, limit);
}

/** An answer's JSON, with its framed size per surface once measured (a cached answer keeps it). */
export interface MeasuredAnswer {
  json: AnswerJson;
  framed?: Map<AnswerLimit, number>;
}

/**
 * After running (or on a cache hit): refuses an answer that does not fit. The size is measured once
 * per answer and surface: a cache hit costs a lookup, not another pass over the text.
 */
export function refuseBySize(
  op: AnyOperation,
  input: unknown,
  answer: MeasuredAnswer,
  limit: AnswerLimit | undefined,
): void {
  if (!limit) return;
  answer.framed ??= new Map();
  let framed = answer.framed.get(limit);
  if (framed === undefined) {
    framed = limit.framedBytes(answer.json);
    answer.framed.set(limit, framed);
  }
  if (framed > limit.maxBytes) throw tooLarge(op, input, framed, limit);
}
