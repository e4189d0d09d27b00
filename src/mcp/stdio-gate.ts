import type {
  JSONRPCMessage,
  MessageExtraInfo,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/server';

/** What a client may send before the service is ready: the handshake and liveness checks. */
const EARLY_METHODS = new Set(['initialize', 'notifications/initialized', 'ping']);

const methodOf = (m: JSONRPCMessage): string | undefined =>
  'method' in m && typeof m.method === 'string' ? m.method : undefined;

/**
 * A transport that lets the handshake through at once and holds every other message, in order,
 * until `ready` resolves: a desktop host gets its `initialize` answer while the store, the city
 * table and the knowledge are still loading, and no handler runs before they are there.
 */
export class GatedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  private held: { message: JSONRPCMessage; extra?: MessageExtraInfo }[] | null = [];

  constructor(
    private readonly inner: Transport,
    ready: Promise<unknown>,
  ) {
    inner.onmessage = (message, extra) => {
      const method = methodOf(message);
      // Once anything waits, everything after it waits too: a cancellation must not overtake its request.
      if (this.held && (this.held.length > 0 || method === undefined || !EARLY_METHODS.has(method)))
        this.held.push({ message, ...(extra ? { extra } : {}) });
      else this.onmessage?.(message, extra);
    };
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    ready.then(
      () => {
        const held = this.held ?? [];
        this.held = null;
        for (const { message, extra } of held) this.onmessage?.(message, extra);
      },
      // The process reports the failed start and exits; nothing held will be answered.
      () => {},
    );
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
