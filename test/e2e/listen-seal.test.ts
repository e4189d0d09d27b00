/**
 * Sealing the listener before it closes (src/app/listen-seal.ts), on real loopback sockets. Regression
 * test for "connections queued when the listener closes are reset": Linux resets the connections in a
 * closing listener's accept queue (net/ipv4/inet_connection_sock.c, inet_csk_listen_stop), so a client
 * connecting in the last moments saw ECONNRESET. Once sealed, a new connect gets no handshake (its SYN
 * is dropped by the socket filter, SO_ATTACH_FILTER in socket(7)); after the close its retransmitted SYN
 * finds no listener and the connect is refused (ECONNREFUSED: RFC 9293 section 3.10.7.1, a SYN to a
 * closed port gets a reset before any connection exists), never reset once open. A connection
 * accepted before the seal keeps working, so answers in flight are not touched.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sealListener } from '../../src/app/listen-seal.js';

const servers: net.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

function listen(
  onConnection: (socket: net.Socket) => void = () => {},
): Promise<{ server: net.Server; port: number }> {
  const server = net.createServer(onConnection);
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.address() as net.AddressInfo).port }),
    ),
  );
}

/** How a connect ends: 'connected' once the handshake completes, else the error code. */
function connect(port: number): { outcome: Promise<string>; socket: net.Socket } {
  const socket = net.connect(port, '127.0.0.1');
  const outcome = new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
  });
  return { outcome, socket };
}

describe.runIf(process.platform === 'linux')('sealListener', () => {
  it('stops new handshakes; once the listener closes, a connect is refused, never reset', async () => {
    const { server, port } = await listen((s) => s.end('hello'));
    expect(await sealListener(server)).toBe(true);
    const late = connect(port);
    const pending = await Promise.race([
      late.outcome,
      new Promise((r) => setTimeout(() => r('pending'), 300)),
    ]);
    expect(pending).toBe('pending');
    server.close();
    // Linux retransmits the SYN after about 1 s; by then nothing listens.
    expect(await late.outcome).toBe('ECONNREFUSED');
  }, 10_000);

  it('leaves connections accepted before the seal working', async () => {
    const { server, port } = await listen((s) => s.on('data', (d) => s.end(`echo ${String(d)}`)));
    const early = connect(port);
    expect(await early.outcome).toBe('connected');
    expect(await sealListener(server)).toBe(true);
    const reply = new Promise<string>((resolve) => {
      let text = '';
      early.socket.on('data', (d) => (text += String(d)));
      early.socket.on('end', () => resolve(text));
    });
    early.socket.write('ping');
    expect(await reply).toBe('echo ping');
  });

  it('without a descriptor of its own (a cluster worker shares the primary’s), seals nothing', async () => {
    const { server } = await listen();
    const shared = Object.create(server) as net.Server;
    Object.defineProperty(shared, '_handle', { value: { fd: -1 } });
    expect(await sealListener(shared)).toBe(false);
  });
});
