import type { Logger } from 'pino';
import { garbageCollector } from '../core/collector.js';
import type { Sage } from '../sage/index.js';
import { libc } from './libc.js';

/** V8 releases the memory of collected buffers on a background thread; this leaves it time to. */
const RELEASE_WAIT_MS = 500;

/**
 * Gives back what the start-up work left behind, once it is done. Starting leaves tens of megabytes
 * of short-lived buffers (the city table's compressed and decompressed text, the empty store's tar,
 * SAGE's catalog build) that V8 frees only at its next full collection, which a quiet service may not
 * reach for a long while; and the C heap keeps what they freed rather than returning it. Measured on
 * the main process at start: about 470 -> 320 MB resident (docs/decisions.md, "Memory at start").
 * Resolves with the
 * resident memory before and after, in bytes, and how long the collection and the trim held the event loop.
 */
export async function collectStartGarbage(): Promise<{ before: number; after: number; pauseMs: number }> {
  const before = process.memoryUsage.rss();
  const gc = garbageCollector();
  const collecting = performance.now();
  gc();
  let pauseMs = performance.now() - collecting;
  await new Promise((r) => setTimeout(r, RELEASE_WAIT_MS));
  const trim = (await libc())?.mallocTrim;
  const trimming = performance.now();
  trim?.();
  pauseMs += performance.now() - trimming;
  return { before, after: process.memoryUsage.rss(), pauseMs: Math.round(pauseMs) };
}

/**
 * The start-up's last step: once the knowledge is loaded and SAGE's catalog built (or either has
 * failed), the start-up work's leftovers go back, logged at info with the pause they cost. The
 * service answers `/ready` 200 only after it, so the pause never falls on traffic a balancer sent.
 */
export async function releaseStartMemory(sage: Sage | undefined, log: Logger): Promise<void> {
  await sage?.prepare().catch(() => {});
  const { before, after, pauseMs } = await collectStartGarbage();
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  log.info({ rssMb: mb(after), releasedMb: mb(before - after), pauseMs }, 'start-up memory released');
}
