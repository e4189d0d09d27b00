import type { Logger } from 'pino';
import { garbageCollector } from '../core/collector.js';
import type { Sage } from '../sage/index.js';
import { libc } from './libc.js';

/**
 * Gives back what the start-up work left behind, once it is done. Starting leaves tens of megabytes
 * of short-lived buffers (the city table's compressed and decompressed text, the empty store's tar,
 * SAGE's catalog build) that V8 frees only at its next full collection, which a quiet service may not
 * reach for a long while; and the C heap keeps what they freed rather than returning it. Measured on
 * the main process at start: about 470 -> 320 MB resident (docs/decisions.md, "Memory at start").
 * Resolves with the resident memory before and after, in bytes, and how long the collection and the
 * trim held the event loop.
 */
export async function collectStartGarbage(): Promise<{ before: number; after: number; pauseMs: number }> {
  const before = process.memoryUsage.rss();
  const gc = garbageCollector();
  const trim = (await libc())?.mallocTrim;
  const collecting = performance.now();
  gc();
  let pauseMs = performance.now() - collecting;
  await arrayBuffersSwept();
  const trimming = performance.now();
  trim?.();
  pauseMs += performance.now() - trimming;
  return { before, after: process.memoryUsage.rss(), pauseMs: Math.round(pauseMs) };
}

/** How often the sweep's progress is read, how many readings without a drop end the wait, and its bound. */
const SWEEP_POLL_MS = 10;
const SWEEP_STEADY_READINGS = 3;
const SWEEP_WAIT_MS = 500;
/**
 * A drop this large is the sweep freeing collected buffers; requests answered meanwhile (a balancer
 * asking `/ready` every few milliseconds) move the count by kilobytes, and must not keep it waiting.
 */
const SWEEP_DROP_BYTES = 1024 * 1024;

/** Whether the bytes held by ArrayBuffers dropped between two readings as the sweep drops them. */
export const sweptBetween = (before: number, after: number): boolean => before - after >= SWEEP_DROP_BYTES;

/**
 * Resolves once V8 has freed the collected buffers' memory, which it does on a background thread
 * after the collection (7-17 ms measured; a fixed 500 ms wait came before): when the bytes held by
 * ArrayBuffers have not dropped by a megabyte for a few readings, or at the bound.
 */
async function arrayBuffersSwept(): Promise<void> {
  const deadline = performance.now() + SWEEP_WAIT_MS;
  let held = process.memoryUsage().arrayBuffers;
  let steady = 0;
  while (steady < SWEEP_STEADY_READINGS && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, SWEEP_POLL_MS));
    const now = process.memoryUsage().arrayBuffers;
    steady = sweptBetween(held, now) ? 0 : steady + 1;
    held = now;
  }
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
