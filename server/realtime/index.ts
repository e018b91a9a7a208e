// Realtime for the embedded backend: the /realtime/v1/websocket endpoint (endpoint.ts) fed by the
// database's notifications: realtime.send() is a NOTIFY in the embedded schema (schema.ts),
// delivered after commit to this LISTEN (PGlite's listen API, or a dedicated connection on a
// PostgreSQL server).
import type { Db } from '../db/db';
import type { KeyConfig } from '../auth/keys';
import type { LiveSessions } from '../auth/sessions';
import { createRealtimeEndpoint, type BroadcastMessage, type RealtimeEndpoint } from './endpoint';
import { REALTIME_NOTIFY_CHANNEL } from '../db/realtime-schema';

export { REALTIME_PATH, type RealtimeEndpoint, type RealtimeStats } from './endpoint';

/** A notification of realtime.send(), or null when it is not one. */
export function parseBroadcast(text: string): BroadcastMessage | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  const m = v as Partial<BroadcastMessage> | null;
  if (
    !m ||
    typeof m.topic !== 'string' ||
    typeof m.event !== 'string' ||
    typeof m.private !== 'boolean' ||
    typeof m.payload !== 'object' ||
    m.payload === null ||
    Array.isArray(m.payload)
  )
    return null;
  return { topic: m.topic, event: m.event, private: m.private, payload: m.payload };
}

export async function startRealtime(opts: {
  db: Db;
  keys: KeyConfig;
  log?: (line: string) => void;
  /** Live sessions (server/auth/sessions.ts): ended sessions join nothing and lose their channels. */
  sessions?: LiveSessions;
}): Promise<RealtimeEndpoint> {
  const sessions = opts.sessions;
  const endpoint = createRealtimeEndpoint({
    ...opts,
    sessionAlive: sessions
      ? (claims) =>
          typeof claims.session_id === 'string' && claims.role === 'authenticated'
            ? sessions.isLive(claims.session_id)
            : Promise.resolve(true)
      : undefined,
  });
  const stopEnded = sessions?.onEnded((id) => endpoint.endSession(id));
  const unlisten = await opts.db.listen(REALTIME_NOTIFY_CHANNEL, (text) => {
    const message = parseBroadcast(text);
    if (message) endpoint.deliver(message);
  });
  let closing: Promise<void> | null = null;
  return {
    ...endpoint,
    close() {
      closing ??= (async () => {
        stopEnded?.();
        await unlisten().catch(() => undefined);
        await endpoint.close();
      })();
      return closing;
    },
  };
}
