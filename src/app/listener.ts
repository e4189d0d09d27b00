import { createServer, type Server } from 'node:http';
import { type AddressInfo, Server as NetServer, type Socket } from 'node:net';
import type { Config } from './config.js';
import type { HttpApp } from './http-app.js';
import { sealListener } from './listen-seal.js';

export interface Listener {
  /** Starts listening; resolves with the bound address (port 0 picks a free port). */
  listen(): Promise<AddressInfo>;
  /** The SIGTERM path: the drain window, then `close()`. */
  shutdown(): Promise<void>;
  /** Stops accepting, lets in-flight and queued requests finish within the grace period, then `release`. */
  close(): Promise<void>;
}

/**
 * After the grace period, responses still being written (a slow reader of an 8 MB series) get this
 * long to finish before their connections are closed; work not begun by then was refused with 503.
 */
export const WRITE_ALLOWANCE_MS = 10_000;
/** A connection accepted in the last moments before the listener closed gets this long to send its request. */
const FIRST_REQUEST_WAIT_MS = 2_000;
/** At most this many event-loop turns are spent taking connections still queued in the kernel. */
const BACKLOG_TURNS = 50;
/**
 * Once the listener is sealed (no new handshake starts), handshakes already answered get this long to
 * complete and be accepted before the close: a round trip, with room for a distant client.
 */
const SEAL_SETTLE_MS = 250;

interface Connection {
  /** Requests being answered on it now (more than one only with pipelining). */
  active: number;
  /** Requests it has carried. */
  served: number;
}

/**
 * Closing a listening socket makes the kernel reset the connections still in its accept queue: their
 * clients had connected, and some had sent their request. So new handshakes are stopped first
 * (`sealListener`: a socket filter drops SYN; a client connecting now retries after its SYN timeout
 * and finds the port closed, a refusal it knows is safe to retry), those already answered get a round
 * trip to complete, and every connection queued is taken: each turn lets the event loop's poll phase
 * accept them (the check phase follows it), until a turn brings none. Where sealing is not possible
 * (not Linux, a `node:cluster` worker's shared handle), one handshake completing within that last
 * turn can still be reset, before its request is read.
 */
async function acceptQueued(server: Server): Promise<void> {
  let accepted = 0;
  const onConnection = () => accepted++;
  server.on('connection', onConnection);
  try {
    for (let turn = 0; turn < BACKLOG_TURNS; turn++) {
      const before = accepted;
      await new Promise((resolve) => setImmediate(resolve));
      if (accepted === before) break;
    }
  } finally {
    server.off('connection', onConnection);
  }
}

/**
 * The HTTP listener's life: listen, drain and close. Connections are tracked here rather than left
 * to Node's `closeIdleConnections`, which counts a response as done once `end()` was called and so
 * destroyed sockets still flushing an 8 MB answer (a 200 with its body cut), and counts a connection
 * whose request is not parsed yet as idle (a reset). `release` frees what
 * the service holds (worker pool, store) once the last connection has closed.
 */
export function httpListener(
  http: HttpApp,
  config: Pick<Config, 'port' | 'host' | 'bodyTimeoutMs' | 'shutdownDrainMs' | 'shutdownGraceMs'>,
  release: () => Promise<void>,
): Listener {
  let server: Server | null = null;
  let closing: Promise<void> | null = null;
  let shuttingDown: Promise<void> | null = null;
  let stopping = false;
  const connections = new Map<Socket, Connection>();

  /** Ends a connection with nothing in flight: a FIN after its last answer, never a reset mid-body. */
  const endIfIdle = (socket: Socket) => {
    const c = connections.get(socket);
    if (!c || c.active > 0 || socket.destroyed) return;
    socket.end();
    // A client that never closes its side is let go after a while.
    setTimeout(() => socket.destroy(), 1_000).unref();
  };

  const track = (s: Server) => {
    s.on('connection', (socket: Socket) => {
      connections.set(socket, { active: 0, served: 0 });
      socket.once('close', () => connections.delete(socket));
      // Accepted while closing: its request is answered if it comes in time.
      if (stopping) setTimeout(() => endIfIdle(socket), FIRST_REQUEST_WAIT_MS).unref();
    });
    s.on('request', (req, res) => {
      const c = connections.get(req.socket);
      if (!c) return;
      c.active++;
      c.served++;
      res.once('close', () => {
        c.active--;
        if (stopping) endIfIdle(req.socket);
      });
    });
  };

  const stopAccepting = async (s: Server): Promise<void> => {
    if (await sealListener(s)) await new Promise((r) => setTimeout(r, SEAL_SETTLE_MS));
    await acceptQueued(s);
    // Not http.Server#close: it first destroys every connection Node deems idle, which includes one
    // accepted whose request is not parsed yet (a reset for a client that sent it) and one whose
    // answer is still flushing (a cut body). Closed as a plain net.Server, those are left to endIfIdle.
    const done = new Promise<void>((resolve) => NetServer.prototype.close.call(s, () => resolve()));
    stopping = true;
    // Idle keep-alive connections end now; busy ones after their answer (it says Connection: close);
    // ones accepted just now once their first request is answered, or after a short wait for it.
    for (const [socket, c] of connections) {
      if (c.served > 0) endIfIdle(socket);
      else setTimeout(() => endIfIdle(socket), FIRST_REQUEST_WAIT_MS).unref();
    }
    const expire = setTimeout(() => http.drain.expire(), config.shutdownGraceMs);
    const force = setTimeout(() => {
      for (const socket of connections.keys()) socket.destroy();
    }, config.shutdownGraceMs + WRITE_ALLOWANCE_MS);
    await done;
    clearTimeout(expire);
    clearTimeout(force);
  };

  const listener: Listener = {
    listen() {
      return new Promise((resolve, reject) => {
        const s = createServer(http.handle);
        track(s);
        s.once('error', reject);
        s.listen(config.port, config.host, () => {
          s.off('error', reject);
          const address = s.address() as AddressInfo;
          http.listening(address.port);
          resolve(address);
        });
        s.keepAliveTimeout = 65_000;
        // Backstop beside the body timeout: Node drops a request still arriving after this long.
        s.requestTimeout = s.headersTimeout + config.bodyTimeoutMs + 5_000;
        server = s;
      });
    },
    shutdown() {
      shuttingDown ??= (async () => {
        http.drain.start();
        await new Promise((r) => setTimeout(r, config.shutdownDrainMs));
        await listener.close();
      })();
      return shuttingDown;
    },
    close() {
      closing ??= (async () => {
        http.drain.start();
        if (server) await stopAccepting(server);
        await release();
      })();
      return closing;
    },
  };
  return listener;
}
