import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from './config.js';
import type { HttpApp } from './http-app.js';

export interface Listener {
  /** Starts listening; resolves with the bound address (port 0 picks a free port). */
  listen(): Promise<AddressInfo>;
  /** The SIGTERM path: the drain window, then `close()`. */
  shutdown(): Promise<void>;
  /** Stops accepting, lets in-flight and queued requests finish within the grace period, then `release`. */
  close(): Promise<void>;
}

/**
 * The HTTP listener's life: listen, drain and close. `release` frees what the service holds (worker
 * pool, store) once the last connection has closed.
 */
export function httpListener(
  http: HttpApp,
  config: Pick<Config, 'port' | 'host' | 'bodyTimeoutMs' | 'shutdownDrainMs' | 'shutdownGraceMs'>,
  release: () => Promise<void>,
): Listener {
  let server: Server | null = null;
  let closing: Promise<void> | null = null;
  let shuttingDown: Promise<void> | null = null;

  const stopAccepting = async (s: Server): Promise<void> => {
    const done = new Promise<void>((resolve) => s.close(() => resolve()));
    // Keep-alive sockets become idle as their last response ends; close each as soon as it does.
    s.closeIdleConnections();
    const sweep = setInterval(() => s.closeIdleConnections(), 50);
    const force = setTimeout(() => s.closeAllConnections(), config.shutdownGraceMs);
    await done;
    clearInterval(sweep);
    clearTimeout(force);
  };

  const listener: Listener = {
    listen() {
      return new Promise((resolve, reject) => {
        const s = createServer(http.handle);
        s.once('error', reject);
        s.listen(config.port, config.host, () => {
          s.off('error', reject);
          resolve(s.address() as AddressInfo);
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
