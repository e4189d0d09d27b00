import type {
  JSONRPCMessage,
  MessageExtraInfo,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/server';

/**
 * Requests answered before the service is ready, each with what its answer needs first (`null`:
 * nothing). Anything else waits for the whole service. A host asks for the lists right after the
 * handshake and some give up after a few seconds, so none of them waits for the store.
 */
export type EarlyMethods = ReadonlyMap<string, Promise<unknown> | null>;

const methodOf = (m: JSONRPCMessage): string | undefined =>
  'method' in m && typeof m.method === 'string' ? m.method : undefined;

/**
 * A transport that lets the handshake, liveness checks and the lists through at once and holds every
 * other message, in order, until `ready` resolves: a desktop host gets its `initialize` answer and
 * its lists while the store, the city table and the knowledge are still loading, and no handler that
 * reads them runs before they are there.
 */
export class GatedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  private held: { message: JSONRPCMessage; extra?: MessageExtraInfo }[] | null = [];
  /** The first `tools/list`: not yet asked, its id while it is answered, or answered. */
  private firstList: { id: string | number } | 'not asked' | 'answered' = 'not asked';

  /** `onListed`: called once the answer to the first `tools/list` has been sent. */
  constructor(
    private readonly inner: Transport,
    ready: Promise<unknown>,
    early: EarlyMethods,
    private readonly onListed: () => void = () => {},
  ) {
    inner.onmessage = (message, extra) => {
      const method = methodOf(message);
      if (method === 'tools/list' && 'id' in message && message.id !== undefined)
        if (this.firstList === 'not asked') this.firstList = { id: message.id };
      const needs = method === undefined ? undefined : early.get(method);
      if (this.held === null || needs === null) this.onmessage?.(message, extra);
      // A list answers in its own time: no other message refers to it.
      else if (needs) needs.then(() => this.onmessage?.(message, extra), failedStart);
      // Everything else keeps its order: a cancellation must not overtake its request.
      else this.held.push({ message, ...(extra ? { extra } : {}) });
    };
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    ready.then(() => {
      const held = this.held ?? [];
      this.held = null;
      for (const { message, extra } of held) this.onmessage?.(message, extra);
    }, failedStart);
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    await this.inner.send(message, options);
    const first = this.firstList;
    if (typeof first === 'object' && !('method' in message) && 'id' in message && message.id === first.id) {
      this.firstList = 'answered';
      this.onListed();
    }
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** The process reports the failed start and exits; nothing held will be answered. */
function failedStart(): void {}
