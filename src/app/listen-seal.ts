import type { Server } from 'node:net';
import { type BpfInstruction, libc } from './libc.js';

/**
 * Sealing a listening socket before it closes. Closing it makes Linux reset every connection that
 * finished its handshake but was not accepted yet, and a client keeps connecting until the very
 * close, so user space alone cannot make that queue empty at the instant of the close: one handshake
 * can complete between the last accept and the close. A classic BPF socket filter on the listener
 * that drops segments carrying SYN stops new handshakes from starting (the client's SYN is
 * unanswered, it retries after its retransmission timeout, about 1 s, and then finds no listener: a
 * refused connect, which it knows is safe to retry). Handshakes already answered still complete
 * (their last ACK carries no SYN) and are accepted and answered before the close. Connections
 * accepted later inherit the filter, which is harmless: an open connection never carries SYN again.
 *
 * Node has no setsockopt: the call goes through libc.ts. Elsewhere than Linux, on a socket without a descriptor (a `node:cluster` worker's
 * shared handle) or when the call fails, nothing is sealed and the caller closes as before.
 */

/** The TCP flags byte: a socket filter sees the segment from its TCP header on. */
const TCP_FLAGS_OFFSET = 13;
const TCP_SYN = 0x02;
/** `ldb [13]; jset #SYN, drop, keep; drop: ret #0; keep: ret #0xffffffff` (BPF_LD|B|ABS, JMP|JSET|K, RET|K). */
const DROP_SYN: readonly BpfInstruction[] = [
  { code: 0x30, jt: 0, jf: 0, k: TCP_FLAGS_OFFSET },
  { code: 0x45, jt: 0, jf: 1, k: TCP_SYN },
  { code: 0x06, jt: 0, jf: 0, k: 0 },
  { code: 0x06, jt: 0, jf: 0, k: 0xffffffff },
];

/** The listening socket's descriptor, when this process owns one. */
function descriptorOf(server: Server): number | null {
  const fd = (server as unknown as { _handle?: { fd?: unknown } })._handle?.fd;
  return typeof fd === 'number' && fd >= 0 ? fd : null;
}

/** Stops new handshakes on the listener; true when sealed, false when this platform cannot. */
export async function sealListener(server: Server): Promise<boolean> {
  const fd = descriptorOf(server);
  if (fd === null) return false;
  return (await libc())?.attachFilter(fd, DROP_SYN) ?? false;
}
