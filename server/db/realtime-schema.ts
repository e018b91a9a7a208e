// The part of hosted Supabase's `realtime` schema that the migrations use, for the embedded database
// (hosted projects have the real one; a migration never creates it). Created before the migrations,
// like the API roles (server/db/migrations.ts).
//
//  - realtime.messages: same columns, RLS enabled and the same grants as hosted (select, insert,
//    update to anon, authenticated, service_role): RLS policies are the only gate. The Realtime
//    endpoint (server/realtime) evaluates them when a client joins a private channel, as hosted
//    Realtime does: a probe row inserted, then read back as the joining user, then rolled back.
//  - realtime.topic(): the topic being joined (setting realtime.topic), for those policies.
//  - realtime.send(payload, event, topic, private): same signature and failure behaviour (a
//    warning, never an error in the caller's transaction). Hosted inserts into realtime.messages
//    and Realtime reads the WAL; here it is a NOTIFY on channel `realtime_broadcast`, which
//    PostgreSQL delivers after commit only, to the endpoint's LISTEN. Like hosted, the payload gets
//    an `id` when it has none. Not executable by the API roles (hosted grants it to postgres only).
//
// A database that already has a `realtime` schema not made here (a real Supabase database behind
// DATABASE_URL) is left untouched: the marker comment tells ours apart.

export const EMBEDDED_REALTIME_MARKER = 'budget-formation embedded realtime v1';

/** NOTIFY channel of realtime.send() in the embedded database. */
export const REALTIME_NOTIFY_CHANNEL = 'realtime_broadcast';

export const REALTIME_SCHEMA_SQL = `
do $realtime$
declare
  v_comment text := (select obj_description(n.oid, 'pg_namespace') from pg_namespace n where n.nspname = 'realtime');
  v_exists boolean := exists (select from pg_namespace where nspname = 'realtime');
begin
  if v_exists and v_comment is distinct from '${EMBEDDED_REALTIME_MARKER}' then
    return; -- a real Supabase realtime schema: not ours to change
  end if;
  create schema if not exists realtime;
  comment on schema realtime is '${EMBEDDED_REALTIME_MARKER}';
  grant usage on schema realtime to anon, authenticated, service_role;

  create table if not exists realtime.messages (
    topic text not null,
    extension text not null,
    payload jsonb,
    event text,
    private boolean default false,
    updated_at timestamp without time zone not null default now(),
    inserted_at timestamp without time zone not null default now(),
    id uuid not null default gen_random_uuid(),
    primary key (id, inserted_at)
  );
  alter table realtime.messages enable row level security;
  grant select, insert, update on realtime.messages to anon, authenticated, service_role;

  create or replace function realtime.topic() returns text
  language sql stable as 'select nullif(current_setting(''realtime.topic'', true), '''')::text';

  create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
  returns void language plpgsql as $send$
  declare
    v_payload jsonb := coalesce(payload, '{}'::jsonb);
  begin
    begin
      if not v_payload ? 'id' then
        v_payload := jsonb_set(v_payload, '{id}', to_jsonb(gen_random_uuid()));
      end if;
      perform pg_notify('${REALTIME_NOTIFY_CHANNEL}', jsonb_build_object(
        'topic', topic, 'event', event, 'private', coalesce(private, true), 'payload', v_payload)::text);
    exception when others then
      raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
    end;
  end;
  $send$;
  revoke all on function realtime.send(jsonb, text, text, boolean) from public, anon, authenticated, service_role;
end
$realtime$;
`;
