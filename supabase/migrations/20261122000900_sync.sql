-- Budget Formation: replication (local-first sync). Deployable unchanged to hosted Supabase.
-- Contract: docs/architecture.md §Sync and docs/sync-policy.md.
--
--  * Every replicated table gets
--      sync_version   bigint: id of the transaction that last wrote the row (pg_current_xact_id),
--                     stamped by a BEFORE trigger; client clocks are never trusted;
--      field_versions jsonb: per column, {"v": <txid>, "d": <device id>} of its last change, so that
--                     the server can tell "this field changed since the client's base version, on
--                     another device".
--  * sync_pull pages rows by (sync_version, id) and returns only rows whose writing transaction
--    is older than the reader's snapshot xmin: every transaction below xmin has finished, and
--    every later write gets a larger id, so a transaction that took its number first but commits
--    last can never be skipped by a cursor that already moved past it (the late-commit trap of
--    timestamp and sequence cursors).
--  * sync_push applies a batch of mutations, each in its own subtransaction, exactly once per
--    (user, mutation id): a repeated id answers the first result.
--  * Both functions are SECURITY INVOKER: row-level security applies to every read and write.

create schema if not exists sync;
grant usage on schema sync to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Version columns and the stamping trigger
-- ---------------------------------------------------------------------------------------------
alter table public.profiles
  add column sync_version bigint not null default 0,
  add column field_versions jsonb not null default '{}'::jsonb;
alter table public.simulations
  add column sync_version bigint not null default 0,
  add column field_versions jsonb not null default '{}'::jsonb;
alter table public.referrals
  add column sync_version bigint not null default 0,
  add column field_versions jsonb not null default '{}'::jsonb;
alter table public.survey_responses
  add column sync_version bigint not null default 0,
  add column field_versions jsonb not null default '{}'::jsonb;
alter table public.training_employees
  add column sync_version bigint not null default 0,
  add column field_versions jsonb not null default '{}'::jsonb;
alter table public.training_requests
  add column sync_version bigint not null default 0,
  add column field_versions jsonb not null default '{}'::jsonb;
alter table public.team_surveys
  add column sync_version bigint not null default 0,
  add column field_versions jsonb not null default '{}'::jsonb;
alter table public.team_survey_responses
  add column sync_version bigint not null default 0,
  add column field_versions jsonb not null default '{}'::jsonb;

-- Pull order per owner.
create index profiles_sync_idx on public.profiles (id, sync_version);
create index simulations_sync_idx on public.simulations (profile_id, sync_version, id);
create index referrals_sync_idx on public.referrals (referrer_id, sync_version, id);
create index survey_responses_sync_idx on public.survey_responses (profile_id, sync_version, id);
create index training_employees_sync_idx on public.training_employees (company_id, sync_version, id);
create index training_requests_sync_idx on public.training_requests (company_id, sync_version, id);
create index team_surveys_sync_idx on public.team_surveys (company_id, sync_version, id);
create index team_survey_responses_sync_idx on public.team_survey_responses (company_id, sync_version, id);

-- Stamps the row with the writing transaction id and, on update, the versions of the columns that
-- changed, tagged with the pushing device (null for writes outside sync_push: sign-up trigger,
-- public survey submit, operators).
create or replace function sync.stamp() returns trigger
language plpgsql as $$
declare
  v_txid bigint := pg_current_xact_id()::text::bigint;
  v_device text := nullif(current_setting('sync.device_id', true), '');
  v_changed jsonb;
begin
  new.sync_version := v_txid;
  if tg_op = 'INSERT' then
    new.field_versions := '{}'::jsonb;
  else
    select coalesce(jsonb_object_agg(n.key, jsonb_build_object('v', v_txid, 'd', v_device)), '{}'::jsonb)
      into v_changed
      from jsonb_each(to_jsonb(new)) n
      join jsonb_each(to_jsonb(old)) o using (key)
     where n.value is distinct from o.value
       and n.key not in ('sync_version', 'field_versions', 'updated_at');
    new.field_versions := coalesce(old.field_versions, '{}'::jsonb) || v_changed;
  end if;
  return new;
end;
$$;

-- Named zz_ so that it runs after every other BEFORE trigger (they fire in name order) and sees
-- their changes (updated_at, update_count, ...).
create trigger zz_sync_stamp before insert or update on public.profiles
  for each row execute function sync.stamp();
create trigger zz_sync_stamp before insert or update on public.simulations
  for each row execute function sync.stamp();
create trigger zz_sync_stamp before insert or update on public.referrals
  for each row execute function sync.stamp();
create trigger zz_sync_stamp before insert or update on public.survey_responses
  for each row execute function sync.stamp();
create trigger zz_sync_stamp before insert or update on public.training_employees
  for each row execute function sync.stamp();
create trigger zz_sync_stamp before insert or update on public.training_requests
  for each row execute function sync.stamp();
create trigger zz_sync_stamp before insert or update on public.team_surveys
  for each row execute function sync.stamp();
create trigger zz_sync_stamp before insert or update on public.team_survey_responses
  for each row execute function sync.stamp();

-- ---------------------------------------------------------------------------------------------
-- Applied mutations (exactly-once): one row per (user, mutation id) with its first result
-- ---------------------------------------------------------------------------------------------
create table public.sync_applied_mutations (
  user_id uuid not null references auth.users (id) on delete cascade,
  mutation_id uuid not null,
  result jsonb,
  created_at timestamptz not null default now(),
  primary key (user_id, mutation_id)
);
create index sync_applied_mutations_created_idx on public.sync_applied_mutations (created_at);

alter table public.sync_applied_mutations enable row level security;
create policy sync_applied_select_own on public.sync_applied_mutations for select to authenticated
  using (user_id = auth.uid());
create policy sync_applied_insert_own on public.sync_applied_mutations for insert to authenticated
  with check (user_id = auth.uid());
create policy sync_applied_update_own on public.sync_applied_mutations for update to authenticated
  using (user_id = auth.uid()) with check (user_id = auth.uid());
grant select, insert, update on public.sync_applied_mutations to authenticated;
revoke all on public.sync_applied_mutations from anon;

-- Housekeeping (a scheduled job on hosted Supabase): answers are kept 90 days, far longer than a
-- device keeps an unanswered mutation.
create or replace function sync.prune_applied(p_older_than interval default interval '90 days')
returns bigint language sql security definer set search_path = public, pg_temp as $$
  with gone as (delete from public.sync_applied_mutations where created_at < now() - p_older_than returning 1)
  select count(*) from gone;
$$;
revoke all on function sync.prune_applied(interval) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Helpers (schema sync: not exposed by the Data API)
-- ---------------------------------------------------------------------------------------------

-- The whitelist of replicated tables and their owner column: no other name reaches dynamic SQL.
create or replace function sync.owner_column(p_table text) returns text
language sql immutable as $$
  select case p_table
    when 'profiles' then 'id'
    when 'simulations' then 'profile_id'
    when 'survey_responses' then 'profile_id'
    when 'training_employees' then 'company_id'
    when 'training_requests' then 'company_id'
    when 'team_surveys' then 'company_id'
    when 'team_survey_responses' then 'company_id'
    when 'referrals' then 'referrer_id'
  end;
$$;

-- Result code of a refused mutation: business rules raise P0001 with their code as message.
create or replace function sync.error_code(p_state text, p_message text) returns text
language sql immutable as $$
  select case
    when p_state = 'P0001' then coalesce(nullif(p_message, ''), 'invalid')
    when p_state = '42501' then 'rls'
    when p_state = '23514' then 'check'
    when p_state = '23503' then 'fk'
    when p_state = '23505' then 'unique'
    else 'invalid'
  end;
$$;

-- Applies one mutation (caller's rights: RLS applies) and returns its result.
create or replace function sync.apply_mutation(p_m jsonb) returns jsonb
language plpgsql security invoker set search_path = public, pg_temp as $$
declare
  v_id uuid := (p_m->>'id')::uuid;
  v_table text := p_m->>'table';
  v_op text := p_m->>'op';
  v_row_id uuid := (p_m->>'row_id')::uuid;
  v_fields jsonb := coalesce(p_m->'fields', '{}'::jsonb);
  v_base bigint := coalesce((p_m->>'base_version')::bigint, 0);
  v_device text := nullif(current_setting('sync.device_id', true), '');
  v_owner text := sync.owner_column(p_m->>'table');
  v_allowed text[];
  v_key text;
  v_row jsonb;
  v_fv jsonb;
  v_contested text[] := '{}';
  v_apply jsonb := '{}'::jsonb;
  v_server jsonb;
  v_cols text;
  v_sets text;
  v_version bigint;
begin
  if v_owner is null or v_op is null or v_op not in ('insert', 'update', 'delete')
     or v_row_id is null or jsonb_typeof(v_fields) <> 'object' then
    raise exception 'invalid' using errcode = 'P0001';
  end if;
  if v_table = 'referrals'
     or (v_table = 'profiles' and v_op <> 'update')
     or (v_table = 'team_survey_responses' and v_op = 'insert') then
    raise exception 'read_only' using errcode = 'P0001';
  end if;

  select array_agg(a.attname::text) into v_allowed
    from pg_attribute a
   where a.attrelid = format('public.%I', v_table)::regclass and a.attnum > 0 and not a.attisdropped
     and a.attname not in ('sync_version', 'field_versions', 'updated_at', 'update_count');
  for v_key in select jsonb_object_keys(v_fields) loop
    if not (v_key = any (v_allowed))
       or (v_op <> 'insert' and v_key in ('id', 'created_at', v_owner))
       or (v_key = 'id' and v_fields->>'id' is distinct from v_row_id::text) then
      raise exception 'invalid' using errcode = 'P0001', detail = v_key;
    end if;
  end loop;

  if v_op = 'insert' then
    v_fields := v_fields || jsonb_build_object('id', v_row_id);
    select string_agg(quote_ident(k), ', ') into v_cols from jsonb_object_keys(v_fields) k;
    execute format(
      'insert into public.%I (%s) select %s from jsonb_populate_record(null::public.%I, $1) returning sync_version',
      v_table, v_cols, v_cols, v_table)
      into v_version using v_fields;
    return jsonb_build_object('id', v_id, 'status', 'applied', 'version', v_version);
  end if;

  -- Update and delete: the current row, locked, as the caller may see it.
  execute format('select to_jsonb(t) from public.%I t where t.id = $1 for update', v_table)
    into v_row using v_row_id;
  if v_row is null then
    raise exception 'not_found' using errcode = 'P0001';
  end if;
  v_fv := coalesce(v_row->'field_versions', '{}'::jsonb);

  if v_op = 'update' then
    -- An edit of a row deleted on the server is not applied (unless it restores the row).
    if v_row->>'deleted_at' is not null
       and not (v_fields ? 'deleted_at' and jsonb_typeof(v_fields->'deleted_at') = 'null') then
      return jsonb_build_object('id', v_id, 'status', 'conflict', 'reason', 'deleted',
        'server', jsonb_build_object('deleted_at', v_row->'deleted_at'),
        'version', (v_row->>'sync_version')::bigint);
    end if;
    -- Per field: same value, nothing to do; changed since the base version by another device,
    -- contested (first writer in server order wins); otherwise applied.
    for v_key in select jsonb_object_keys(v_fields) loop
      continue when v_row->v_key = v_fields->v_key;
      if v_fv ? v_key
         and (v_fv->v_key->>'v')::bigint > v_base
         and (v_fv->v_key->>'d') is distinct from v_device then
        v_contested := v_contested || v_key;
      else
        v_apply := v_apply || jsonb_build_object(v_key, v_fields->v_key);
      end if;
    end loop;
    v_version := (v_row->>'sync_version')::bigint;
    if v_apply <> '{}'::jsonb then
      select string_agg(format('%I = r.%I', k, k), ', ') into v_sets from jsonb_object_keys(v_apply) k;
      execute format(
        'update public.%I t set %s from jsonb_populate_record(null::public.%I, $1) r where t.id = $2 returning t.sync_version',
        v_table, v_sets, v_table)
        into v_version using v_apply, v_row_id;
      if v_version is null then
        raise exception 'rls' using errcode = '42501';
      end if;
    end if;
    if cardinality(v_contested) > 0 then
      select coalesce(jsonb_object_agg(k, v_row->k), '{}'::jsonb) into v_server from unnest(v_contested) k;
      return jsonb_build_object('id', v_id, 'status', 'conflict', 'reason', 'field',
        'server', v_server, 'version', v_version);
    end if;
    return jsonb_build_object('id', v_id, 'status', 'applied', 'version', v_version);
  end if;

  -- Delete (soft). Already deleted: nothing to do. A delete wins over concurrent edits from other
  -- devices, which are reported back (conflict delete_over_edit) and stay on the deleted row.
  if v_row->>'deleted_at' is not null then
    return jsonb_build_object('id', v_id, 'status', 'applied', 'version', (v_row->>'sync_version')::bigint);
  end if;
  select coalesce(array_agg(e.key), '{}') into v_contested
    from jsonb_each(v_fv) e
   where e.key <> 'deleted_at'
     and (e.value->>'v')::bigint > v_base
     and (e.value->>'d') is distinct from v_device;
  execute format('update public.%I t set deleted_at = now() where t.id = $1 returning to_jsonb(t)', v_table)
    into v_row using v_row_id;
  if v_row is null then
    raise exception 'rls' using errcode = '42501';
  end if;
  if cardinality(v_contested) > 0 then
    select jsonb_build_object('deleted_at', v_row->'deleted_at') || coalesce(jsonb_object_agg(k, v_row->k), '{}'::jsonb)
      into v_server from unnest(v_contested) k;
    return jsonb_build_object('id', v_id, 'status', 'conflict', 'reason', 'delete_over_edit',
      'server', v_server, 'version', (v_row->>'sync_version')::bigint);
  end if;
  return jsonb_build_object('id', v_id, 'status', 'applied', 'version', (v_row->>'sync_version')::bigint);
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- sync_push(p_device_id, p_mutations) -> [{id, status, ...}]
-- ---------------------------------------------------------------------------------------------
-- Each mutation: {id uuid, table, op: insert|update|delete, row_id uuid, fields {changed columns},
-- base_version bigint}. Results, in order:
--   {id, status: 'applied', version}
--   {id, status: 'conflict', reason: 'field'|'deleted'|'delete_over_edit', server {column: value}, version}
--   {id, status: 'rejected', code, message}   code: the P0001 message of a business rule
--       (company_limit, update_limit, survey_reopen, not_found, read_only, invalid), or rls (42501),
--       check (23514), fk (23503), unique (23505), invalid (anything else)
--   {id, status: 'duplicate', first: <the first result of that id>}
-- Transient database errors (serialization, deadlock, lock or statement timeout) fail the whole
-- call: the client retries it, and already-applied ids answer 'duplicate'.
create or replace function sync.try_uuid(p_text text) returns uuid
language plpgsql immutable as $$
begin
  return p_text::uuid;
exception when others then
  return null;
end;
$$;

create or replace function public.sync_push(p_device_id text, p_mutations jsonb)
returns jsonb
language plpgsql security invoker set search_path = public, pg_temp as $$
declare
  v_uid uuid := auth.uid();
  v_m jsonb;
  v_id uuid;
  v_result jsonb;
  v_claimed uuid[];
  v_earlier jsonb := '{}'::jsonb;   -- results of ids applied before this call
  v_repeated text[];                -- ids present more than once in this batch (rare)
  v_now jsonb := '{}'::jsonb;       -- results of those repeated ids, once applied
  v_ids uuid[] := '{}';             -- ids applied by this call, and their results
  v_answers jsonb[] := '{}';
  v_results jsonb[] := '{}';
  v_state text;
  v_message text;
begin
  if v_uid is null then
    raise exception 'not_authenticated' using errcode = '42501';
  end if;
  if jsonb_typeof(p_mutations) is distinct from 'array' or jsonb_array_length(p_mutations) > 1000 then
    raise exception 'invalid_batch' using errcode = '22023';
  end if;
  perform set_config('sync.device_id', coalesce(left(p_device_id, 100), ''), true);

  -- Claim every id first, in one statement: a concurrent push of the same id waits here, then
  -- finds it claimed and answers with its recorded result.
  with claimed as (
    insert into public.sync_applied_mutations (user_id, mutation_id)
    select v_uid, sync.try_uuid(m->>'id') from jsonb_array_elements(p_mutations) m
     where sync.try_uuid(m->>'id') is not null
    on conflict do nothing
    returning mutation_id
  )
  select coalesce(array_agg(mutation_id), '{}') into v_claimed from claimed;
  select coalesce(jsonb_object_agg(a.mutation_id::text, a.result), '{}'::jsonb) into v_earlier
    from public.sync_applied_mutations a
   where a.user_id = v_uid
     and a.mutation_id in (select sync.try_uuid(m->>'id') from jsonb_array_elements(p_mutations) m)
     and not (a.mutation_id = any (v_claimed));
  select coalesce(array_agg(k), '{}') into v_repeated
    from (select m->>'id' k from jsonb_array_elements(p_mutations) m group by 1 having count(*) > 1) d;

  for v_m in select value from jsonb_array_elements(p_mutations) loop
    v_id := sync.try_uuid(v_m->>'id');
    if v_id is null then
      v_results := v_results || jsonb_build_object('id', v_m->>'id', 'status', 'rejected', 'code', 'invalid');
      continue;
    end if;
    if v_earlier ? v_id::text then
      v_results := v_results || jsonb_build_object('id', v_id, 'status', 'duplicate', 'first', v_earlier -> v_id::text);
      continue;
    end if;
    if v_id::text = any (v_repeated) and v_now ? v_id::text then -- the same id twice in one batch
      v_results := v_results || jsonb_build_object('id', v_id, 'status', 'duplicate', 'first', v_now -> v_id::text);
      continue;
    end if;
    begin
      v_result := sync.apply_mutation(v_m);
    exception
      when serialization_failure or deadlock_detected or lock_not_available or query_canceled then
        raise;
      when others then
        get stacked diagnostics v_state = returned_sqlstate, v_message = message_text;
        v_result := jsonb_build_object('id', v_id, 'status', 'rejected',
          'code', sync.error_code(v_state, v_message), 'message', left(v_message, 300));
    end;
    if v_id::text = any (v_repeated) then
      v_now := v_now || jsonb_build_object(v_id::text, v_result);
    end if;
    v_ids := v_ids || v_id;
    v_answers := v_answers || v_result;
    v_results := v_results || v_result;
  end loop;

  update public.sync_applied_mutations a set result = r.answer
    from unnest(v_ids, v_answers) as r(id, answer)
   where a.user_id = v_uid and a.mutation_id = r.id;
  return to_jsonb(v_results);
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Pull: rows after a cursor, in commit-safe order
-- ---------------------------------------------------------------------------------------------
-- Rows of the caller (RLS and the owner column) with (sync_version, id) after the cursor and
-- sync_version below p_xmin, in (sync_version, id) order, at most p_limit.
create or replace function sync.pull_page(
  p_table text, p_xmin bigint, p_after_version bigint, p_after_id uuid, p_limit integer,
  out rows jsonb, out row_count integer, out remaining bigint
)
language plpgsql stable security invoker set search_path = public, pg_temp as $$
declare
  v_owner text := sync.owner_column(p_table);
  v_total bigint;
begin
  if v_owner is null then
    raise exception 'invalid_table' using errcode = '22023';
  end if;
  execute format($q$
    select coalesce(jsonb_agg(to_jsonb(p) - 'field_versions' order by p.sync_version, p.id), '[]'::jsonb), count(*)
      from (
        select t.* from public.%1$I t
         where t.%2$I = $1 and t.sync_version < $2 and (t.sync_version, t.id) > ($3, $4)
         order by t.sync_version, t.id
         limit $5
      ) p
  $q$, p_table, v_owner)
    into rows, row_count
    using auth.uid(), p_xmin, coalesce(p_after_version, 0),
          coalesce(p_after_id, '00000000-0000-0000-0000-000000000000'::uuid), p_limit;
  execute format($q$
    select count(*) from public.%1$I t
     where t.%2$I = $1 and t.sync_version < $2 and (t.sync_version, t.id) > ($3, $4)
  $q$, p_table, v_owner)
    into v_total
    using auth.uid(), p_xmin, coalesce(p_after_version, 0),
          coalesce(p_after_id, '00000000-0000-0000-0000-000000000000'::uuid);
  remaining := greatest(v_total - row_count, 0);
end;
$$;

-- sync_pull(p_table, p_after_version, p_after_id, p_limit) -> {rows, remaining, xmin}
-- One table. Soft-deleted rows come like any other (deleted_at set). Loop until an empty page.
create or replace function public.sync_pull(
  p_table text,
  p_after_version bigint default 0,
  p_after_id uuid default '00000000-0000-0000-0000-000000000000',
  p_limit integer default 1000
)
returns jsonb
language plpgsql stable security invoker set search_path = public, pg_temp as $$
declare
  v_xmin bigint := pg_snapshot_xmin(pg_current_snapshot())::text::bigint;
  v_page record;
begin
  if auth.uid() is null then
    raise exception 'not_authenticated' using errcode = '42501';
  end if;
  select * into v_page from sync.pull_page(p_table, v_xmin, p_after_version, p_after_id,
    least(greatest(coalesce(p_limit, 1000), 1), 1000));
  return jsonb_build_object('rows', v_page.rows, 'remaining', v_page.remaining, 'xmin', v_xmin);
end;
$$;

-- sync_pull_many(p_cursors {table: {version, id}}, p_limit) -> {pages: {table: {rows, remaining}}, xmin}
-- Every table of one client in one request (what the engine uses: an idle sync is one request):
-- tables in the fixed order below, at most p_limit rows in total (capped at 1,000); a table left
-- out once the limit is reached comes in the next call. Clients loop until a call returns no row.
create or replace function public.sync_pull_many(p_cursors jsonb, p_limit integer default 1000)
returns jsonb
language plpgsql stable security invoker set search_path = public, pg_temp as $$
declare
  v_xmin bigint := pg_snapshot_xmin(pg_current_snapshot())::text::bigint;
  v_left integer := least(greatest(coalesce(p_limit, 1000), 1), 1000);
  v_table text;
  v_cursor jsonb;
  v_page record;
  v_pages jsonb := '{}'::jsonb;
begin
  if auth.uid() is null then
    raise exception 'not_authenticated' using errcode = '42501';
  end if;
  if jsonb_typeof(p_cursors) is distinct from 'object' then
    raise exception 'invalid_cursors' using errcode = '22023';
  end if;
  for v_table in
    select k from jsonb_object_keys(p_cursors) k
     order by array_position(array['profiles', 'simulations', 'survey_responses', 'training_employees',
       'training_requests', 'team_surveys', 'team_survey_responses', 'referrals'], k)
  loop
    exit when v_left <= 0;
    v_cursor := p_cursors -> v_table;
    select * into v_page from sync.pull_page(v_table, v_xmin, (v_cursor->>'version')::bigint,
      (v_cursor->>'id')::uuid, v_left);
    v_left := v_left - v_page.row_count;
    v_pages := v_pages || jsonb_build_object(v_table,
      jsonb_build_object('rows', v_page.rows, 'remaining', v_page.remaining));
  end loop;
  return jsonb_build_object('pages', v_pages, 'xmin', v_xmin);
end;
$$;

revoke all on function sync.apply_mutation(jsonb) from public;
grant execute on function sync.apply_mutation(jsonb) to authenticated;
revoke all on function public.sync_push(text, jsonb) from public, anon;
grant execute on function public.sync_push(text, jsonb) to authenticated;
revoke all on function public.sync_pull(text, bigint, uuid, integer) from public, anon;
grant execute on function public.sync_pull(text, bigint, uuid, integer) to authenticated;
revoke all on function public.sync_pull_many(jsonb, integer) from public, anon;
grant execute on function public.sync_pull_many(jsonb, integer) to authenticated;
revoke all on function sync.pull_page(text, bigint, bigint, uuid, integer) from public;
grant execute on function sync.pull_page(text, bigint, bigint, uuid, integer) to authenticated;
