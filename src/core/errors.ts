/**
 * The one error type of the service. Codes form a closed set, and the HTTP status of each code lives
 * in one table here (`HTTP_STATUS`), which the REST bridge sends, OpenAPI and /docs document, and MCP
 * reads through `isClientFault` to report the client-fixable codes as `isError` results.
 */
export const ERROR_CODES = [
  'invalid_input',
  'location_not_found',
  'out_of_range',
  'span_too_long',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'request_timeout',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'quota_exceeded',
  'ai_service_error',
  'knowledge_unavailable',
  'queue_full',
  'queue_timeout',
  'service_unavailable',
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The one table from error code to HTTP status, exhaustive by type and pinned by a test. MCP uses it
 * too: codes below 500 (and the AI provider's 502) are faults the caller can act on.
 */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  invalid_input: 400,
  location_not_found: 400,
  out_of_range: 400,
  span_too_long: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  quota_exceeded: 429,
  ai_service_error: 502,
  knowledge_unavailable: 503,
  queue_full: 503,
  queue_timeout: 503,
  service_unavailable: 503,
  internal_error: 500,
};

/**
 * A run its caller gave up on (an MCP `notifications/cancelled`, or the client closing the stream):
 * not an error code, since nobody is left to answer; the surface drops the result and charges nothing.
 */
export class CancelledError extends Error {
  constructor() {
    super('Cancelled by the client; nothing was charged.');
    this.name = 'CancelledError';
  }
}

/** The codes answered with one HTTP status, in the order of ERROR_CODES (what each status documents). */
export const codesWithStatus = (status: number): ErrorCode[] =>
  ERROR_CODES.filter((code) => HTTP_STATUS[code] === status);

/** Codes a caller can fix by changing the request (MCP reports these as `isError` results). */
export const isClientFault = (code: ErrorCode): boolean =>
  HTTP_STATUS[code] < 500 || code === 'ai_service_error';

/** Codes of a passing outage (the database, the knowledge store, capacity): the same call may work later. */
export const isTransient = (code: ErrorCode): boolean => HTTP_STATUS[code] === 503;

/** One entry of `error.details`: which field, what is wrong, and what would be accepted. */
export interface ErrorDetail {
  field?: string;
  message: string;
  [extra: string]: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown[] | undefined;
  /** Seconds a client should wait before retrying (rate limits, queue). */
  readonly retryAfter: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: unknown[]; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.retryAfter = options.retryAfter;
  }
}

export const invalidInput = (field: string, message: string, extra: Record<string, unknown> = {}): AppError =>
  new AppError('invalid_input', `${field}: ${message}`, { details: [{ field, message, ...extra }] });

/** Longest text a log line repeats from a request (a header, a path, a validator's message). */
export const LOG_ECHO_MAX = 200;

/**
 * Text as a log may repeat it: at most `max` characters, the cut marked with how long it was, so a
 * 10,000-character header becomes a short line instead of a 20,000-character one.
 */
export function clip(text: string, max = LOG_ECHO_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}
