-- Budget Formation: sync bookkeeping out of the Data API, mutation ids compared as UUIDs,
-- exactly-once with pruning, a pull that pages by keyset only, and a faster push.
-- Deployable unchanged to hosted Supabase (issue 14 item 6, issue 17 item 4 and its push goal).
-- Contract: docs/architecture.md §Sync contract.
--
--  * The applied-mutation records move from public.sync_applied_mutations (reachable through
--    /rest/v1 and writable by their owner: a forged "future" id made the real mutation come back
--    `duplicate` and vanish) to sync.applied_mutations: a schema the Data API does not expose, no
--    privilege for anon or authenticated, row-level security on with no policy. Only two
--    security-definer functions touch it, always for auth.uid() and never with a result chosen by
--    the caller outside sync_push (see sync.begin_push / sync.record_results).
--  * Mutation ids are compared as UUIDs: one id spelled several ways (case, braces, no hyphens) is
--    one mutation, applied once.
--  * Exactly-once with pruning. The records are pruned after 60 days (hourly pg_cron job where the
--    extension exists; the embedded backend runs the same function on a timer). A device numbers
--    its mutations (`seq`, the outbox order, never reused) and the server keeps, per user and
--    device, the highest number it has processed (sync.devices, never pruned: one row per device).
--    A mutation whose record is gone but whose number is not above that mark was processed before
--    and pruned: it is answered `rejected` / `expired` (the device keeps it as a refused change the
--    user can check and send again), never applied a second time, however long the device was
--    offline. Within the 60 days, a re-sent id answers its first result (`duplicate`), so a device
--    offline for 30 (or 59) days that re-sends an unanswered batch gets the real answers.
--  * sync_pull / sync_pull_many page by (sync_version, id) only: no count of the remaining rows
--    (it scanned every remaining row); each page says whether more rows follow (`more`).
--  * sync_push applies a run of inserts into one table with the same columns as one statement (in
--    a subtransaction; if anything in it fails, the run is replayed one mutation at a time so each
--    gets its own answer), reads each table's columns from the catalog once per call, and parses
--    the batch once.

-- ---------------------------------------------------------------------------------------------
-- Records (not exposed): applied mutations and, per device, the last processed number
-- ---------------------------------------------------------------------------------------------
create table sync.applied_mutations (
  user_id uuid not null references auth.users (id) on delete cascade,
  mutation_id uuid not null,
  -- The first answer.
  result jsonb not null,
  created_at timestamptz not null default now(),
  primary key (user_id, mutation_id)
);
create index applied_mutations_created_idx on sync.applied_mutations (created_at);
alter table sync.applied_mutations enable row level security;
revoke all on sync.applied_mutations from public, anon, authenticated;

create table sync.devices (
  user_id uuid not null references auth.users (id) on delete cascade,
  device_id text not null check (char_length(device_id) between 1 and 100),
  -- Highest mutation number (client outbox order) processed for this user on this device.
  max_seq bigint,
  last_push_at timestamptz not null default now(),
  primary key (user_id, device_id)
);
alter table sync.devices enable row level security;
revoke all on sync.devices from public, anon, authenticated;

-- What earlier pushes recorded is kept (same answers for re-sent ids).
insert into sync.applied_mutations (user_id, mutation_id, result, created_at)
select user_id, mutation_id, result, created_at from public.sync_applied_mutations
on conflict do nothing;
drop table public.sync_applied_mutations;

-- ---------------------------------------------------------------------------------------------
-- Small helpers
-- ---------------------------------------------------------------------------------------------

-- Text to uuid without an exception block (no subtransaction): every spelling Postgres accepts
-- (either case, braces, hyphens after any group of four digits or none), else null.
create or replace function sync.as_uuid(p_text text) returns uuid
language sql immutable parallel safe as $$
  select case
    -- the canonical spelling, cheaply (no regular expression)
    when length(p_text) = 36 and translate(p_text, '0123456789abcdefABCDEF', '') = '----'
         and substr(p_text, 9, 1) = '-' and substr(p_text, 14, 1) = '-'
         and substr(p_text, 19, 1) = '-' and substr(p_text, 24, 1) = '-'
      then p_text::uuid
    when p_text ~* '^(\{[0-9a-f]{4}(-?[0-9a-f]{4}){7}\}|[0-9a-f]{4}(-?[0-9a-f]{4}){7})$'
      then p_text::uuid
  end;
$$;

-- Kept for compatibility (earlier definitions used it); same answer as sync.as_uuid.
create or replace function sync.try_uuid(p_text text) returns uuid
language sql immutable parallel safe as $$
  select sync.as_uuid(p_text);
$$;

-- Writable columns of a replicated table (the server maintains the others).
create or replace function sync.writable_columns(p_table text) returns text[]
language sql stable set search_path = '' as $$
  select coalesce(array_agg(a.attname::text order by a.attnum), '{}')
    from pg_catalog.pg_attribute a
   where a.attrelid = to_regclass(format('public.%I', p_table)) and a.attnum > 0 and not a.attisdropped
     and a.attname not in ('sync_version', 'field_versions', 'updated_at', 'update_count');
$$;

-- The answer to a refused mutation, from the error that refused it. `code` is the P0001 message of
-- a business rule, or the class of the error; a date no client can read (infinity, BC, year
-- 10000...) is `invalid` with reason `timestamp` and the column when known.
create or replace function sync.rejection(
  p_id text, p_state text, p_message text, p_detail text, p_column text, p_constraint text
) returns jsonb
language sql immutable as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'id', p_id,
    'status', 'rejected',
    'code', case
      when p_state = 'P0001' then coalesce(nullif(p_message, ''), 'invalid')
      when p_state = '42501' then 'rls'
      when p_state = '23514' and p_constraint like '%\_in\_range' then 'invalid'
      when p_state = '23514' then 'check'
      when p_state = '23503' then 'fk'
      when p_state = '23505' then 'unique'
      else 'invalid'
    end,
    'message', left(p_message, 300),
    'reason', case
      when p_state = 'P0001' and p_detail = 'timestamp_out_of_range' then 'timestamp'
      when p_state = '23514' and p_constraint like '%\_in\_range' then 'timestamp'
      when p_state in ('22007', '22008') then 'timestamp'
    end,
    'field', case
      when p_state = 'P0001' and p_detail = 'timestamp_out_of_range' then nullif(p_column, '')
      when p_state = '23514' and p_constraint like '%\_in\_range' then
        substring(p_constraint from '^[a-z_]+?_((?:created|updated|deleted)_at|start_date)_in_range$')
    end
  ));
$$;

-- Kept for compatibility: the code of a refusal.
create or replace function sync.error_code(p_state text, p_message text) returns text
language sql immutable as $$
  select sync.rejection(null, p_state, p_message, null, null, null) ->> 'code';
$$;

-- ---------------------------------------------------------------------------------------------
-- Claiming and recording (security definer: the only access to the records)
-- ---------------------------------------------------------------------------------------------

-- Opens a push for auth.uid() and classifies its ids: for each distinct id, 'fresh' (this
-- transaction applies it), 'duplicate' (processed before: `result` is its first answer) or
-- 'expired' (processed before and pruned: its number is not above the device's mark). Pushes of
-- one user on one device wait for each other (the device's row, or a lock on the user when no
-- device id is sent), so each sees what the previous one recorded; the primary key refuses
-- anything else (the whole call fails and is retried).
create or replace function sync.begin_push(p_device_id text, p_ids uuid[], p_seqs bigint[])
returns table (mutation_id uuid, state text, result jsonb)
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
  v_device text := nullif(left(p_device_id, 100), '');
  v_mark bigint;
  v_out_ids uuid[];
  v_out_states text[];
  v_out_results jsonb[];
begin
  if v_uid is null then
    raise exception 'not_authenticated' using errcode = '42501';
  end if;
  if v_device is not null then
    insert into sync.devices as d (user_id, device_id) values (v_uid, v_device)
      on conflict (user_id, device_id) do update set last_push_at = now();
    select d.max_seq into v_mark from sync.devices d where d.user_id = v_uid and d.device_id = v_device;
    if exists (select 1 from unnest(p_seqs) s where s is not null) then
      update sync.devices d
         set max_seq = greatest(d.max_seq, (select max(s) from unnest(p_seqs) s))
       where d.user_id = v_uid and d.device_id = v_device;
    end if;
  else
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('sync.push'), pg_catalog.hashtext(v_uid::text));
  end if;

  select coalesce(array_agg(i.id), '{}'),
         coalesce(array_agg(case when a.mutation_id is not null then 'duplicate'
                                 when v_mark is not null and i.seq is not null and i.seq <= v_mark then 'expired'
                                 else 'fresh' end), '{}'),
         coalesce(array_agg(a.result), '{}')
    into v_out_ids, v_out_states, v_out_results
    from (
      -- one row per id (several spellings of one id are one id; the smallest number counts)
      select u.id, min(u.seq) as seq from unnest(p_ids, p_seqs) as u(id, seq)
       where u.id is not null group by u.id
    ) i
    left join sync.applied_mutations a on a.user_id = v_uid and a.mutation_id = i.id;

  -- Only these ids may be recorded by this transaction.
  perform pg_catalog.set_config('sync.fresh_ids',
    coalesce(array_to_string(array(
      select x.id from unnest(v_out_ids, v_out_states) as x(id, st) where x.st = 'fresh'), ','), ''),
    true);
  return query select * from unnest(v_out_ids, v_out_states, v_out_results);
end;
$$;

-- Records the first answers of the ids this transaction opened as fresh (and no other).
create or replace function sync.record_results(p_ids uuid[], p_results jsonb[])
returns void
language sql security definer set search_path = '' as $$
  insert into sync.applied_mutations (user_id, mutation_id, result)
  select auth.uid(), r.id, r.result from unnest(p_ids, p_results) as r(id, result)
   where auth.uid() is not null
     and r.id = any (pg_catalog.string_to_array(
       nullif(pg_catalog.current_setting('sync.fresh_ids', true), ''), ',')::uuid[]);
$$;

revoke all on function sync.begin_push(text, uuid[], bigint[]) from public, anon;
grant execute on function sync.begin_push(text, uuid[], bigint[]) to authenticated;
revoke all on function sync.record_results(uuid[], jsonb[]) from public, anon;
grant execute on function sync.record_results(uuid[], jsonb[]) to authenticated;

-- Operators and tests (service role only): the records of one user.
create or replace function public.sync_applied_records(p_user_id uuid)
returns table (mutation_id uuid, result jsonb, created_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select a.mutation_id, a.result, a.created_at from sync.applied_mutations a
   where a.user_id = p_user_id order by a.created_at, a.mutation_id;
$$;
revoke all on function public.sync_applied_records(uuid) from public, anon, authenticated;
grant execute on function public.sync_applied_records(uuid) to service_role;

-- ---------------------------------------------------------------------------------------------
-- Pruning: records older than the retention (60 days: a device offline for 30 days re-sending an
-- unanswered batch still gets its first answers). At most p_limit rows per call, oldest first.
-- ---------------------------------------------------------------------------------------------
drop function if exists sync.prune_applied(interval);
create or replace function sync.prune_applied(
  p_older_than interval default interval '60 days',
  p_limit integer default 50000
) returns bigint
language sql security definer set search_path = '' as $$
  with doomed as (
    select a.user_id, a.mutation_id from sync.applied_mutations a
     where a.created_at < now() - greatest(p_older_than, interval '31 days')
     order by a.created_at
     limit greatest(coalesce(p_limit, 50000), 1)
  ), gone as (
    delete from sync.applied_mutations a using doomed d
     where a.user_id = d.user_id and a.mutation_id = d.mutation_id
    returning 1
  )
  select count(*) from gone;
$$;
revoke all on function sync.prune_applied(interval, integer) from public, anon, authenticated;
grant execute on function sync.prune_applied(interval, integer) to service_role;

-- Hosted projects: an hourly pg_cron job. Skipped (with a notice) where the extension is not
-- available or cannot be created (PGlite, a PostgreSQL server without pg_cron): the embedded
-- backend prunes on its own timer (server/db/prune.ts).
do $cron$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron with schema pg_catalog;
      perform cron.schedule('sync-prune-applied-mutations', '23 * * * *',
        'select sync.prune_applied()');
    exception when others then
      raise notice 'sync: pg_cron present but not usable (%); prune with sync.prune_applied()', sqlerrm;
    end;
  else
    raise notice 'sync: pg_cron not available; prune with sync.prune_applied() (the embedded backend does)';
  end if;
end
$cron$;

-- ---------------------------------------------------------------------------------------------
-- Applying one mutation (caller's rights: RLS applies)
-- ---------------------------------------------------------------------------------------------
drop function if exists sync.apply_mutation(jsonb);

-- p_m: {table, op, row_id, fields, base_version}; p_id: the mutation id as sent; p_allowed: the
-- table's writable columns.
create or replace function sync.apply_one(p_m jsonb, p_id text, p_allowed text[])
returns jsonb
language plpgsql security invoker set search_path = public, pg_temp as $$
declare
  v_table text := p_m->>'table';
  v_op text := p_m->>'op';
  v_row_id uuid := sync.as_uuid(p_m->>'row_id');
  v_fields jsonb := coalesce(p_m->'fields', '{}'::jsonb);
  v_base bigint;
  v_device text := nullif(current_setting('sync.device_id', true), '');
  v_owner text := sync.owner_column(p_m->>'table');
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
     or v_row_id is null or jsonb_typeof(v_fields) <> 'object'
     or coalesce(p_m->>'base_version', '0') !~ '^[0-9]{1,18}$' then
    raise exception 'invalid' using errcode = 'P0001';
  end if;
  v_base := coalesce((p_m->>'base_version')::bigint, 0);
  if v_table = 'referrals'
     or (v_table = 'profiles' and v_op <> 'update')
     or (v_table = 'team_survey_responses' and v_op = 'insert') then
    raise exception 'read_only' using errcode = 'P0001';
  end if;

  for v_key in select jsonb_object_keys(v_fields) loop
    if not (v_key = any (p_allowed))
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
    return jsonb_build_object('id', p_id, 'status', 'applied', 'version', v_version);
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
      return jsonb_build_object('id', p_id, 'status', 'conflict', 'reason', 'deleted',
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
      return jsonb_build_object('id', p_id, 'status', 'conflict', 'reason', 'field',
        'server', v_server, 'version', v_version);
    end if;
    return jsonb_build_object('id', p_id, 'status', 'applied', 'version', v_version);
  end if;

  -- Delete (soft). Already deleted: nothing to do. A delete wins over concurrent edits from other
  -- devices, which are reported back (conflict delete_over_edit) and stay on the deleted row.
  if v_row->>'deleted_at' is not null then
    return jsonb_build_object('id', p_id, 'status', 'applied', 'version', (v_row->>'sync_version')::bigint);
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
    return jsonb_build_object('id', p_id, 'status', 'conflict', 'reason', 'delete_over_edit',
      'server', v_server, 'version', (v_row->>'sync_version')::bigint);
  end if;
  return jsonb_build_object('id', p_id, 'status', 'applied', 'version', (v_row->>'sync_version')::bigint);
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- sync_push(p_device_id, p_mutations) -> [{id, status, ...}]
-- ---------------------------------------------------------------------------------------------
-- Each mutation: {id uuid, seq (outbox number, optional), table, op: insert|update|delete,
-- row_id uuid, fields {changed columns}, base_version bigint}. Results, in order, each with the id
-- as sent:
--   {id, status: 'applied', version}
--   {id, status: 'conflict', reason: 'field'|'deleted'|'delete_over_edit', server {column: value}, version}
--   {id, status: 'rejected', code, message, reason?, field?}   code: the P0001 message of a
--       business rule (company_limit, update_limit, survey_reopen, not_found, read_only, invalid,
--       ...), rls (42501), check (23514), fk (23503), unique (23505), invalid (anything else; reason
--       'timestamp' for a date no client can read), expired (processed more than 60 days ago, its
--       answer pruned: not applied again)
--   {id, status: 'duplicate', first: <the first result of that id>}
-- Transient database errors (serialization, deadlock, lock or statement timeout) fail the whole
-- call: the client retries it, and already-applied ids answer 'duplicate'.
create or replace function public.sync_push(p_device_id text, p_mutations jsonb)
returns jsonb
language plpgsql security invoker set search_path = public, pg_temp as $$
declare
  v_uid uuid := auth.uid();
  v_n integer;
  v_raw text[];       -- ids as sent
  v_ids uuid[];       -- ids as UUIDs (null: not a UUID)
  v_seqs bigint[];
  v_ms jsonb[];
  v_sigs text[];      -- "table op columns": runs of inserts with the same signature go together
  v_rows uuid[];
  v_state jsonb := '{}'::jsonb;   -- id -> {state, result} from the claim
  v_cols jsonb := '{}'::jsonb;    -- table -> writable columns (read once per call)
  v_allowed text[];
  v_rep boolean[];    -- id or row repeated in this batch (rare): never in a run
  v_done jsonb := '{}'::jsonb;    -- id -> result, for the ids repeated in this batch
  v_results jsonb[];
  v_rec_ids uuid[] := '{}';
  v_rec jsonb[] := '{}';
  v_result jsonb;
  v_claim jsonb;
  v_table text;
  v_i integer;
  v_j integer;
  v_k integer;
  v_end integer;
  v_run_ok boolean;
  v_batch jsonb;
  v_list text;
  v_version bigint;
  v_st text; v_msg text; v_det text; v_col text; v_con text;
begin
  if v_uid is null then
    raise exception 'not_authenticated' using errcode = '42501';
  end if;
  if jsonb_typeof(p_mutations) is distinct from 'array' or jsonb_array_length(p_mutations) > 1000 then
    raise exception 'invalid_batch' using errcode = '22023';
  end if;
  perform set_config('sync.device_id', coalesce(left(p_device_id, 100), ''), true);

  select count(*)::integer,
         coalesce(array_agg(m.value ->> 'id' order by m.ord), '{}'),
         coalesce(array_agg(sync.as_uuid(m.value ->> 'id') order by m.ord), '{}'),
         coalesce(array_agg(case when m.value ->> 'seq' ~ '^[0-9]{1,18}$' then (m.value ->> 'seq')::bigint end order by m.ord), '{}'),
         coalesce(array_agg(m.value order by m.ord), '{}'),
         coalesce(array_agg(
           case when m.value ->> 'op' = 'insert' and jsonb_typeof(m.value -> 'fields') = 'object'
                     and m.value ->> 'table' in ('simulations', 'survey_responses', 'training_employees',
                       'training_requests', 'team_surveys')
                     and not (m.value -> 'fields' ? 'id')
                     and coalesce(m.value ->> 'base_version', '0') ~ '^[0-9]{1,18}$'
                then (m.value ->> 'table') || ' ' || (select coalesce(string_agg(k, ',' order by k), '')
                                                       from jsonb_object_keys(m.value -> 'fields') k)
           end order by m.ord), '{}'),
         coalesce(array_agg(sync.as_uuid(m.value ->> 'row_id') order by m.ord), '{}'),
         coalesce(array_agg(m.rep order by m.ord), '{}')
    into v_n, v_raw, v_ids, v_seqs, v_ms, v_sigs, v_rows, v_rep
    from (
      select e.value, e.ord,
             count(*) over (partition by sync.as_uuid(e.value ->> 'id')) > 1
               or count(*) over (partition by e.value ->> 'table', sync.as_uuid(e.value ->> 'row_id')) > 1 as rep
        from jsonb_array_elements(p_mutations) with ordinality as e(value, ord)
    ) m;
  v_results := array_fill(null::jsonb, array[greatest(v_n, 1)]);

  select coalesce(jsonb_object_agg(c.mutation_id::text, jsonb_build_object('s', c.state, 'r', c.result)), '{}'::jsonb)
    into v_state
    from sync.begin_push(p_device_id, v_ids, v_seqs) c;

  v_i := 1;
  while v_i <= v_n loop
    if v_ids[v_i] is null then
      v_results[v_i] := jsonb_build_object('id', v_raw[v_i], 'status', 'rejected', 'code', 'invalid');
      v_i := v_i + 1;
      continue;
    end if;
    v_claim := v_state -> (v_ids[v_i]::text);
    if v_claim->>'s' = 'duplicate' then
      v_results[v_i] := jsonb_build_object('id', v_raw[v_i], 'status', 'duplicate', 'first', v_claim->'r');
      v_i := v_i + 1;
      continue;
    end if;
    if v_claim->>'s' = 'expired' then
      v_results[v_i] := jsonb_build_object('id', v_raw[v_i], 'status', 'rejected', 'code', 'expired');
      v_i := v_i + 1;
      continue;
    end if;
    if v_rep[v_i] and v_done ? (v_ids[v_i]::text) then -- the same id earlier in this batch (any spelling)
      v_results[v_i] := jsonb_build_object('id', v_raw[v_i], 'status', 'duplicate', 'first', v_done -> (v_ids[v_i]::text));
      v_i := v_i + 1;
      continue;
    end if;

    if (v_ms[v_i] ->> 'table') is distinct from v_table then
      v_table := v_ms[v_i] ->> 'table';
      if sync.owner_column(v_table) is not null and not (v_cols ? v_table) then
        v_cols := v_cols || jsonb_build_object(v_table, to_jsonb(sync.writable_columns(v_table)));
      end if;
      v_allowed := coalesce(array(select jsonb_array_elements_text(v_cols -> v_table)), '{}');
    end if;

    -- A run of inserts with the same signature (table and columns), fresh distinct ids and rows:
    -- one statement in one subtransaction. If any row of it fails, it is undone and each mutation
    -- goes the single way below, with its own answer.
    v_end := v_i;
    if v_sigs[v_i] is not null and v_rows[v_i] is not null and not v_rep[v_i] then
      while v_end < v_n
            and v_sigs[v_end + 1] is not distinct from v_sigs[v_i]
            and v_ids[v_end + 1] is not null and v_rows[v_end + 1] is not null
            and not v_rep[v_end + 1]
            and v_state -> (v_ids[v_end + 1]::text) ->> 's' = 'fresh' loop
        v_end := v_end + 1;
      end loop;
    end if;
    v_run_ok := false;
    if v_end > v_i
       and (select bool_and(k = any (v_allowed)) from unnest(string_to_array(nullif(split_part(v_sigs[v_i], ' ', 2), ''), ',')) k) then
      select string_agg(quote_ident(k), ', ') into v_list
        from unnest(array['id'] || string_to_array(nullif(split_part(v_sigs[v_i], ' ', 2), ''), ',')) k;
      select jsonb_agg((v_ms[k] -> 'fields') || jsonb_build_object('id', v_rows[k]) order by k)
        into v_batch from generate_series(v_i, v_end) k;
      begin
        execute format(
          'insert into public.%I (%s) select %s from jsonb_populate_recordset(null::public.%I, $1)',
          v_table, v_list, v_list, v_table) using v_batch;
        v_run_ok := true;
      exception
        when serialization_failure or deadlock_detected or lock_not_available or query_canceled then
          raise;
        when others then
          v_run_ok := false;
      end;
    end if;
    if v_run_ok then
      v_version := pg_current_xact_id()::text::bigint;
      for v_k in v_i .. v_end loop
        v_result := jsonb_build_object('id', v_raw[v_k], 'status', 'applied', 'version', v_version);
        v_results[v_k] := v_result;
        v_rec_ids := v_rec_ids || v_ids[v_k];
        v_rec := v_rec || v_result;
      end loop;
      v_i := v_end + 1;
      continue;
    end if;

    -- One mutation, in its own subtransaction.
    begin
      if sync.owner_column(v_table) is null then
        raise exception 'invalid' using errcode = 'P0001';
      end if;
      v_result := sync.apply_one(v_ms[v_i], v_raw[v_i], v_allowed);
    exception
      when serialization_failure or deadlock_detected or lock_not_available or query_canceled then
        raise;
      when others then
        get stacked diagnostics v_st = returned_sqlstate, v_msg = message_text, v_det = pg_exception_detail,
          v_col = column_name, v_con = constraint_name;
        v_result := sync.rejection(v_raw[v_i], v_st, v_msg, v_det, v_col, v_con);
    end;
    v_results[v_i] := v_result;
    v_rec_ids := v_rec_ids || v_ids[v_i];
    v_rec := v_rec || v_result;
    if v_rep[v_i] then
      v_done := v_done || jsonb_build_object(v_ids[v_i]::text, v_result);
    end if;
    v_i := v_i + 1;
  end loop;

  perform sync.record_results(v_rec_ids, v_rec);
  if v_n = 0 then
    return '[]'::jsonb;
  end if;
  return to_jsonb(v_results);
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Pull: rows after a cursor, in commit-safe order, by keyset only
-- ---------------------------------------------------------------------------------------------
-- The page query of a table: the caller's rows ($1 = auth.uid(), RLS applies too) below the
-- snapshot's xmin ($2), after the cursor ($3, $4), in (sync_version, id) order, at most $5. It
-- walks the table's (owner, sync_version, id) index (tests/server/pull-index.test.ts EXPLAINs it).
create or replace function sync.pull_sql(p_table text) returns text
language sql immutable as $$
  select format(
    'select t.* from public.%1$I t where t.%2$I = $1 and t.sync_version < $2 and (t.sync_version, t.id) > ($3, $4) order by t.sync_version, t.id limit $5',
    p_table, sync.owner_column(p_table));
$$;

drop function if exists sync.pull_page(text, bigint, bigint, uuid, integer);
create or replace function sync.pull_page(
  p_table text, p_xmin bigint, p_after_version bigint, p_after_id uuid, p_limit integer,
  out rows jsonb, out row_count integer, out more boolean
)
language plpgsql stable security invoker set search_path = public, pg_temp as $$
begin
  if sync.owner_column(p_table) is null then
    raise exception 'invalid_table' using errcode = '22023';
  end if;
  -- One row more than asked says whether more follow; nothing counts the rest.
  execute format(
    'select coalesce(jsonb_agg(to_jsonb(p) - ''field_versions'' order by p.sync_version, p.id), ''[]''::jsonb), count(*)::integer from (%s) p',
    sync.pull_sql(p_table))
    into rows, row_count
    using auth.uid(), p_xmin, coalesce(p_after_version, 0),
          coalesce(p_after_id, '00000000-0000-0000-0000-000000000000'::uuid), p_limit + 1;
  more := row_count > p_limit;
  if more then
    rows := rows - p_limit;
    row_count := p_limit;
  end if;
end;
$$;

-- sync_pull(p_table, p_after_version, p_after_id, p_limit) -> {rows, more, xmin}
-- One table. Soft-deleted rows come like any other (deleted_at set).
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
  return jsonb_build_object('rows', v_page.rows, 'more', v_page.more, 'xmin', v_xmin);
end;
$$;

-- sync_pull_many(p_cursors {table: {version, id}}, p_limit) -> {pages: {table: {rows, more}}, more, xmin}
-- Every table of one client in one request: tables in the fixed order below, at most p_limit rows
-- in total (capped at 1,000). `more` (top level) is false only when every table asked was read to
-- its end (a table left out once the limit is reached is probed for one row): an idle sync, or
-- the last page of a long one, needs no further request.
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
  v_more boolean := false;
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
    v_cursor := p_cursors -> v_table;
    if v_left <= 0 then
      -- Not read in this call: one index probe says whether it has rows to come.
      select * into v_page from sync.pull_page(v_table, v_xmin, (v_cursor->>'version')::bigint,
        (v_cursor->>'id')::uuid, 0);
      v_more := v_more or v_page.more;
      exit when v_more;
      continue;
    end if;
    select * into v_page from sync.pull_page(v_table, v_xmin, (v_cursor->>'version')::bigint,
      (v_cursor->>'id')::uuid, v_left);
    v_left := v_left - v_page.row_count;
    v_more := v_more or v_page.more;
    v_pages := v_pages || jsonb_build_object(v_table,
      jsonb_build_object('rows', v_page.rows, 'more', v_page.more));
  end loop;
  return jsonb_build_object('pages', v_pages, 'more', v_more, 'xmin', v_xmin);
end;
$$;

revoke all on function sync.apply_one(jsonb, text, text[]) from public, anon;
grant execute on function sync.apply_one(jsonb, text, text[]) to authenticated;
revoke all on function sync.pull_page(text, bigint, bigint, uuid, integer) from public, anon;
grant execute on function sync.pull_page(text, bigint, bigint, uuid, integer) to authenticated;
revoke all on function public.sync_push(text, jsonb) from public, anon;
grant execute on function public.sync_push(text, jsonb) to authenticated;
revoke all on function public.sync_pull(text, bigint, uuid, integer) from public, anon;
grant execute on function public.sync_pull(text, bigint, uuid, integer) to authenticated;
revoke all on function public.sync_pull_many(jsonb, integer) from public, anon;
grant execute on function public.sync_pull_many(jsonb, integer) to authenticated;
