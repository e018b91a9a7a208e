// What the endpoint does with each client frame: heartbeat, phx_join, phx_leave, access_token and
// client broadcast. Refusals answer hosted Realtime's reasons (the client maps them to codes).
import { checkToken } from './authorize';
import { closeReason, SESSION_ENDED, type Channel, type Connection, type Hub } from './hub';
import { encodeBroadcast, type Frame } from './protocol';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const unauthorized = (subTopic: string) =>
  `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`;

/** A frame of a connection (they are handled one after the other, in order). */
export async function handleFrame(hub: Hub, conn: Connection, f: Frame): Promise<void> {
  if (f.topic === 'phoenix' && f.event === 'heartbeat') return hub.reply(conn, f, 'ok', {});
  if (f.event === 'phx_join') return join(hub, conn, f);
  const ch = conn.channels.get(f.topic);
  if (!ch) return hub.reply(conn, f, 'error', { reason: 'unmatched topic' });
  switch (f.event) {
    case 'phx_leave':
      hub.unregister(ch);
      return hub.reply(conn, f, 'ok', {});
    case 'access_token':
      return refreshToken(hub, ch, f);
    case 'broadcast':
      return clientBroadcast(hub, ch, f);
    default:
      return; // presence and anything else: ignored, as hosted ignores unknown client events
  }
}

/** What a join asks for, or the reason it is refused before any token is looked at. */
function joinRequest(
  hub: Hub,
  conn: Connection,
  f: Frame,
): { refused: string } | { subTopic: string; config: Record<string, unknown> } {
  const subTopic = f.topic.startsWith('realtime:') ? f.topic.slice('realtime:'.length) : '';
  if (!subTopic) return { refused: 'TopicNameRequired: You must provide a topic name' };
  const config = isRecord(f.payload.config) ? f.payload.config : {};
  if (config.private !== true)
    return { refused: 'PrivateOnly: This project only allows private channels' };
  if (Array.isArray(config.postgres_changes) && config.postgres_changes.length > 0)
    return {
      refused:
        'RealtimeDisabledForConfiguration: postgres_changes is not available on the embedded backend',
    };
  if (conn.channels.size >= hub.opts.maxChannelsPerSocket)
    return { refused: 'ChannelRateLimitReached: Too many channels' };
  return { subTopic, config };
}

/** The join's token: the user's access token, else the socket's API key (publishable keys too). */
function joinToken(conn: Connection, f: Frame): unknown {
  const token = f.payload.access_token ?? f.payload.user_token ?? conn.apiKey;
  return typeof token === 'string' && token.startsWith('sb_') ? conn.apiKey : token;
}

async function join(hub: Hub, conn: Connection, f: Frame): Promise<void> {
  const previous = conn.channels.get(f.topic);
  if (previous) {
    // Phoenix: a second join of an open topic closes the first one.
    hub.push(previous, 'phx_close', {});
    hub.unregister(previous);
  }
  const refuse = (reason: string) => hub.reply(conn, f, 'error', { reason });
  const request = joinRequest(hub, conn, f);
  if ('refused' in request) return refuse(request.refused);
  const { subTopic, config } = request;
  const token = joinToken(conn, f);
  const check = await checkToken(token, hub.opts.keys.jwtSecret, hub.opts.now());
  if (conn.closed) return;
  if (!check.ok) return refuse(check.reason);
  if (!(await hub.sessionAlive(check.claims))) return refuse(`InvalidJWTToken: ${SESSION_ENDED}`);
  if (conn.closed) return;
  const readable = await hub.allowed('read', subTopic, check.claims);
  if (conn.closed) return;
  if (!readable) return refuse(unauthorized(subTopic));
  const broadcast = isRecord(config.broadcast) ? config.broadcast : {};
  hub.register({
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
  });
  hub.reply(conn, f, 'ok', { postgres_changes: [] });
}

/** access_token: the channel's token replaced, the policies evaluated again (a lost right closes). */
async function refreshToken(hub: Hub, ch: Channel, f: Frame): Promise<void> {
  const token = f.payload.access_token;
  if (typeof token !== 'string' || token === ch.token || token.startsWith('sb_')) return;
  const check = await checkToken(token, hub.opts.keys.jwtSecret, hub.opts.now());
  if (!hub.current(ch)) return;
  if (!check.ok) return hub.shutdown(ch, closeReason(check.reason));
  if (!(await hub.sessionAlive(check.claims))) {
    if (hub.current(ch)) hub.shutdown(ch, SESSION_ENDED);
    return;
  }
  if (!(await hub.allowed('read', ch.subTopic, check.claims))) {
    if (hub.current(ch))
      hub.shutdown(
        ch,
        `You no longer have permission to read from this Channel topic: ${ch.subTopic}`,
      );
    return;
  }
  if (!hub.current(ch)) return;
  ch.token = token;
  ch.claims = check.claims;
  ch.write = null;
  hub.scheduleExpiry(ch);
}

/** A client's broadcast, only where an INSERT policy of realtime.messages allows it. */
async function clientBroadcast(hub: Hub, ch: Channel, f: Frame): Promise<void> {
  const event = f.payload.event;
  if (f.payload.type !== 'broadcast' || typeof event !== 'string') return;
  if (ch.write === null) ch.write = await hub.allowed('write', ch.subTopic, ch.claims);
  if (!ch.write) {
    if (ch.ack)
      hub.reply(ch.conn, f, 'error', {
        reason: `Unauthorized: You do not have permissions to write to this Channel topic: ${ch.subTopic}`,
      });
    return;
  }
  for (const other of hub.byTopic.get(ch.subTopic) ?? []) {
    if (other === ch && !ch.self) continue;
    const payload = f.payload.payload ?? {};
    hub.send(other.conn, encodeBroadcast(other.topic, event, payload, null, other.conn.vsn));
  }
  if (ch.ack) hub.reply(ch.conn, f, 'ok', {});
}
