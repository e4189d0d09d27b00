import type { ErrorCode } from '../core/errors.js';

/**
 * When each error code is answered, as the OpenAPI document's error responses list it. Exhaustive by
 * type, so a new code cannot reach the document without saying when a caller meets it.
 */
export const ERROR_MEANING: Record<ErrorCode, string> = {
  invalid_input: 'a field is missing or malformed; details name it and the accepted form',
  location_not_found: 'the place is not in the city table; details suggest near matches',
  out_of_range: 'a date outside the years the calculation covers',
  span_too_long: 'a date range longer than the route allows',
  unauthorized: 'no API key, or one the service does not know',
  forbidden: 'the key lacks the product this route needs',
  not_found: 'no such path or record',
  method_not_allowed: 'the path does not answer this method',
  request_timeout: 'the body did not arrive in time',
  payload_too_large: 'the body is larger than the server accepts',
  unsupported_media_type: 'the body is not JSON, or in an unknown Content-Encoding',
  rate_limited: 'too many requests from this client; retry after Retry-After',
  quota_exceeded: "the key's monthly allowance is used up",
  ai_service_error: 'the AI provider failed to answer',
  knowledge_unavailable:
    'SAGE routes only: the knowledge store is loading, failed to load or cannot be reached',
  queue_full: 'every slot and queue place is taken',
  queue_timeout: 'the request waited the longest allowed time in the queue',
  service_unavailable: 'the service database is unreachable, or the service is restarting',
  internal_error: 'an unexpected failure; the detail is logged, never returned',
};
