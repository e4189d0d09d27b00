import type { Logger } from 'pino';
import { AppError, CancelledError, isClientFault, isTransient } from '../core/errors.js';
import { explainedByOutage } from '../core/outage.js';
import { authorize } from '../operations/access.js';
import { MCP_ANSWER_LIMIT } from '../operations/answer-limit.js';
import type { ResultCache } from '../operations/cache.js';
import { parseInput } from '../operations/input.js';
import { type DeliveryReport, invokeOperation } from '../operations/invoke.js';
import type { AnyTool, Caller, Deps, RunFeedback } from '../operations/types.js';
import type { ToolAnswer } from './direct-call.js';
import { pictureBlock } from './picture.js';

/** When to retry an outage that names no Retry-After of its own. */
const TRANSIENT_RETRY_SECONDS = 5;

/** The outage in words for a model to relay: which part of the service is down, not how. */
function unavailableText(e: AppError): string {
  if (e.code === 'knowledge_unavailable') {
    return 'Knowledge service unavailable: the knowledge store cannot be reached right now.';
  }
  return e.message.endsWith('.') ? e.message : `${e.message}.`;
}

/** The cause's message for the log line (never the caller's text). */
function causeText(e: AppError): string | undefined {
  return e.cause instanceof Error ? e.cause.message : undefined;
}

/** What the HTTP layer knows about one authenticated /mcp request. */
export interface McpRequestState {
  caller: Caller;
  /** Lets a tool call set response headers (X-Cache) while they are still unsent. */
  setHeader: (name: string, value: string) => void;
  /** Aborts when the answer can no longer be delivered (shutdown deadline, client gone). */
  signal?: AbortSignal;
  /**
   * Set when a tool call was refused because `signal` aborted: the HTTP answer must be that refusal
   * (a 503), not a tool result.
   */
  refused?: unknown;
  /** Aborts when the client gives up: the connection closes early, or it cancels the request. */
  cancel?: AbortSignal;
}

export type ToolCaller = (
  tool: AnyTool,
  args: unknown,
  state: McpRequestState | undefined,
  feedback?: RunFeedback,
  /** `reportsDelivery`: the caller writes the answer and settles its charge (InvokeOptions). */
  options?: { reportsDelivery?: boolean },
) => Promise<ToolAnswer>;

/**
 * Runs one tool call for the request's caller, the same behind the SDK and on the direct path:
 * authorize, parse, invoke under the MCP answer cap, the optional picture, `_meta`. A failure the
 * caller can fix is an `isError` result with the message; anything else is logged and worded
 * without internals.
 */
export function toolCaller(deps: Deps, cache: ResultCache, log: Logger): ToolCaller {
  return async (tool, args, state, feedback, options) => {
    let report: DeliveryReport | undefined;
    try {
      const caller = state?.caller ?? null;
      const grant = authorize(tool, caller);
      const input = parseInput(tool, args);
      const out = await invokeOperation(grant, input, deps, cache, {
        answerLimit: MCP_ANSWER_LIMIT,
        ...(state?.signal ? { signal: state.signal } : {}),
        ...(feedback ? { feedback } : {}),
        ...(options?.reportsDelivery ? { reportsDelivery: true } : {}),
      });
      report = out.report;
      const format = (input as { image?: 'png' | 'svg' }).image;
      const image = format
        ? await pictureBlock(tool, format, input, out.data(), caller, cache, deps)
        : undefined;
      if (out.cache) state?.setHeader('X-Cache', out.cache);
      const meta: Record<string, unknown> = {};
      if (out.cache) meta.cache = out.cache;
      if (tool.meter) meta.units = out.charged;
      if (out.warnings.length) meta.warnings = out.warnings;
      return {
        ok: true,
        json: out.json.text,
        data: out.data,
        meta: Object.keys(meta).length ? meta : undefined,
        ...(image ? { image } : {}),
        ...(report ? { report } : {}),
      };
    } catch (e) {
      // The charged answer will not be written: its units are given back.
      report?.sent(false);
      // Not a tool failure: the answer cannot be delivered (shutdown deadline, client gone).
      if (state?.signal?.aborted && e === state.signal.reason) {
        state.refused = e;
        throw e;
      }
      // The client cancelled or no longer reads the answer; nothing was charged.
      if (e instanceof CancelledError) return { ok: false, message: e.message };
      if (e instanceof AppError && isClientFault(e.code)) {
        const details = e.details?.length ? `\n${JSON.stringify(e.details)}` : '';
        return { ok: false, message: `${e.message}${details}` };
      }
      // An outage the caller can wait out: said as such, with when to retry, and logged as a warning
      // unless it is the database's, which is logged once as an outage (core/outage.ts).
      if (e instanceof AppError && isTransient(e.code)) {
        const seconds = e.retryAfter ?? TRANSIENT_RETRY_SECONDS;
        if (!explainedByOutage(e))
          log.warn({ code: e.code, tool: tool.name, cause: causeText(e) }, 'tool unavailable');
        return { ok: false, message: `${unavailableText(e)} Retry in ${seconds} s.` };
      }
      log.error({ err: e, tool: tool.name }, 'tool failed');
      return {
        ok: false,
        message: 'Internal error while running the tool; it has been logged. Please retry later.',
      };
    }
  };
}
