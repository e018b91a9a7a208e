// Ending a user's sessions (issue 28 item 2): as hosted GoTrue does on a password update
// (models.User.UpdatePassword: LogoutAllExceptMe), a new password ends every other session and
// refresh token of the account; a password-reset link does too, and also retires the old password
// at once (whoever opens the link reads the inbox, and the person who knew the old password, maybe
// a stranger, must not keep a way in while the owner has not typed the new one yet).
//
// Sessions are rows of auth.sessions and auth.refresh_tokens; lite refuses an access token whose
// session row is gone on /auth/v1, and whatever caches "live sessions" elsewhere (REST, functions,
// Realtime) is told through onSessionsEnded.
import { decodeJwt } from 'jose';
import type { Db, DbSession } from '../db/db';

type Listener = (userId: string) => void;
const listeners = new Set<Listener>();

/** Called after sessions of `userId` ended (a cache of live sessions drops that user's). */
export function onSessionsEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function notifySessionsEnded(userId: string): void {
  for (const listener of listeners) listener(userId);
}

/**
 * Deletes every session and refresh token of the user but `keepSessionId`'s (null: all of them).
 * Run inside the caller's transaction when it has one; call notifySessionsEnded after it commits.
 */
export async function deleteSessions(
  db: DbSession,
  userId: string,
  keepSessionId: string | null,
): Promise<void> {
  if (keepSessionId) {
    await db.query(
      `delete from auth.refresh_tokens
        where user_id = $1 and (session_id is null or session_id <> $2)`,
      [userId, keepSessionId],
    );
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [
      userId,
      keepSessionId,
    ]);
  } else {
    await db.query('delete from auth.refresh_tokens where user_id = $1', [userId]);
    await db.query('delete from auth.sessions where user_id = $1', [userId]);
  }
}

/** The user and session an access token names (already verified by whoever accepted it). */
export function tokenSession(accessToken: string | null): {
  userId: string;
  sessionId: string | null;
} | null {
  if (!accessToken) return null;
  try {
    const claims = decodeJwt(accessToken);
    if (typeof claims.sub !== 'string' || !claims.sub) return null;
    const sid = claims.session_id;
    return { userId: claims.sub, sessionId: typeof sid === 'string' && sid ? sid : null };
  } catch {
    return null;
  }
}

/** The access token of a GoTrue answer: a token response, or a redirect carrying one. */
export async function accessTokenOf(res: Response): Promise<string | null> {
  const location = res.headers.get('location');
  if (location) {
    const fragment = new URLSearchParams(location.split('#')[1] ?? '');
    return fragment.get('access_token');
  }
  if (!res.ok) return null;
  try {
    const body = (await res.clone().json()) as { access_token?: unknown };
    return typeof body.access_token === 'string' ? body.access_token : null;
  } catch {
    return null;
  }
}

/**
 * After a password change (PUT /user with a password, answered 200): every other session ends.
 */
export async function afterPasswordChange(
  db: DbSession,
  requestToken: string | null,
): Promise<void> {
  const who = tokenSession(requestToken);
  if (!who) return;
  await deleteSessions(db, who.userId, who.sessionId);
  notifySessionsEnded(who.userId);
}

/**
 * After a password-reset link or code signed somebody in (the answer holds the new session): the
 * old password is retired and every other session ends. The new-password screen then asks for one.
 */
export async function afterRecovery(db: Db, res: Response): Promise<void> {
  const who = tokenSession(await accessTokenOf(res));
  if (!who?.sessionId) return;
  const sessionId = who.sessionId;
  await db.transaction(async (tx) => {
    await tx.query(
      `update auth.users set encrypted_password = '', updated_at = now() where id = $1`,
      [who.userId],
    );
    await deleteSessions(tx, who.userId, sessionId);
  });
  notifySessionsEnded(who.userId);
}
