// A signed-out or revoked session ends everywhere at once (issue 28 item 4). GoTrue's access
// tokens carry the session's id (`session_id` claim); lite checks it on its own /auth/v1 routes only,
// so after a sign-out, a revoked refresh-token family or a password change, the access token still
// read /rest/v1, called /functions/v1 and kept its Realtime channels until it expired (up to an
// hour). Here every user token that names a session is checked against the live sessions
// (auth.sessions rows) on REST, RPC, functions and Realtime:
//  - a live answer is cached for a few seconds, an ended one for good (a session never comes back);
//  - every deletion of a session row (sign-out, revocation, a user deleted, a trigger of the
//    migrations ending sessions) notifies `auth_session_ended` after its commit: the cache forgets
//    it and Realtime closes its channels (LISTEN: PGlite's listen API, a dedicated connection on a
//    PostgreSQL server);
//  - after any request of /auth/v1 that may end sessions (anything but a read), the live answers
//    are dropped too, so that the next request after the answer never relies on a notification
//    still on its way (PostgreSQL delivers it on another connection).
// Tokens without `session_id` (signed by an operator with the JWT secret, as on hosted) are not
// concerned.
import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../db/db';
import { bearerToken, verifyJwt } from './keys';

export const SESSION_ENDED_CHANNEL = 'auth_session_ended';

/** The trigger that tells LISTEN which session ended (idempotent; the auth schema is lite's). */
const NOTIFY_SQL = `
create or replace function auth.bf_session_ended() returns trigger
language plpgsql as $$
begin
  perform pg_notify('${SESSION_ENDED_CHANNEL}', old.id::text);
  return old;
end
$$;
drop trigger if exists bf_session_ended on auth.sessions;
create trigger bf_session_ended after delete on auth.sessions
  for each row execute function auth.bf_session_ended();`;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type LiveSessionsOptions = {
  /** How long a "live" answer is kept (default 5 s). */
  liveTtlMs?: number;
  /** Answers kept at most (oldest out first). */
  maxEntries?: number;
  now?: () => number;
};

export class LiveSessions {
  #cache = new Map<string, { live: boolean; at: number }>();
  #listeners = new Set<(sessionId: string) => void>();
  #unlisten: (() => Promise<void>) | null = null;
  readonly #ttl: number;
  readonly #max: number;
  readonly #now: () => number;
  /** Database look-ups so far (tests: the cache answers repeated checks). */
  lookups = 0;

  constructor(
    private readonly db: Db,
    opts: LiveSessionsOptions = {},
  ) {
    this.#ttl = opts.liveTtlMs ?? 5_000;
    this.#max = opts.maxEntries ?? 50_000;
    this.#now = opts.now ?? Date.now;
  }

  /** Installs the notification trigger and listens to it. */
  async start(): Promise<void> {
    await this.db.exec(NOTIFY_SQL);
    this.#unlisten = await this.db.listen(SESSION_ENDED_CHANNEL, (id) => this.ended(id));
  }

  async close(): Promise<void> {
    await this.#unlisten?.().catch(() => undefined);
    this.#unlisten = null;
  }

  /** Whether the session exists now (cached: live for a few seconds, ended for good). */
  async isLive(sessionId: string): Promise<boolean> {
    if (!UUID_RE.test(sessionId)) return false;
    const known = this.#cache.get(sessionId);
    if (known && (!known.live || this.#now() - known.at < this.#ttl)) return known.live;
    this.lookups++;
    const rows = await this.db.query<{ one: number }>(
      'select 1 as one from auth.sessions where id = $1',
      [sessionId],
    );
    // Ended meanwhile (a notification arrived during the look-up): it stays ended.
    if (this.#cache.get(sessionId)?.live === false) return false;
    this.#remember(sessionId, rows.length > 0);
    return rows.length > 0;
  }

  /** A session that ended: never live again; listeners (Realtime) are told. */
  ended(sessionId: string): void {
    this.#remember(sessionId, false);
    for (const listener of this.#listeners) listener(sessionId);
  }

  /** Forgets every live answer (after an auth request that may have ended sessions). */
  forgetLive(): void {
    for (const [id, entry] of this.#cache) if (entry.live) this.#cache.delete(id);
  }

  onEnded(listener: (sessionId: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #remember(sessionId: string, live: boolean) {
    this.#cache.delete(sessionId);
    this.#cache.set(sessionId, { live, at: this.#now() });
    if (this.#cache.size > this.#max) this.#cache.delete(this.#cache.keys().next().value!);
  }
}

/** The session a request's user token names (verified token, role authenticated), or null. */
export async function requestSessionId(req: Request, jwtSecret: string): Promise<string | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const claims = await verifyJwt(token, jwtSecret);
  if (!claims || claims.role !== 'authenticated') return null;
  return typeof claims.session_id === 'string' ? claims.session_id : null;
}

/** PostgREST's answer to a token it refuses (the app refreshes, then signs out: sync/errors.ts). */
function restRefusal(c: Context): Response {
  c.header('www-authenticate', 'Bearer error="invalid_token", error_description="session ended"');
  return c.json(
    {
      code: 'PGRST303',
      message: 'JWT session has ended (signed out or revoked)',
      details: null,
      hint: null,
    },
    401,
  );
}

function functionsRefusal(c: Context): Response {
  return c.json({ error: 'session_ended', message: 'Session terminée : reconnectez-vous.' }, 401);
}

/**
 * Refuses a user token whose session ended: /rest/v1 (PostgREST's 401) and /functions/v1 (ours).
 * On /auth/v1 (lite checks its own routes) it only drops the live answers after any write.
 */
export function liveSessionGuard(
  sessions: LiveSessions,
  jwtSecret: string,
  kind: 'rest' | 'functions' | 'auth',
): MiddlewareHandler {
  return async (c, next) => {
    if (kind === 'auth') {
      await next();
      if (c.req.method !== 'GET' || c.req.path.endsWith('/verify')) sessions.forgetLive();
      return;
    }
    if (c.req.method === 'OPTIONS') return next();
    const sessionId = await requestSessionId(c.req.raw, jwtSecret);
    if (sessionId && !(await sessions.isLive(sessionId)))
      return kind === 'rest' ? restRefusal(c) : functionsRefusal(c);
    return next();
  };
}
