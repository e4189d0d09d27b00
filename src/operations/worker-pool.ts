import { type ChildProcess, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { AppError, type ErrorCode } from '../core/errors.js';
import { type Metrics, NO_METRICS, secondsSince } from '../core/metrics.js';

/**
 * A small pool of worker processes for CPU-heavy operations (a year of transits, a decade of
 * eclipses), so they never stall chart requests on the event loop. Each worker loads the operation
 * registry and its own dependencies (its own Swiss Ephemeris) once, then runs one task at a time;
 * tasks wait in a FIFO queue for a free worker. A worker that dies fails its task with an internal
 * error and is replaced. Admission, access, cache and metering stay in the server process
 * (operations/invoke.ts): a worker only runs the operation and serializes its answer.
 *
 * Processes, not worker threads: the swisseph binding registers itself the pre-context-aware way
 * (`NODE_MODULE`), so a second thread cannot load it ("Module did not self-register").
 */

/**
 * What a worker sends back: the answer's JSON as UTF-8 bytes, serialized where it was computed with
 * its warnings in it, or a picture's bytes. Bytes, not a string: the channel's structured clone
 * hands a Buffer over as a view of the message it read, where a string was copied onto the
 * server's heap (8 MB for a year of hourly transits), decoded there only to be encoded back into
 * the answer's bytes (docs/decisions.md).
 */
export interface HeavyResult {
  bytes: Buffer;
  /** The bytes are a picture (SVG or PNG), not JSON. */
  picture: boolean;
  /** The warnings, also inside the JSON: REST sends a picture's in a header. */
  warnings: string[];
  /** Meter units the operation's `cost` gave for this input and result. */
  units: number;
}

export interface WorkerPool {
  readonly size: number;
  /** Workers running a task now. */
  readonly busy: number;
  /** Tasks waiting for a free worker. */
  readonly queued: number;
  run(operation: string, input: unknown): Promise<HeavyResult>;
  close(): Promise<void>;
}

export interface WorkerPoolOptions {
  size: number;
  /** Module URL whose `OPERATIONS` export lists the operations a worker may run. */
  registry: string;
  /** Task latency, from queueing to the answer. */
  metrics?: Metrics;
  /**
   * Start the workers with the first task instead of at once: a desktop process may never run a
   * heavy operation, and starting workers costs a busy machine seconds of CPU at start and at exit.
   */
  lazy?: boolean;
}

/** Messages between the pool and its workers. */
export interface TaskMessage {
  id: number;
  operation: string;
  input: unknown;
}
export type ReplyMessage =
  | ({ id: number; ok: true } & HeavyResult)
  | {
      id: number;
      ok: false;
      /** An AppError's parts, or null for an unexpected failure described by `internal`. */
      error: { code: ErrorCode; message: string; details?: unknown[] } | null;
      internal?: string;
    };

interface Task extends TaskMessage {
  resolve(result: HeavyResult): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: ChildProcess;
  task: Task | null;
}

const FROM_TYPESCRIPT = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_TYPESCRIPT ? './worker.ts' : './worker.js', import.meta.url);

/**
 * Workers run below the server's CPU priority (Unix niceness +10): when cores are short, the kernel
 * serves the event loop (chart requests, I/O) first and the long task a little later.
 */
const WORKER_NICENESS = 10;

const workerDied = (detail: string) => new Error(`worker process stopped while running a task: ${detail}`);

export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const size = Math.max(1, Math.floor(options.size));
  const metrics = options.metrics ?? NO_METRICS;
  const queue: Task[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  const dispatch = () => {
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (slot.task) continue;
      const task = queue.shift()!;
      slot.task = task;
      slot.worker.send({
        id: task.id,
        operation: task.operation,
        input: task.input,
      } satisfies TaskMessage);
    }
  };

  const spawn = (): Slot => {
    const worker = fork(WORKER_URL, [options.registry], {
      // Under tsx or vitest the sources are TypeScript: the worker needs the same loader.
      execArgv: FROM_TYPESCRIPT ? ['--import', 'tsx'] : [],
      // Structured clone: a multi-megabyte answer travels as one string, not re-escaped as JSON.
      serialization: 'advanced',
      // Whatever a worker prints goes to stderr: under `stdio` this process's stdout is JSON-RPC only.
      stdio: ['ignore', 2, 2, 'ipc'],
    });
    const slot: Slot = { worker, task: null };
    try {
      if (worker.pid !== undefined) setPriority(worker.pid, WORKER_NICENESS);
    } catch {
      // Not permitted or not supported here: the worker runs at the server's priority.
    }
    worker.channel?.unref();
    worker.on('message', (reply: ReplyMessage) => {
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      slot.task = null;
      if (reply.ok) {
        const { id: _id, ok: _ok, ...result } = reply;
        task.resolve(result);
      } else if (reply.error)
        task.reject(new AppError(reply.error.code, reply.error.message, { details: reply.error.details }));
      else
        task.reject(new Error(`operation ${task.operation} failed in a worker process: ${reply.internal}`));
      dispatch();
    });
    const replace = (detail: string) => {
      const i = slots.indexOf(slot);
      if (i < 0) return;
      slots.splice(i, 1);
      slot.task?.reject(workerDied(detail));
      slot.task = null;
      if (!closed) {
        slots.push(spawn());
        dispatch();
      }
    };
    worker.on('error', (err) => replace(err.message));
    worker.on('exit', (code, signal) => replace(signal ? `signal ${signal}` : `exit code ${code}`));
    return slot;
  };

  const fill = () => {
    while (slots.length < size) slots.push(spawn());
  };
  if (!options.lazy) fill();

  return {
    size,
    get busy() {
      return slots.filter((s) => s.task !== null).length;
    },
    get queued() {
      return queue.length;
    },
    run(operation, input) {
      if (closed) return Promise.reject(new Error('worker pool is closed'));
      fill();
      const start = performance.now();
      return new Promise<HeavyResult>((resolve, reject) => {
        queue.push({ id: nextId++, operation, input, resolve, reject });
        dispatch();
      }).finally(() => metrics.workerTask(operation, secondsSince(start)));
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('worker pool is closed'));
      // Workers ignore SIGTERM (see worker.ts); closing the channel is their signal to exit.
      await Promise.all(slots.splice(0).map((s) => stopWorker(s.worker)));
    },
  };
}

const STOP_GRACE_MS = 2_000;

function stopWorker(worker: ChildProcess): Promise<void> {
  if (worker.exitCode !== null || worker.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => worker.kill('SIGKILL'), STOP_GRACE_MS);
    worker.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    if (worker.connected) worker.disconnect();
    else worker.kill('SIGKILL');
  });
}
