// A device's network that really goes down, for a browser context: an HTTP proxy in front of all
// its requests (Playwright proxies loopback addresses too), which refuses every request while
// « offline ». Playwright's context.setOffline emulates offline through DevTools only, and a page
// that is closed or navigated away loses that emulation before it stops: a page controlled by a
// service worker then receives 'online' and its requests leave (seen in survey.e2e.ts: an answer
// reached the server while the phone was offline). With the proxy down as well, nothing leaves, as
// on a phone with no network. Use both: setOffline for navigator.onLine, the proxy for the wire.
import http from 'node:http';
import type { Socket } from 'node:net';

export type NetworkSwitch = {
  /** The context's `proxy.server`. */
  readonly server: string;
  /** true: every request (and every open connection) fails, as with no network. */
  setDown(down: boolean): void;
  close(): Promise<void>;
};

const HOP_BY_HOP = ['connection', 'proxy-connection', 'keep-alive', 'proxy-authorization'];

export async function startNetworkSwitch(): Promise<NetworkSwitch> {
  let down = false;
  const sockets = new Set<Socket>();
  const proxy = http.createServer((req, res) => {
    if (down || !req.url) return void req.socket.destroy();
    const target = new URL(req.url);
    const headers = { ...req.headers };
    for (const h of HOP_BY_HOP) delete headers[h];
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  proxy.on('connection', (socket) => {
    if (down) return void socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as { port: number };
  return {
    server: `http://127.0.0.1:${port}`,
    setDown(value) {
      down = value;
      if (down) for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}
