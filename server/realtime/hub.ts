// The endpoint's state and what every handler does with it: the open sockets, the channels joined
// by topic, sending frames, closing a channel from the server side (a system error, then
// phx_close, as hosted Realtime), a channel's token expiry, the RLS checks of realtime.messages.
import type { WebSocket } from 'ws';
import type { Db } from '../db/db';
import type { KeyConfig } from '../auth/keys';
import { allowed, checkToken, secondsLeft, type Claims } from './authorize';
import { encodeBroadcast, encodeFrame, encodeReply, type Frame, type Vsn } from './protocol';

/** A broadcast message from the database (realtime.send). */
export type BroadcastMessage = {
  topic: string;
  event: string;
  private: boolean;
  payload: Record<string, unknown>;
};

export type RealtimeStats = { sockets: number; channels: number; delivered: number };

export type Channel = {
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

export type Connection = {
  ws: WebSocket;
  vsn: Vsn;
  apiKey: string;
  channels: Map<string, Channel>;
  queue: Promise<void>;
  idle: ReturnType<typeof setTimeout>;
  closed: boolean;
};

export type HubOptions = {
  db: Db;
  keys: KeyConfig;
  log: (line: string) => void;
  now: () => number;
  maxChannelsPerSocket: number;
  /** Whether the session a user token names is still live (server/auth/sessions.ts). */
  sessionAlive?: (claims: Claims) => Promise<boolean>;
};

export const SESSION_ENDED = 'Session ended: signed out or revoked';

const MAX_EXPIRY_TIMER_MS = 60 * 60 * 1000;

/** A token check's reason without its code prefix (« InvalidJWTToken: »), as hosted closes say. */
export const closeReason = (reason: string) => reason.replace(/^[A-Za-z]+: /, '');

export class Hub {
  readonly connections = new Set<Connection>();
  /** subTopic → joined channels */
  readonly byTopic = new Map<string, Set<Channel>>();
  delivered = 0;

  constructor(readonly opts: HubOptions) {}

  send(conn: Connection, wire: string | Buffer): void {
    if (!conn.closed && conn.ws.readyState === conn.ws.OPEN) conn.ws.send(wire);
  }

  reply(conn: Connection, f: Frame, status: 'ok' | 'error', response = {}): void {
    this.send(conn, encodeReply(f, status, response, conn.vsn));
  }

  push(ch: Channel, event: string, payload: Record<string, unknown>): void {
    const frame = { joinRef: ch.joinRef, ref: null, topic: ch.topic, event, payload };
    this.send(ch.conn, encodeFrame(frame, ch.conn.vsn));
  }

  /** Whether this channel is still the one joined on its topic (not left, replaced or closed). */
  current(ch: Channel): boolean {
    return ch.conn.channels.get(ch.topic) === ch;
  }

  register(ch: Channel): void {
    ch.conn.channels.set(ch.topic, ch);
    let set = this.byTopic.get(ch.subTopic);
    if (!set) this.byTopic.set(ch.subTopic, (set = new Set()));
    set.add(ch);
    this.scheduleExpiry(ch);
  }

  unregister(ch: Channel): void {
    if (ch.expiry) clearTimeout(ch.expiry);
    ch.expiry = null;
    if (this.current(ch)) ch.conn.channels.delete(ch.topic);
    const set = this.byTopic.get(ch.subTopic);
    set?.delete(ch);
    if (set?.size === 0) this.byTopic.delete(ch.subTopic);
  }

  /** Closes a channel from the server side: a system error, then phx_close (as hosted). */
  shutdown(ch: Channel, message: string): void {
    const payload = { extension: 'system', status: 'error', message, channel: ch.subTopic };
    this.push(ch, 'system', payload);
    this.push(ch, 'phx_close', {});
    this.unregister(ch);
  }

  /** At the token's expiry the channel is closed (checked again then: a timer caps at 1 h). */
  scheduleExpiry(ch: Channel): void {
    if (ch.expiry) clearTimeout(ch.expiry);
    const left = secondsLeft(ch.claims, this.opts.now()) * 1000;
    const ms = Math.min(MAX_EXPIRY_TIMER_MS, Math.max(0, left));
    ch.expiry = setTimeout(() => {
      ch.expiry = null;
      void checkToken(ch.token, this.opts.keys.jwtSecret, this.opts.now()).then((check) => {
        if (!this.current(ch)) return;
        if (check.ok) this.scheduleExpiry(ch);
        else this.shutdown(ch, closeReason(check.reason));
      });
    }, ms);
    ch.expiry.unref?.();
  }

  sessionAlive(claims: Claims): Promise<boolean> {
    return this.opts.sessionAlive ? this.opts.sessionAlive(claims) : Promise.resolve(true);
  }

  /** The RLS policies of realtime.messages (authorize.ts); an error in them refuses. */
  async allowed(action: 'read' | 'write', subTopic: string, claims: Claims): Promise<boolean> {
    try {
      return await allowed(this.opts.db, action, subTopic, claims);
    } catch (e) {
      this.opts.log(`[realtime] RlsPolicyError on ${subTopic}: ${(e as Error).message}`);
      return false;
    }
  }

  /** A broadcast from the database to every channel joined to its topic (private only). */
  deliver(message: BroadcastMessage): void {
    const channels = this.byTopic.get(message.topic);
    if (!channels || !message.private) return;
    const id = typeof message.payload.id === 'string' ? message.payload.id : null;
    for (const ch of channels) {
      this.delivered++;
      const wire = encodeBroadcast(
        ch.topic,
        message.event,
        message.payload,
        id ? { id } : null,
        ch.conn.vsn,
      );
      this.send(ch.conn, wire);
    }
  }

  /** A session ended: every channel joined with one of its tokens is closed at once. */
  endSession(sessionId: string): void {
    for (const conn of this.connections)
      for (const ch of [...conn.channels.values()])
        if (ch.claims.session_id === sessionId) this.shutdown(ch, SESSION_ENDED);
  }

  closeConnection(conn: Connection): void {
    if (conn.closed) return;
    conn.closed = true;
    clearTimeout(conn.idle);
    for (const ch of [...conn.channels.values()]) this.unregister(ch);
    this.connections.delete(conn);
  }

  stats(): RealtimeStats {
    const channels = [...this.connections].reduce((n, c) => n + c.channels.size, 0);
    return { sockets: this.connections.size, channels, delivered: this.delivered };
  }
}
