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
import { allowed, checkToken, secondsLeft, type Claims } from './authorize';
import {
  decodeFrame,
  encodeBroadcast,
  encodeFrame,
  encodeReply,
  VSNS,
  type Frame,
  type Vsn,
} from './protocol';

export const REALTIME_PATH = '/realtime/v1/websocket';

/** A broadcast message from the database (realtime.send). */
export type BroadcastMessage = {
  topic: string;
  event: string;
  private: boolean;
  payload: Record<string, unknown>;
};

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

export type RealtimeStats = { sockets: number; channels: number; delivered: number };

export type RealtimeEndpoint = {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  deliver(message: BroadcastMessage): void;
  /** A session ended: every channel joined with one of its tokens is closed at once. */
  endSession(sessionId: string): void;
  stats(): RealtimeStats;
  close(): Promise<void>;
};

type Channel = {
  topic: string;
  subTopic: string;
  joinRef: string | null;
  token: string;
  claims: Claims;
  self: boolean;
  ack: boolean;
  /** Write (client broadcast) authorisation, evaluated at the first client broadcast. */
  write: boolean | null;
  expiry: ReturnType<typeof setTimeout> | null;
  conn: Connection;
};

type Connection = {
  ws: WebSocket;
  vsn: Vsn;
  apiKey: string;
  channels: Map<string, Channel>;
  queue: Promise<void>;
  idle: ReturnType<typeof setTimeout>;
  closed: boolean;
};

const MAX_EXPIRY_TIMER_MS = 60 * 60 * 1000;

function rejectUpgrade(socket: Duplex, status: number, text: string): void {
  const body = JSON.stringify({ message: text });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

// The one function of server/ still over 80 lines (272): its split into the protocol's handlers
// is left to a follow-up of issue 31 item 2.
// eslint-disable-next-line max-lines-per-function -- see above
export function createRealtimeEndpoint(opts: RealtimeEndpointOptions): RealtimeEndpoint {
  const now = opts.now ?? Date.now;
  const log = opts.log ?? (() => undefined);
  const idleTimeoutMs = opts.idleTimeoutMs ?? 60_000;
  const maxChannels = opts.maxChannelsPerSocket ?? 100;
  const maxSockets = opts.maxSockets ?? 1000;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: opts.maxFrameBytes ?? 64 * 1024,
    perMessageDeflate: false,
  });
  const connections = new Set<Connection>();
  /** subTopic → joined channels */
  const byTopic = new Map<string, Set<Channel>>();
  let delivered = 0;

  const send = (conn: Connection, wire: string | Buffer) => {
    if (!conn.closed && conn.ws.readyState === conn.ws.OPEN) conn.ws.send(wire);
  };
  const reply = (conn: Connection, f: Frame, status: 'ok' | 'error', response = {}) =>
    send(conn, encodeReply(f, status, response, conn.vsn));
  const push = (ch: Channel, event: string, payload: Record<string, unknown>) =>
    send(
      ch.conn,
      encodeFrame({ joinRef: ch.joinRef, ref: null, topic: ch.topic, event, payload }, ch.conn.vsn),
    );

  function unregister(ch: Channel): void {
    if (ch.expiry) clearTimeout(ch.expiry);
    ch.expiry = null;
    if (ch.conn.channels.get(ch.topic) === ch) ch.conn.channels.delete(ch.topic);
    const set = byTopic.get(ch.subTopic);
    set?.delete(ch);
    if (set?.size === 0) byTopic.delete(ch.subTopic);
  }

  /** Closes a channel from the server side: a system error, then phx_close (as hosted). */
  function shutdown(ch: Channel, message: string): void {
    push(ch, 'system', { extension: 'system', status: 'error', message, channel: ch.subTopic });
    push(ch, 'phx_close', {});
    unregister(ch);
  }

  function scheduleExpiry(ch: Channel): void {
    if (ch.expiry) clearTimeout(ch.expiry);
    const ms = Math.min(MAX_EXPIRY_TIMER_MS, Math.max(0, secondsLeft(ch.claims, now()) * 1000));
    ch.expiry = setTimeout(() => {
      ch.expiry = null;
      void checkToken(ch.token, opts.keys.jwtSecret, now()).then((check) => {
        if (ch.conn.channels.get(ch.topic) !== ch) return;
        if (check.ok) scheduleExpiry(ch);
        else shutdown(ch, check.reason.replace(/^[A-Za-z]+: /, ''));
      });
    }, ms);
    ch.expiry.unref?.();
  }

  const SESSION_ENDED = 'Session ended: signed out or revoked';
  const sessionAlive = (claims: Claims) =>
    opts.sessionAlive ? opts.sessionAlive(claims) : Promise.resolve(true);

  const unauthorized = (subTopic: string) =>
    `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`;

  async function readAllowed(subTopic: string, claims: Claims): Promise<boolean> {
    try {
      return await allowed(opts.db, 'read', subTopic, claims);
    } catch (e) {
      log(`[realtime] RlsPolicyError on ${subTopic}: ${(e as Error).message}`);
      return false;
    }
  }

  async function join(conn: Connection, f: Frame): Promise<void> {
    const previous = conn.channels.get(f.topic);
    if (previous) {
      // Phoenix: a second join of an open topic closes the first one.
      push(previous, 'phx_close', {});
      unregister(previous);
    }
    const refuse = (reason: string) => reply(conn, f, 'error', { reason });
    const subTopic = f.topic.startsWith('realtime:') ? f.topic.slice('realtime:'.length) : '';
    if (!subTopic) return refuse('TopicNameRequired: You must provide a topic name');
    const config = isRecord(f.payload.config) ? f.payload.config : {};
    if (config.private !== true)
      return refuse('PrivateOnly: This project only allows private channels');
    if (Array.isArray(config.postgres_changes) && config.postgres_changes.length > 0)
      return refuse(
        'RealtimeDisabledForConfiguration: postgres_changes is not available on the embedded backend',
      );
    if (conn.channels.size >= maxChannels)
      return refuse('ChannelRateLimitReached: Too many channels');
    let token = f.payload.access_token ?? f.payload.user_token ?? conn.apiKey;
    if (typeof token === 'string' && token.startsWith('sb_')) token = conn.apiKey;
    const check = await checkToken(token, opts.keys.jwtSecret, now());
    if (conn.closed) return;
    if (!check.ok) return refuse(check.reason);
    if (!(await sessionAlive(check.claims))) return refuse(`InvalidJWTToken: ${SESSION_ENDED}`);
    if (conn.closed) return;
    const allowed = await readAllowed(subTopic, check.claims);
    if (conn.closed) return;
    if (!allowed) return refuse(unauthorized(subTopic));
    const broadcast = isRecord(config.broadcast) ? config.broadcast : {};
    const ch: Channel = {
      topic: f.topic,
      subTopic,
      joinRef: f.joinRef ?? f.ref,
      token: token as string,
      claims: check.claims,
      self: broadcast.self === true,
      ack: broadcast.ack === true,
      write: null,
      expiry: null,
      conn,
    };
    conn.channels.set(f.topic, ch);
    let set = byTopic.get(subTopic);
    if (!set) byTopic.set(subTopic, (set = new Set()));
    set.add(ch);
    scheduleExpiry(ch);
    reply(conn, f, 'ok', { postgres_changes: [] });
  }

  async function refreshToken(ch: Channel, f: Frame): Promise<void> {
    const token = f.payload.access_token;
    if (typeof token !== 'string' || token === ch.token || token.startsWith('sb_')) return;
    const check = await checkToken(token, opts.keys.jwtSecret, now());
    if (ch.conn.channels.get(ch.topic) !== ch) return;
    if (!check.ok) return shutdown(ch, check.reason.replace(/^[A-Za-z]+: /, ''));
    if (!(await sessionAlive(check.claims))) {
      if (ch.conn.channels.get(ch.topic) === ch) shutdown(ch, SESSION_ENDED);
      return;
    }
    if (!(await readAllowed(ch.subTopic, check.claims))) {
      if (ch.conn.channels.get(ch.topic) === ch)
        shutdown(
          ch,
          `You no longer have permission to read from this Channel topic: ${ch.subTopic}`,
        );
      return;
    }
    if (ch.conn.channels.get(ch.topic) !== ch) return;
    ch.token = token;
    ch.claims = check.claims;
    ch.write = null;
    scheduleExpiry(ch);
  }

  async function clientBroadcast(ch: Channel, f: Frame): Promise<void> {
    const event = f.payload.event;
    if (f.payload.type !== 'broadcast' || typeof event !== 'string') return;
    if (ch.write === null) {
      try {
        ch.write = await allowed(opts.db, 'write', ch.subTopic, ch.claims);
      } catch (e) {
        log(`[realtime] RlsPolicyError on ${ch.subTopic}: ${(e as Error).message}`);
        ch.write = false;
      }
    }
    if (!ch.write) {
      if (ch.ack)
        reply(ch.conn, f, 'error', {
          reason: `Unauthorized: You do not have permissions to write to this Channel topic: ${ch.subTopic}`,
        });
      return;
    }
    for (const other of byTopic.get(ch.subTopic) ?? []) {
      if (other === ch && !ch.self) continue;
      send(
        other.conn,
        encodeBroadcast(other.topic, event, f.payload.payload ?? {}, null, other.conn.vsn),
      );
    }
    if (ch.ack) reply(ch.conn, f, 'ok', {});
  }

  async function handle(conn: Connection, f: Frame): Promise<void> {
    if (f.topic === 'phoenix' && f.event === 'heartbeat') return reply(conn, f, 'ok', {});
    if (f.event === 'phx_join') return join(conn, f);
    const ch = conn.channels.get(f.topic);
    if (!ch) return reply(conn, f, 'error', { reason: 'unmatched topic' });
    switch (f.event) {
      case 'phx_leave':
        unregister(ch);
        return reply(conn, f, 'ok', {});
      case 'access_token':
        return refreshToken(ch, f);
      case 'broadcast':
        return clientBroadcast(ch, f);
      default:
        return; // presence and anything else: ignored, as hosted ignores unknown client events
    }
  }

  function closeConnection(conn: Connection): void {
    if (conn.closed) return;
    conn.closed = true;
    clearTimeout(conn.idle);
    for (const ch of [...conn.channels.values()]) unregister(ch);
    connections.delete(conn);
  }

  function accept(ws: WebSocket, vsn: Vsn, apiKey: string): void {
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
    connections.add(conn);
    ws.on('message', (data: RawData, isBinary: boolean) => {
      conn.idle.refresh();
      const buf = Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.isBuffer(data)
          ? data
          : Buffer.from(data);
      const frame = decodeFrame(buf, isBinary, conn.vsn);
      if (!frame) {
        ws.close(1007, 'invalid frame');
        closeConnection(conn);
        return;
      }
      conn.queue = conn.queue
        .then(() => handle(conn, frame))
        .catch((e: unknown) => log(`[realtime] ${(e as Error).stack ?? String(e)}`));
    });
    ws.on('close', () => closeConnection(conn));
    ws.on('error', () => closeConnection(conn));
  }

  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== REALTIME_PATH) return rejectUpgrade(socket, 404, 'Not Found');
      const vsn = (url.searchParams.get('vsn') ?? '1.0.0') as Vsn;
      if (!VSNS.includes(vsn)) return rejectUpgrade(socket, 400, 'Bad Request');
      const apiKey = url.searchParams.get('apikey') ?? String(req.headers.apikey ?? '');
      if (connections.size >= maxSockets) return rejectUpgrade(socket, 503, 'Service Unavailable');
      socket.on('error', () => socket.destroy());
      void keyRole(apiKey, opts.keys).then(
        (role) => {
          if (!role) return rejectUpgrade(socket, 401, 'Unauthorized');
          wss.handleUpgrade(req, socket, head, (ws) => accept(ws, vsn, apiKey));
        },
        () => rejectUpgrade(socket, 401, 'Unauthorized'),
      );
    },
    deliver(message) {
      const channels = byTopic.get(message.topic);
      if (!channels || !message.private) return;
      const id = typeof message.payload.id === 'string' ? message.payload.id : null;
      for (const ch of channels) {
        delivered++;
        send(
          ch.conn,
          encodeBroadcast(
            ch.topic,
            message.event,
            message.payload,
            id ? { id } : null,
            ch.conn.vsn,
          ),
        );
      }
    },
    endSession(sessionId) {
      for (const conn of connections)
        for (const ch of [...conn.channels.values()])
          if (ch.claims.session_id === sessionId) shutdown(ch, SESSION_ENDED);
    },
    stats: () => ({
      sockets: connections.size,
      channels: [...connections].reduce((n, c) => n + c.channels.size, 0),
      delivered,
    }),
    async close() {
      for (const conn of [...connections]) {
        conn.ws.close(1001, 'server shutting down');
        closeConnection(conn);
      }
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
