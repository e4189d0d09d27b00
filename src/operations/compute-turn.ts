/**
 * Runs the CPU-bound part of requests back to back: work handed in during one event-loop turn waits
 * for the turn's I/O callbacks to finish and then runs as one batch, in arrival order. Under load
 * the charts of a dozen requests parsed in one turn then run one after another instead of each
 * between another request's HTTP parsing and writing, so the Swiss Ephemeris and the chart code stay
 * in the CPU's caches: a bare server answered about 8 % more charts per second this way
 * (docs/decisions.md). An idle server runs the work at once, a turn later.
 */
let queue: (() => void)[] = [];
let scheduled = false;

function runQueued(): void {
  scheduled = false;
  const jobs = queue;
  queue = [];
  for (const job of jobs) job();
}

/** `work()`, run in this turn's batch; its result (or a promise it returns) settles the answer. */
export function inComputeTurn<T>(work: () => T | Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    queue.push(() => {
      try {
        resolve(work());
      } catch (e) {
        reject(e);
      }
    });
    if (!scheduled) {
      scheduled = true;
      setImmediate(runQueued);
    }
  });
}
