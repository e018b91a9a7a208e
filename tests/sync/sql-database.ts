// A standalone PGlite with the project's migrations and prepared transactions enabled, and a
// RemotePort that calls the sync functions in SQL as the token's user (RLS applies: role
// authenticated and the JWT claims, as the API sets them). Used where a scenario needs two open
// transactions at once, which the shared backend (one PGlite session behind a mutex) cannot
// produce: the late commit.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { SUPABASE_ROLES_SQL } from '../../server/db/migrations';
import { REALTIME_SCHEMA_SQL } from '../../server/db/realtime-schema';
import { decodeJwt, RemoteError, type RemotePort } from '../../sync';

/** The part of Supabase's auth schema the migrations use. */
const AUTH_STUB = `
create schema if not exists auth;
create table if not exists auth.users (
  id uuid primary key,
  email text,
  email_confirmed_at timestamptz,
  encrypted_password text,
  raw_user_meta_data jsonb,
  created_at timestamptz,
  updated_at timestamptz
);
create or replace function auth.uid() returns uuid language sql stable as $$
  select nullif(coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
  ), '')::uuid
$$;
`;

/**
 * Hosted Realtime's send(): the message goes into realtime.messages (Realtime reads the WAL). The
 * embedded one is a NOTIFY, which PostgreSQL refuses in a transaction that is then prepared.
 */
const HOSTED_REALTIME_SEND = `
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void language plpgsql as $$
begin
  insert into realtime.messages (payload, event, topic, private, extension)
  values (payload, event, topic, private, 'broadcast');
end $$;
`;

const MIGRATIONS = join(import.meta.dirname, '../../supabase/migrations');

export async function startSqlDatabase(): Promise<PGlite> {
  const pg = new PGlite({
    startParams: [...PGlite.defaultStartParams, '-c', 'max_prepared_transactions=8'],
  });
  await pg.waitReady;
  await pg.exec(AUTH_STUB);
  await pg.exec(SUPABASE_ROLES_SQL);
  await pg.exec(REALTIME_SCHEMA_SQL);
  await pg.exec(HOSTED_REALTIME_SEND);
  for (const file of readdirSync(MIGRATIONS)
    .filter((f) => /^\d{14}_.+\.sql$/.test(f))
    .sort()) {
    await pg.exec(readFileSync(join(MIGRATIONS, file), 'utf8'));
  }
  return pg;
}

export async function createSqlUser(pg: PGlite, id: string, email: string): Promise<void> {
  // Confirmed: the profile is created at confirmation (20261123000100_accounts_on_confirmation).
  await pg.query(
    'insert into auth.users (id, email, email_confirmed_at, raw_user_meta_data) values ($1, $2, now(), $3)',
    [id, email, { contact_name: 'Test', contact_email: email }],
  );
}

/** The statements that make the rest of a transaction run as the user (as the API does). */
export function asUserSql(userId: string): string {
  const claims = JSON.stringify({ sub: userId, role: 'authenticated' }).replace(/'/g, "''");
  return `select set_config('request.jwt.claim.sub', '${userId}', true), set_config('request.jwt.claims', '${claims}', true);
set local role authenticated;`;
}

export function sqlRemote(pg: PGlite): RemotePort {
  const run = async <T>(token: string, sql: string, params: unknown[]): Promise<T> => {
    const sub = decodeJwt(token)?.sub;
    if (!sub) throw new RemoteError('unauthorized', 'no user', { status: 401 });
    return pg.transaction(async (tx) => {
      await tx.exec(asUserSql(sub));
      const res = await tx.query<{ r: T }>(sql, params);
      return res.rows[0]!.r;
    });
  };
  return {
    push: (ctx, mutations) =>
      run(ctx.accessToken, 'select sync_push($1, $2::jsonb) as r', [
        ctx.deviceId,
        JSON.stringify(mutations),
      ]),
    pull: (ctx, cursors, limit) =>
      run(ctx.accessToken, 'select sync_pull_many($1::jsonb, $2) as r', [
        JSON.stringify(cursors),
        limit,
      ]),
  };
}
