-- Budget Formation: dates no client can read are refused at the door, and the server owns its
-- fields (issue 14 item 7). Deployable unchanged to hosted Supabase.
--
--  * A timestamp or date outside year 1 to year 9999 (UTC), `infinity` and `-infinity` included,
--    is refused on every replicated table, whoever writes it: end users through sync_push or
--    /rest/v1 get P0001 `invalid` (detail `timestamp_out_of_range`, the column named), and a CHECK
--    constraint (`<table>_<column>_in_range`) holds for every other writer. sync_push answers such
--    a mutation `rejected` / `invalid` with reason `timestamp` and the field, which the app shows
--    in French in the refused changes.
--  * Server-owned fields are the server's for end users (roles anon and authenticated): on insert,
--    created_at and updated_at are the server's time whatever the client sent, and deleted_at, when
--    set, is the server's time of the deletion; an update never changes created_at, nor the time of
--    an earlier deletion. (sync_version, field_versions, update_count and the unlock request's
--    status were already the server's.) Operators (service role) keep full control.
--  * Rows written before this migration with such dates (they stalled their owner's pull for good)
--    are repaired: the date becomes the row's other valid date or now, and the row gets a new
--    version, so that every device pulls it again.

-- Year 1 to year 9999, UTC, finite.
create or replace function sync.instant_ok(p_value timestamptz) returns boolean
language sql immutable parallel safe as $$
  select p_value is null
      or (p_value >= '0001-01-01 00:00:00+00'::timestamptz and p_value < '10000-01-01 00:00:00+00'::timestamptz);
$$;

-- The last BEFORE trigger of every replicated table (zz_ sorts last): server-owned fields, then
-- the version stamps (see 20261122000900_sync.sql).
create or replace function sync.stamp() returns trigger
language plpgsql as $$
declare
  v_txid bigint := pg_current_xact_id()::text::bigint;
  v_device text := nullif(current_setting('sync.device_id', true), '');
  v_changed jsonb;
  v_old jsonb;
begin
  if public.is_end_user_request() then
    if not sync.instant_ok(new.created_at) then
      raise exception 'invalid' using errcode = 'P0001', detail = 'timestamp_out_of_range', column = 'created_at';
    elsif not sync.instant_ok(new.updated_at) then
      raise exception 'invalid' using errcode = 'P0001', detail = 'timestamp_out_of_range', column = 'updated_at';
    elsif not sync.instant_ok(new.deleted_at) then
      raise exception 'invalid' using errcode = 'P0001', detail = 'timestamp_out_of_range', column = 'deleted_at';
    end if;
    if tg_op = 'INSERT' then
      new.created_at := now();
      new.updated_at := now();
      if new.deleted_at is not null then
        new.deleted_at := now();
      end if;
    else
      new.created_at := old.created_at;
      if new.deleted_at is not null then
        new.deleted_at := coalesce(old.deleted_at, now());
      end if;
    end if;
  end if;

  new.sync_version := v_txid;
  if tg_op = 'INSERT' then
    new.field_versions := '{}'::jsonb;
  else
    -- The columns whose value changed (one pass over the new row, looked up in the old one: half
    -- the cost of joining both rows' key sets, which every update paid).
    v_old := to_jsonb(old);
    select coalesce(jsonb_object_agg(n.key, jsonb_build_object('v', v_txid, 'd', v_device)), '{}'::jsonb)
      into v_changed
      from jsonb_each(to_jsonb(new)) n
     where n.key not in ('sync_version', 'field_versions', 'updated_at')
       and n.value is distinct from v_old -> n.key;
    new.field_versions := coalesce(old.field_versions, '{}'::jsonb) || v_changed;
  end if;
  return new;
end;
$$;

-- Repair rows written earlier with unreadable dates, then hold the rule for every writer.
do $repair$
declare
  v_table text;
begin
  foreach v_table in array array['profiles', 'simulations', 'referrals', 'survey_responses',
    'training_employees', 'training_requests', 'team_surveys', 'team_survey_responses']
  loop
    execute format($q$
      update public.%1$I set
        created_at = case when sync.instant_ok(created_at) then created_at
                          when sync.instant_ok(updated_at) then updated_at else now() end,
        updated_at = case when sync.instant_ok(updated_at) then updated_at else now() end,
        deleted_at = case when sync.instant_ok(deleted_at) then deleted_at else now() end
      where not (sync.instant_ok(created_at) and sync.instant_ok(updated_at) and sync.instant_ok(deleted_at))
    $q$, v_table);
    execute format($q$
      alter table public.%1$I
        add constraint %2$I check (created_at >= '0001-01-01 00:00:00+00' and created_at < '10000-01-01 00:00:00+00') not valid,
        add constraint %3$I check (updated_at >= '0001-01-01 00:00:00+00' and updated_at < '10000-01-01 00:00:00+00') not valid,
        add constraint %4$I check (deleted_at >= '0001-01-01 00:00:00+00' and deleted_at < '10000-01-01 00:00:00+00') not valid
    $q$, v_table, v_table || '_created_at_in_range', v_table || '_updated_at_in_range',
      v_table || '_deleted_at_in_range');
    execute format('alter table public.%I validate constraint %I', v_table, v_table || '_created_at_in_range');
    execute format('alter table public.%I validate constraint %I', v_table, v_table || '_updated_at_in_range');
    execute format('alter table public.%I validate constraint %I', v_table, v_table || '_deleted_at_in_range');
  end loop;
end
$repair$;

-- The unlock request's preferred start date (a date the client chooses).
update public.survey_responses set start_date = null
 where start_date is not null
   and not (start_date >= '0001-01-01'::date and start_date <= '9999-12-31'::date);
alter table public.survey_responses
  add constraint survey_responses_start_date_in_range
  check (start_date >= '0001-01-01' and start_date <= '9999-12-31');
