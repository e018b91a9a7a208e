// A device's network that really goes down, for a browser context: an HTTP proxy in front of all
// its requests and WebSockets (Playwright proxies loopback addresses too), which refuses everything
// while « down ». Playwright's context.setOffline emulates offline through DevTools only, and a page
// that is closed, reloaded or navigated away loses that emulation before it stops: a page controlled
// by the service worker then receives 'online' and its requests leave (seen in survey.e2e.ts: an
// answer reached the server while the phone was offline; measured in the commit that added this).
// With the proxy down as well, nothing leaves, as on a phone with no network. fixtures.ts puts every
// test's context behind one and takes it down with context.setOffline.
import http from 'node:http';
import net, { type Socket } from 'node:net';

export type NetworkSwitch = {
  /** The context's `proxy.server`. */
  readonly server: string;
  /** true: every request, WebSocket and open connection fails, as with no network. */
  setDown(down: boolean): void;
  close(): Promise<void>;
};

const HOP_BY_HOP = ['connection', 'proxy-connection', 'keep-alive', 'proxy-authorization'];

export async function startNetworkSwitch(): Promise<NetworkSwitch> {
  let down = false;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
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
  // WebSockets (Realtime) go through a CONNECT tunnel.
  proxy.on('connect', (req: http.IncomingMessage, client: Socket, head: Buffer) => {
    const [host, port] = (req.url ?? '').split(':');
    if (down || !host || !port) return void client.destroy();
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  proxy.on('connection', (socket: Socket) => {
    if (down) return void socket.destroy();
    track(socket);
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
