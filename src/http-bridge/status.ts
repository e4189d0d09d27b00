import type { ErrorCode } from '../core/errors.js';

/** The one table from error code to HTTP status. Pinned by a test; exhaustive by type. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  invalid_input: 400,
  location_not_found: 400,
  out_of_range: 400,
  span_too_long: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  rate_limited: 429,
  quota_exceeded: 429,
  ai_service_error: 502,
  knowledge_unavailable: 503,
  queue_full: 503,
  queue_timeout: 503,
  service_unavailable: 503,
  internal_error: 500,
};

/** Codes a caller can fix by changing the request (MCP reports these as `isError` results). */
export const isClientFault = (code: ErrorCode): boolean =>
  HTTP_STATUS[code] < 500 || code === 'ai_service_error';
