// The embedded Realtime endpoint, /realtime/v1/websocket: the part of Supabase Realtime's protocol
// that private Broadcast channels use, for supabase-js's own realtime client (realtime-js over
// Phoenix channels; both serializers, vsn 1.0.0 and 2.0.0):
//  - connect: `apikey` (anon or service key) required in the query string, as hosted;
//  - heartbeat (topic "phoenix"): answered; a socket silent for idleTimeoutMs is closed;
//  - phx_join of a private channel with the user's access token: the token is checked (signature,
//    `role` and `exp`), then the RLS policies of realtime.messages decide (authorize.ts); refusals
//    answer hosted Realtime's reasons. Public channels are refused (the "private only" setting);
//  - access_token: the channel's token replaced, policies evaluated again (a lost right closes the
//    channel); at the token's expiry the channel is closed with a system error, as hosted;
//  - broadcast from the database (deliver(), fed by NOTIFY) to the channels joined to the topic;
//    broadcast from a client only where an INSERT policy allows it (none does in this project);
//  - phx_leave, "unmatched topic" errors, limits (frame size, channels per socket, sockets).
// Not implemented (unused by the app): presence, postgres_changes, the HTTP broadcast API, replay.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Db } from '../db/db';
import { keyRole, type KeyConfig } from '../auth/keys';
import type { Claims } from './authorize';
import { handleFrame } from './handlers';
import { Hub, type BroadcastMessage, type Connection, type RealtimeStats } from './hub';
import { decodeFrame, VSNS, type Vsn } from './protocol';

export type { BroadcastMessage, RealtimeStats } from './hub';

export const REALTIME_PATH = '/realtime/v1/websocket';

export type RealtimeEndpointOptions = {
  db: Db;
  keys: KeyConfig;
  log?: (line: string) => void;
  now?: () => number;
  /** A socket that sends nothing for this long is closed (Phoenix's 60 s; clients beat every 25 s). */
  idleTimeoutMs?: number;
  maxChannelsPerSocket?: number;
  maxSockets?: number;
  maxFrameBytes?: number;
  /**
   * Whether the session a user token names is still live (server/auth/sessions.ts): a signed-out
   * or revoked session joins nothing and its channels close (endSession).
   */
  sessionAlive?: (claims: Claims) => Promise<boolean>;
};

export type RealtimeEndpoint = {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  deliver(message: BroadcastMessage): void;
  /** A session ended: every channel joined with one of its tokens is closed at once. */
  endSession(sessionId: string): void;
  stats(): RealtimeStats;
  close(): Promise<void>;
};

function rejectUpgrade(socket: Duplex, status: number, text: string): void {
  const body = JSON.stringify({ message: text });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

const frameBytes = (data: RawData): Buffer =>
  Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);

/** A socket accepted: its frames handled one after the other; idle for too long, it is closed. */
function accept(hub: Hub, ws: WebSocket, vsn: Vsn, apiKey: string, idleTimeoutMs: number): void {
  const conn: Connection = {
    ws,
    vsn,
    apiKey,
    channels: new Map(),
    queue: Promise.resolve(),
    idle: setTimeout(() => ws.close(1000, 'idle'), idleTimeoutMs),
    closed: false,
  };
  conn.idle.unref?.();
  hub.connections.add(conn);
  ws.on('message', (data: RawData, isBinary: boolean) => {
    conn.idle.refresh();
    const frame = decodeFrame(frameBytes(data), isBinary, conn.vsn);
    if (!frame) {
      ws.close(1007, 'invalid frame');
      hub.closeConnection(conn);
      return;
    }
    conn.queue = conn.queue
      .then(() => handleFrame(hub, conn, frame))
      .catch((e: unknown) => hub.opts.log(`[realtime] ${(e as Error).stack ?? String(e)}`));
  });
  ws.on('close', () => hub.closeConnection(conn));
  ws.on('error', () => hub.closeConnection(conn));
}

export function createRealtimeEndpoint(opts: RealtimeEndpointOptions): RealtimeEndpoint {
  const idleTimeoutMs = opts.idleTimeoutMs ?? 60_000;
  const maxSockets = opts.maxSockets ?? 1000;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: opts.maxFrameBytes ?? 64 * 1024,
    perMessageDeflate: false,
  });
  const hub = new Hub({
    db: opts.db,
    keys: opts.keys,
    log: opts.log ?? (() => undefined),
    now: opts.now ?? Date.now,
    maxChannelsPerSocket: opts.maxChannelsPerSocket ?? 100,
    sessionAlive: opts.sessionAlive,
  });
  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== REALTIME_PATH) return rejectUpgrade(socket, 404, 'Not Found');
      const vsn = (url.searchParams.get('vsn') ?? '1.0.0') as Vsn;
      if (!VSNS.includes(vsn)) return rejectUpgrade(socket, 400, 'Bad Request');
      const apiKey = url.searchParams.get('apikey') ?? String(req.headers.apikey ?? '');
      if (hub.connections.size >= maxSockets)
        return rejectUpgrade(socket, 503, 'Service Unavailable');
      socket.on('error', () => socket.destroy());
      void keyRole(apiKey, opts.keys).then(
        (role) => {
          if (!role) return rejectUpgrade(socket, 401, 'Unauthorized');
          wss.handleUpgrade(req, socket, head, (ws) => accept(hub, ws, vsn, apiKey, idleTimeoutMs));
        },
        () => rejectUpgrade(socket, 401, 'Unauthorized'),
      );
    },
    deliver: (message) => hub.deliver(message),
    endSession: (sessionId) => hub.endSession(sessionId),
    stats: () => hub.stats(),
    async close() {
      for (const conn of [...hub.connections]) {
        conn.ws.close(1001, 'server shutting down');
        hub.closeConnection(conn);
      }
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
