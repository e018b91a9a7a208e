// Applies supabase/migrations/*.sql in order, one transaction per file, recording each in the
// Supabase CLI's history table (supabase_migrations.schema_migrations: version, statements, name),
// so that the same files deploy unchanged with `supabase db push` and `supabase migration list`
// agrees with what the embedded backend applied.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getStatementsArray } from '@supabase/lite';
import type { Db } from './db';
import { REALTIME_SCHEMA_SQL } from './realtime-schema';

const FILE_RE = /^(\d{14})_(.+)\.sql$/;

export type MigrationFile = { version: string; name: string; path: string; sql: string };

export function listMigrationFiles(dir: string): MigrationFile[] {
  return readdirSync(dir)
    .filter((f) => FILE_RE.test(f))
    .sort()
    .map((f) => {
      const m = FILE_RE.exec(f)!;
      const path = join(dir, f);
      return { version: m[1]!, name: m[2]!, path, sql: readFileSync(path, 'utf8') };
    });
}

/** Roles hosted Supabase has; the embedded database creates them before the first migration. */
export const SUPABASE_ROLES_SQL = `
do $$ begin
  if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
end $$;
grant usage on schema public to anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;
grant execute on all functions in schema auth to anon, authenticated, service_role;
`;

const HISTORY_SQL = `
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text not null primary key,
  statements text[],
  name text
);
`;

export async function appliedMigrationVersions(db: Db): Promise<string[]> {
  await db.exec(HISTORY_SQL);
  const rows = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations order by version',
  );
  return rows.map((r) => r.version);
}

export async function applyMigrations(
  db: Db,
  dir: string,
): Promise<{ applied: string[]; skipped: string[] }> {
  const done = new Set(await appliedMigrationVersions(db));
  const pending = listMigrationFiles(dir).filter((f) => !done.has(f.version));
  // Catalog writes (roles, grants) invalidate PGlite's caches: only when there is work to do.
  // Hosted Supabase has the roles and Realtime's schema before any migration; so does this one.
  if (pending.length) {
    await db.exec(SUPABASE_ROLES_SQL);
    await db.exec(REALTIME_SCHEMA_SQL);
  }
  const applied: string[] = [];
  const skipped = [...done];
  for (const file of pending) {
    try {
      await db.transaction(async (tx) => {
        await tx.exec(file.sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)',
          [file.version, getStatementsArray(file.sql), file.name],
        );
      });
    } catch (e) {
      throw new Error(
        `Migration ${file.version}_${file.name}.sql failed: ${(e as Error).message}`,
        { cause: e },
      );
    }
    applied.push(file.version);
  }
  return { applied, skipped };
}
