// Who may join which topic: the access token checked as hosted Realtime checks it, then the RLS
// policies of realtime.messages evaluated by the database for that user and topic, exactly the way
// Realtime does it (Realtime.Tenants.Authorization): in a transaction, a probe message for the
// topic is inserted, the role, the JWT claims and realtime.topic are set, and the probe is read
// back (read allowed) or inserted as the user (write allowed); then everything is rolled back.
// No rule is re-implemented here: changing the policies in a migration changes who may join.
import { randomUUID } from 'node:crypto';
import { compactVerify } from 'jose';
import type { Db, DbSession } from '../db/db';
import { secretBytes } from '../auth/keys';

export type Claims = Record<string, unknown> & { role: string; exp: number; sub?: string };

export type TokenCheck =
  { ok: true; claims: Claims } | { ok: false; reason: string; expired: boolean };

/** The roles a token may act as (the API roles of Supabase). */
const ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** Hosted Realtime's messages, so that clients and logs read the same thing. */
export async function checkToken(
  token: unknown,
  jwtSecret: string,
  nowMs: number,
): Promise<TokenCheck> {
  if (typeof token !== 'string' || token.split('.').length !== 3)
    return {
      ok: false,
      reason: 'MalformedJWT: The token provided is not a valid JWT',
      expired: false,
    };
  let payload: Uint8Array;
  try {
    ({ payload } = await compactVerify(token, secretBytes(jwtSecret), { algorithms: ['HS256'] }));
  } catch (e) {
    const malformed = (e as { code?: string }).code === 'ERR_JWS_INVALID';
    return {
      ok: false,
      reason: malformed
        ? 'MalformedJWT: The token provided is not a valid JWT'
        : 'JwtSignatureError: Failed to validate JWT signature',
      expired: false,
    };
  }
  let claims: unknown;
  try {
    claims = JSON.parse(new TextDecoder().decode(payload));
  } catch {
    return {
      ok: false,
      reason: 'MalformedJWT: The token provided is not a valid JWT',
      expired: false,
    };
  }
  const c = claims as Partial<Claims> | null;
  if (!c || typeof c.role !== 'string' || typeof c.exp !== 'number' || !Number.isInteger(c.exp))
    return {
      ok: false,
      reason: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT',
      expired: false,
    };
  const left = c.exp - Math.floor(nowMs / 1000);
  if (left <= 0)
    return {
      ok: false,
      reason: `InvalidJWTToken: Token has expired ${Math.abs(left)} seconds ago`,
      expired: true,
    };
  return { ok: true, claims: c as Claims };
}

/** Seconds left before the token expires (for the channel's expiry timer). */
export function secondsLeft(claims: Claims, nowMs: number): number {
  return claims.exp - Math.floor(nowMs / 1000);
}

class Rollback<T> {
  constructor(readonly value: T) {}
}

/** Runs fn in a transaction that is always rolled back; resolves fn's result. */
async function rolledBack<T>(db: Db, fn: (tx: DbSession) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (e) {
    if (e instanceof Rollback) return e.value as T;
    throw e;
  }
  throw new Error('unreachable');
}

/**
 * May this user read broadcasts of this topic (join it as a private channel), or broadcast on it?
 * Read: a probe message inserted as the server, read back as the user. Write: a message inserted
 * as the user (an INSERT policy must allow it). Always rolled back.
 */
export async function allowed(
  db: Db,
  access: 'read' | 'write',
  topic: string,
  claims: Claims,
  headers: Record<string, string> = {},
): Promise<boolean> {
  if (!ROLES.has(claims.role)) return false;
  const probe = randomUUID();
  const asUser = (tx: DbSession) =>
    tx.query(
      `select set_config('role', $1, true), set_config('realtime.topic', $2, true),
              set_config('request.jwt.claims', $3, true), set_config('request.jwt.claim.sub', $4, true),
              set_config('request.jwt.claim.role', $1, true), set_config('request.headers', $5, true)`,
      [claims.role, topic, JSON.stringify(claims), claims.sub ?? '', JSON.stringify(headers)],
    );
  const insertProbe = (tx: DbSession) =>
    tx.query(
      `insert into realtime.messages (id, topic, extension, event, private)
       values ($1::uuid, $2, 'broadcast', 'probe', true)`,
      [probe, topic],
    );
  try {
    return await rolledBack(db, async (tx) => {
      if (access === 'read') await insertProbe(tx);
      await asUser(tx);
      if (access === 'write') {
        await insertProbe(tx);
        return true;
      }
      const rows = await tx.query(`select id from realtime.messages where id = $1::uuid`, [probe]);
      return rows.length === 1;
    });
  } catch (e) {
    // new row violates row-level security policy: no write policy for this user and topic
    if (access === 'write' && (e as { code?: string }).code === '42501') return false;
    throw e;
  }
}
