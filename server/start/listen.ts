// HTTP listeners: the API (lite + our routes) and, for npm start, the built PWA.
import type { IncomingMessage } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { Duplex } from 'node:stream';
import { serve, type ServerType } from '@hono/node-server';
import type { Backend } from './backend';

export class PortInUseError extends Error {
  constructor(
    readonly host: string,
    readonly port: number,
    readonly variable: string,
  ) {
    super(
      `Le port ${port} (${host}) est déjà utilisé. Arrêtez le processus qui l'occupe, ou choisissez un autre port avec ${variable}=...`,
    );
    this.name = 'PortInUseError';
  }
}

export function listen(
  fetch: (req: Request, peer: string | null) => Promise<Response> | Response,
  host: string,
  port: number,
  variable: string,
): Promise<{ server: ServerType; port: number; close(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = serve({
      hostname: host,
      port,
      fetch: (req, env: { incoming?: { socket?: { remoteAddress?: string } } }) =>
        fetch(req, env?.incoming?.socket?.remoteAddress ?? null),
    });
    const onError = (e: NodeJS.ErrnoException) => {
      reject(e.code === 'EADDRINUSE' ? new PortInUseError(host, port, variable) : e);
    };
    server.once('error', onError);
    server.once('listening', () => {
      server.off('error', onError);
      const addr = server.address();
      const actual = typeof addr === 'object' && addr ? addr.port : port;
      resolve({
        server,
        port: actual,
        close: () =>
          new Promise<void>((res) => {
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            server.close(() => res());
          }),
      });
    });
  });
}

/** A free TCP port on host (the OS picks it). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.once('error', reject);
    s.listen(0, host, () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export async function listenBackend(backend: Backend) {
  const listener = await listen(
    (req, peer) => backend.fetch(req, peer),
    backend.config.host,
    backend.config.port,
    'PORT',
  );
  // WebSocket upgrades (/realtime/v1/websocket) bypass the fetch handler.
  listener.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) =>
    backend.upgrade(req, socket, head),
  );
  return {
    ...listener,
    // Open websockets would keep the server from closing: they go first.
    close: async () => {
      await backend.realtime.close();
      await listener.close();
    },
  };
}
