import type { ServerResponse } from 'node:http';
import type { ServerContext } from '@modelcontextprotocol/server';
import type { RunFeedback } from '../operations/types.js';
import type { McpRequestState } from './tool-call.js';

/** Progress notifications at most this often: a streamed answer arrives in many small pieces. */
const PROGRESS_INTERVAL_MS = 200;

/**
 * The tool calls in flight in this process, by caller and JSON-RPC id, so that a
 * `notifications/cancelled` (a separate POST on a stateless endpoint) reaches the call it names.
 * Keyed by caller too: one key cannot cancel another key's call that happens to share an id.
 */
export class InFlightCalls {
  private readonly calls = new Map<string, AbortController>();

  private static key(callerId: string, id: unknown): string {
    return `${callerId}\u0000${JSON.stringify(id)}`;
  }

  /**
   * Tracks one /mcp exchange: its signal aborts when the client closes the connection before the
   * answer is written, or cancels the request by id; the entry goes when the exchange ends.
   */
  track(res: ServerResponse, callerId: string, body: unknown): AbortSignal {
    const controller = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) controller.abort();
    };
    res.once('close', onClose);
    const id = requestId(body);
    if (id === undefined) return controller.signal;
    const key = InFlightCalls.key(callerId, id);
    this.calls.set(key, controller);
    res.once('close', () => {
      if (this.calls.get(key) === controller) this.calls.delete(key);
    });
    return controller.signal;
  }

  /** Aborts the call a `notifications/cancelled` body names, if it runs here for this caller. */
  cancel(callerId: string, body: unknown): boolean {
    const id = cancelledId(body);
    if (id === undefined) return false;
    const controller = this.calls.get(InFlightCalls.key(callerId, id));
    controller?.abort();
    return controller !== undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The id of a `tools/call` request body, which is what a client may later cancel. */
function requestId(body: unknown): unknown {
  if (!isObject(body) || body.method !== 'tools/call') return undefined;
  return typeof body.id === 'string' || typeof body.id === 'number' ? body.id : undefined;
}

/** The request id a `notifications/cancelled` body names. */
function cancelledId(body: unknown): unknown {
  if (!isObject(body) || body.method !== 'notifications/cancelled' || !isObject(body.params))
    return undefined;
  const id = body.params.requestId;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/**
 * The run feedback of one SDK tool call: its signal aborts on the SDK's own cancellation or the
 * HTTP exchange's; when the request carries a `progressToken`, each progress message becomes a
 * `notifications/progress` with an increasing count (at most one per 200 ms, the first at once), and
 * the first also an `info` log notification for clients that show logs.
 */
export function toolFeedback(ctx: ServerContext, state: McpRequestState | undefined): RunFeedback {
  const signals = [ctx.mcpReq.signal, ...(state?.cancel ? [state.cancel] : [])];
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0]!;
  const token = ctx.mcpReq._meta?.progressToken;
  if (token === undefined) return { signal };
  let count = 0;
  let last = 0;
  const progress = (message: string) => {
    const now = Date.now();
    if (count > 0 && now - last < PROGRESS_INTERVAL_MS) return;
    if (count === 0) void ctx.mcpReq.log('info', message, 'sage').catch(() => {});
    count += 1;
    last = now;
    const params = { progressToken: token, progress: count, message };
    void ctx.mcpReq.notify({ method: 'notifications/progress', params }).catch(() => {});
  };
  return { signal, progress };
}
