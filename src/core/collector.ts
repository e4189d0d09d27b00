import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's garbage collector: a full collection by default, `{ type: 'minor' }` for a scavenge. */
export type Collect = (options?: { type: 'major' | 'minor' }) => void;

let collector: Collect | undefined;

/**
 * The collector, for the two places that must release memory V8 cannot see (resvg's buffers after
 * a PNG, the C heap after start-up). Node has no API for a collection: the one `--expose-gc` gave,
 * else `--expose-gc` is set just long enough to take it from a fresh context, then unset, so the
 * service's own context never sees a `gc` global.
 */
export function garbageCollector(): Collect {
  if (collector) return collector;
  const given = (globalThis as { gc?: Collect }).gc;
  if (given) return (collector = given);
  setFlagsFromString('--expose-gc');
  collector = runInNewContext('gc') as Collect;
  setFlagsFromString('--no-expose-gc');
  return collector;
}
