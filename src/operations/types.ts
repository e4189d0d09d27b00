import type * as z from 'zod';
import type { Ephemeris } from '../core/ephemeris/index.js';
import type { CityTable } from '../core/location/index.js';
import type { ApiKeyRecord, MeterName, ProductName, Store } from '../store/index.js';
import type { KnowledgeBase } from '../core/knowledge/index.js';
import type { Metrics } from '../core/metrics.js';
import type { Sage } from '../sage/index.js';
import type { WorkerPool } from './worker-pool.js';

/** Which access product an operation needs. */
export type Access = 'advanced_chart' | 'basic_chart_or_advanced' | 'sage_api' | 'free' | 'public';

export const ACCESS_PRODUCTS: Record<Exclude<Access, 'public' | 'free'>, readonly ProductName[]> = {
  advanced_chart: ['advanced_chart'],
  basic_chart_or_advanced: ['basic_chart', 'advanced_chart'],
  sage_api: ['sage_api'],
};

export const ACCESS_LABEL: Record<Access, string> = {
  advanced_chart: 'the Chart API (advanced_chart)',
  basic_chart_or_advanced: 'the Chart API (basic_chart or advanced_chart)',
  sage_api: 'the SAGE API (sage_api)',
  free: 'any valid key',
  public: 'no key',
};

/** Everything an operation may use, built once in app/service.ts and injected. */
export interface Deps {
  cities: CityTable;
  store: Store;
  /** Current time (injectable so tests can pin a month). */
  now: () => Date;
  /** Swiss Ephemeris with its data files, created once (the native library is process-wide). */
  ephemeris: Ephemeris;
  /** The Markdown knowledge base (`knowledge/`), loaded once: tooltips and reference resources. */
  knowledge: KnowledgeBase;
  /**
   * Runs `heavy` operations off the event loop. Absent inside the workers themselves and where no
   * operation is heavy; heavy operations then run in-process.
   */
  pool?: WorkerPool;
  /** SAGE over the knowledge chunks in the store; absent in worker processes. */
  sage?: Sage;
  /** Where the execution path reports cache lookups (app/metrics.ts); absent = not measured. */
  metrics?: Metrics;
}

/**
 * The person who started a local process (the stdio server): every product, no key, and nothing
 * metered or limited, since the machine and the process are theirs.
 */
export interface LocalOwner extends ApiKeyRecord {
  readonly owner: true;
}

/** The authenticated caller (a key, or the local owner), or null on public routes. */
export type Caller = ApiKeyRecord | LocalOwner | null;

/**
 * What a surface lends a long run (SAGE's model answer): a signal that aborts it when the caller
 * gives up, and a channel for progress messages, which MCP turns into progress notifications.
 */
export interface RunFeedback {
  signal?: AbortSignal;
  progress?: (message: string) => void;
}

export interface RunContext {
  caller: Caller;
  /** Non-fatal notes for the response `meta.warnings` (e.g. DST gaps and folds). */
  warnings: string[];
  /**
   * Set by an operation whose answer delivered nothing to pay for (SAGE's reply that its knowledge
   * base does not cover a question): the meter counts 0 units for it, whatever `cost` says.
   */
  notCharged?: boolean;
  /** Abort signal and progress channel, when the surface offers them (MCP). */
  feedback?: RunFeedback;
}

/** One REST path of an operation: canonical, plus the legacy aliases that must keep working. */
export interface HttpBinding {
  method: 'GET' | 'POST';
  path: string;
  /** Where the input comes from; query strings are coerced by the bridge against the input schema. */
  from: 'body' | 'query';
  /** Legacy paths for the same handler, optionally fixing query parameters (e.g. include=tooltips). */
  aliases?: readonly { path: string; query?: Readonly<Record<string, string>> }[];
  /**
   * `data`: `{ success, meta?, data }` (default). `flat`: the result's fields sit beside `success`,
   * as the spec's location-validation response does.
   */
  envelope?: 'data' | 'flat';
  /** Other names a query parameter is accepted under, e.g. `{ q: 'query' }` (the field's name wins). */
  queryNames?: Readonly<Record<string, string>>;
}

/** Media types of picture operations (see `Operation.produces`). */
export type PictureType = 'image/svg+xml' | 'image/png';

export interface ResponseMeta {
  version: string;
  endpoint: string;
}

/**
 * An operation: one capability with one input and output schema. Tools (MCP + REST) and REST-only
 * endpoints share this shape, so the bridge, OpenAPI and docs treat them alike.
 */
export interface Operation<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  access: Access;
  /**
   * Checks run on the raw input before the schema, for rejections whose wording the contract fixes
   * (SAGE's `Query is required`); throws an AppError.
   */
  precheck?(raw: unknown): void;
  /** Meter charged, if any. */
  meter?: MeterName;
  /** Meter units consumed by a successful (non-cached) result; `RunContext.notCharged` makes it 0. */
  cost?(input: z.infer<I>, result: z.infer<O>): number;
  /**
   * Checks the schema cannot express (a date range's order, span and point limit), run in the server
   * process before the cache, the answer-size estimate and the worker pool; throws the AppError to send.
   */
  check?(input: z.infer<I>): void;
  /**
   * Input defaults that depend on the clock (a picture's `asOf`, today by default), filled in from
   * `deps.now()` before the cache key is made, so an answer cached yesterday is not served for today.
   */
  complete?(input: z.infer<I>, deps: Deps): z.infer<I>;
  /** The answer's size from the input alone, so a surface with a size cap (MCP) refuses before running. */
  answerSize?: AnswerSize<z.infer<I>>;
  /** Results are cached by (operation, canonical input); a hit costs nothing. */
  cacheable?: boolean;
  /**
   * CPU-heavy (long series, multi-year searches): runs in the worker pool so the event loop keeps
   * serving other requests. `run` then gets no caller and no store, and `cost` runs in the worker.
   */
  heavy?: boolean;
  /** `meta` block of chart-type REST responses. */
  meta?: ResponseMeta;
  /**
   * A picture instead of JSON: `run` returns the SVG text or the PNG bytes, REST sends them with this
   * media type (errors stay JSON). Such operations are REST-only.
   */
  produces?: PictureType;
  /**
   * HTTP caching of the REST answer: a strong ETag from its bytes (If-None-Match gives 304) and
   * Cache-Control, long-lived `public` for fixed answers anyone may share, `private` for keyed ones.
   */
  httpCache?: 'public' | 'private';
  /**
   * A picture of another operation's answer (a chart): that operation's name and the inputs it would
   * have been called with for the same chart (each variant that gives the same chart, e.g. with and
   * without tooltips). When the same caller's answer to one of them is in the result cache, the
   * chart is paid for and the picture is a free cache hit.
   */
  draws?: { operation: string; inputs(input: z.infer<I>): Record<string, unknown>[] };
  /**
   * Input fields that change only how a surface presents the answer (the MCP `image` argument), not
   * the answer: left out of the result cache key, so asking for a picture reuses the cached chart.
   */
  presentational?: readonly string[];
  http: readonly HttpBinding[];
  /** A valid input, used by the API reference's examples and by the alias and parity tests. */
  example: z.input<I>;
  // Method syntax on purpose: lists of operations with different input types must stay assignable.
  run(input: z.infer<I>, deps: Deps, ctx: RunContext): Promise<z.infer<O>>;
}

/** What an operation knows about the size of its answer (see operations/answer-limit.ts). */
export interface AnswerSize<I> {
  /** Upper estimate of the answer's JSON bytes, from checked input. */
  estimate(input: I): number;
  /** How to ask for less when at most `budgetBytes` of JSON fit; completes "Ask for ...". */
  narrowing(input: I, budgetBytes: number): string;
}

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** An MCP tool: an operation plus its MCP annotations. */
export interface Tool<
  I extends z.ZodObject = z.ZodObject,
  O extends z.ZodObject = z.ZodObject,
> extends Operation<I, O> {
  annotations: ToolAnnotations;
  /**
   * The answer drawn as SVG, for the MCP `image` argument (a picture block beside the JSON text).
   * Gets the answer object (as the core built it, which the zod-inferred type of `O` only
   * approximates), the picture width in pixels, and the call's input and deps (for what the picture
   * shows beyond the answer: a synastry's person B).
   */
  picture?(data: unknown, width: number, call: { input: z.infer<I>; deps: Deps }): string;
}

/** Keeps the generic types of a definition while checking it against the shape. */
export const defineTool = <I extends z.ZodObject, O extends z.ZodObject>(t: Tool<I, O>): Tool<I, O> => t;
export const defineOperation = <I extends z.ZodObject, O extends z.ZodType>(
  o: Operation<I, O>,
): Operation<I, O> => o;

/** Widens a concrete definition for the heterogeneous lists (input types differ per tool). */
export type AnyOperation = Operation<z.ZodObject, z.ZodType>;
export type AnyTool = Tool<z.ZodObject, z.ZodObject>;
