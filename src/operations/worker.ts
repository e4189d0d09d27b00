import { createEphemeris } from '../core/ephemeris/index.js';
import { AppError } from '../core/errors.js';
import { loadKnowledgeBase } from '../core/knowledge/index.js';
import { loadCityTable } from '../core/location/index.js';
import type { AnyOperation, Deps, RunContext } from './types.js';
import { RASTERISE_TASK, type RasteriseInput } from './rasterise.js';
import type { ReplyMessage, TaskMessage } from './worker-pool.js';
import { svgToPng } from '../core/render/index.js';

/**
 * One worker process of the pool (worker-pool.ts): loads the operation registry (the module URL in
 * its first argument) and its own dependencies once, then runs the tasks it is sent, one at a time,
 * and answers with the result's JSON as bytes. Caller-dependent work (access, cache, metering) never
 * happens here, and there is no store: an operation that reaches for it fails loudly.
 */
const send = process.send?.bind(process);
if (!send) throw new Error('operations/worker.ts runs only as a worker process of the pool');
const registry = process.argv[2]!;
// The server decides when workers stop: a signal to the whole process group (Ctrl-C, SIGTERM) must
// not kill tasks the server is still draining. A server that dies closes the channel: exit then.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
process.on('disconnect', () => process.exit(0));

const noStore = new Proxy({} as Deps['store'], {
  get(_t, key) {
    throw new Error(`operations in worker processes have no store (tried store.${String(key)})`);
  },
});

/**
 * The city table and the knowledge base cost a worker over 100 MB and most heavy operations (series,
 * event searches) use neither, so each loads on first use: reading one that is not loaded yet stops
 * the task (NotLoaded), the worker loads it and runs the task again. Tasks are pure (no store, no
 * caller), so running one again is safe; the partial first run is the one-time cost.
 */
class NotLoaded extends Error {
  constructor(readonly dependency: 'cities' | 'knowledge') {
    super(`${dependency} not loaded yet`);
  }
}
const loaded: { cities?: Deps['cities']; knowledge?: Deps['knowledge'] } = {};
const loaders = { cities: loadCityTable, knowledge: loadKnowledgeBase };
async function load(dependency: NotLoaded['dependency']): Promise<void> {
  if (dependency === 'cities') loaded.cities ??= await loaders.cities();
  else loaded.knowledge ??= await loaders.knowledge();
}

const ready = (async () => {
  const { OPERATIONS } = (await import(registry)) as { OPERATIONS: readonly AnyOperation[] };
  const deps: Deps = {
    get cities() {
      if (!loaded.cities) throw new NotLoaded('cities');
      return loaded.cities;
    },
    get knowledge() {
      if (!loaded.knowledge) throw new NotLoaded('knowledge');
      return loaded.knowledge;
    },
    ephemeris: createEphemeris(),
    store: noStore,
    now: () => new Date(),
  };
  return { deps, operations: new Map(OPERATIONS.map((op) => [op.name, op])) };
})();

/** Runs the operation, loading what it reaches for first (at most once per dependency). */
async function runLoading(op: AnyOperation, input: Record<string, unknown>, deps: Deps, ctx: RunContext) {
  for (;;) {
    try {
      return await op.run(input, deps, ctx);
    } catch (e) {
      if (!(e instanceof NotLoaded)) throw e;
      await load(e.dependency);
      ctx.warnings.length = 0;
      delete ctx.notCharged;
    }
  }
}

async function runTask({ id, operation, input }: TaskMessage): Promise<ReplyMessage> {
  try {
    if (operation === RASTERISE_TASK) {
      const { svg, width } = input as RasteriseInput;
      return { id, ok: true, bytes: svgToPng(svg, width), picture: true, warnings: [], units: 0 };
    }
    const { deps, operations } = await ready;
    const op = operations.get(operation);
    if (!op) throw new Error(`no operation named ${operation} in the worker registry`);
    const warnings: string[] = [];
    // Parsed by the operation's schema in the server process before it was sent.
    const parsed = input as Record<string, unknown>;
    const ctx: RunContext = { caller: null, warnings };
    const result = await runLoading(op, parsed, deps, ctx);
    const units = op.cost && !ctx.notCharged ? op.cost(parsed, result) : 0;
    if (op.produces) {
      const bytes = Buffer.isBuffer(result) ? result : Buffer.from(String(result), 'utf8');
      return { id, ok: true, bytes, picture: true, warnings, units };
    }
    const json = withWarnings(JSON.stringify(result), warnings);
    return { id, ok: true, bytes: Buffer.from(json), picture: false, warnings, units };
  } catch (e) {
    // An AppError keeps its code and wording; anything else travels as text for the server's log.
    if (e instanceof AppError) {
      return { id, ok: false, error: { code: e.code, message: e.message, details: e.details } };
    }
    return { id, ok: false, error: null, internal: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
}

process.on('message', (task: TaskMessage) => {
  void runTask(task).then((reply) => send(reply));
});

/** `{...answer, warnings}` on an answer that is already JSON text (an object). */
function withWarnings(json: string, warnings: string[]): string {
  if (!warnings.length) return json;
  const list = `"warnings":${JSON.stringify(warnings)}`;
  return json === '{}' ? `{${list}}` : `${json.slice(0, -1)},${list}}`;
}
