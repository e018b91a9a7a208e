-- Budget Formation: the amount a company's OPCO confirmed (issue 27 item 7). Deployable unchanged
-- to hosted Supabase. Contract: docs/architecture.md §Data model and §Sync.
--
-- « Mon OPCO m'a indiqué un autre montant »: the user records what their OPCO told them (amount in
-- euros, HT / TTC / unknown basis, the date, an optional comment), on their device first; the
-- table is replicated like the others (sync_version, field_versions, zz_sync_stamp, server-owned
-- fields, pull and push, live pokes, owner-only RLS). `npm run data:reports` exports the reports
-- (IDCC, band, OPCO, amount, basis, date: no user id, no SIRET, no comment) so that the research
-- can be corrected from them.
--
-- Server-owned, for end users (roles authenticated and anon):
--  * idcc, employee_range_min and employee_range_max are copied from the user's live simulation of
--    that SIRET (what the report says of the company is what the company's card says, never a
--    value typed into a request); a SIRET that is not one of the user's live companies is refused
--    (P0001 `company_not_found`). On update they, and the SIRET, keep their stored values.
--  * the confirmation date cannot be in the future: after tomorrow in Paris (one day of slack for
--    the time zones of the overseas departments) is refused (P0001 `confirmation_date`); the app
--    refuses any date after the device's own today.
-- For every writer: the amount from 0 to 10,000,000 € (in cents), the basis HT / TTC / unknown, the
-- OPCO one of the 11 names the app displays (or unknown), the date from 1 April 2019 (the OPCOs'
-- creation) to year 9999, a comment of at most 500 characters.

create table public.opco_confirmations (
  id uuid primary key,
  profile_id uuid not null references public.profiles (id) on delete cascade,
  company_siret text not null check (company_siret ~ '^[0-9]{14}$'),
  idcc text check (idcc ~ '^[0-9]{1,4}$'),
  employee_range_min integer not null check (employee_range_min >= -1),
  employee_range_max integer not null check (employee_range_max >= -1),
  opco_name text check (
    opco_name in ('AFDAS', 'Atlas', 'OCAPIAT', 'UNIFORMATION', 'CONSTRUCTYS', 'OPCOMMERCE', 'AKTO',
                  'OPCO 2i', 'OPCO Mobilités', 'OPCO EP', 'OPCO Santé')
  ),
  -- in euro cents: an integer every client and driver reads as a number (numeric comes as text)
  amount_cents integer not null check (amount_cents >= 0 and amount_cents <= 1000000000),
  amount_basis text not null check (amount_basis in ('HT', 'TTC', 'unknown')),
  confirmed_on date not null
    constraint opco_confirmations_confirmed_on_check
    check (confirmed_on >= '2019-04-01' and confirmed_on <= '9999-12-31'),
  comment text check (char_length(comment) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  -- replication (20261122000900_sync.sql)
  sync_version bigint not null default 0,
  field_versions jsonb not null default '{}'::jsonb,
  check (employee_range_min <= employee_range_max),
  constraint opco_confirmations_created_at_in_range
    check (created_at >= '0001-01-01 00:00:00+00' and created_at < '10000-01-01 00:00:00+00'),
  constraint opco_confirmations_updated_at_in_range
    check (updated_at >= '0001-01-01 00:00:00+00' and updated_at < '10000-01-01 00:00:00+00'),
  constraint opco_confirmations_deleted_at_in_range
    check (deleted_at >= '0001-01-01 00:00:00+00' and deleted_at < '10000-01-01 00:00:00+00')
);
create index opco_confirmations_profile_created_idx
  on public.opco_confirmations (profile_id, created_at desc);
-- Pull order per owner (sync.pull_sql walks it).
create index opco_confirmations_sync_idx
  on public.opco_confirmations (profile_id, sync_version, id);

-- ---------------------------------------------------------------------------------------------
-- Server-owned fields and the date rule (end users); runs before zz_sync_stamp (name order).
-- ---------------------------------------------------------------------------------------------
create or replace function public.opco_confirmations_guard() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_sim record;
begin
  if not public.is_end_user_request() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    -- Another user's row: left to row-level security, which refuses it (42501).
    if new.profile_id is distinct from auth.uid() then
      return new;
    end if;
    select s.idcc, s.employee_range_min, s.employee_range_max into v_sim
      from public.simulations s
     where s.profile_id = new.profile_id and s.company_siret = new.company_siret
       and s.deleted_at is null
     order by s.created_at desc
     limit 1;
    if not found then
      perform public.raise_rule('company_not_found');
    end if;
    new.idcc := v_sim.idcc;
    new.employee_range_min := v_sim.employee_range_min;
    new.employee_range_max := v_sim.employee_range_max;
  else
    new.company_siret := old.company_siret;
    new.idcc := old.idcc;
    new.employee_range_min := old.employee_range_min;
    new.employee_range_max := old.employee_range_max;
  end if;
  if (tg_op = 'INSERT' or new.confirmed_on is distinct from old.confirmed_on)
     and new.confirmed_on > (pg_catalog.now() at time zone 'Europe/Paris')::date + 1 then
    perform public.raise_rule('confirmation_date');
  end if;
  return new;
end;
$$;

create trigger opco_confirmations_guard before insert or update on public.opco_confirmations
  for each row execute function public.opco_confirmations_guard();
create trigger opco_confirmations_set_updated_at before update on public.opco_confirmations
  for each row execute function public.set_updated_at();
create trigger zz_sync_stamp before insert or update on public.opco_confirmations
  for each row execute function sync.stamp();

-- Live pokes (20261123000500_live_pokes.sql): the owner's devices pull at once.
create trigger live_poke_insert after insert on public.opco_confirmations
  referencing new table as new_rows for each statement execute function live.note_rows('profile_id');
create trigger live_poke_update after update on public.opco_confirmations
  referencing new table as new_rows for each statement execute function live.note_rows('profile_id');

-- ---------------------------------------------------------------------------------------------
-- Row-level security: the owner only; the anonymous role nothing.
-- ---------------------------------------------------------------------------------------------
alter table public.opco_confirmations enable row level security;
create policy opco_confirmations_select_own on public.opco_confirmations for select to authenticated
  using (profile_id = auth.uid());
create policy opco_confirmations_insert_own on public.opco_confirmations for insert to authenticated
  with check (profile_id = auth.uid());
create policy opco_confirmations_update_own on public.opco_confirmations for update to authenticated
  using (profile_id = auth.uid()) with check (profile_id = auth.uid());
create policy opco_confirmations_delete_own on public.opco_confirmations for delete to authenticated
  using (profile_id = auth.uid());
grant select, insert, update, delete on public.opco_confirmations to authenticated;
revoke all on public.opco_confirmations from anon;

-- ---------------------------------------------------------------------------------------------
-- Replication: the whitelist of tables, the pull page function and the pull order.
-- ---------------------------------------------------------------------------------------------
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
    when 'opco_confirmations' then 'profile_id'
  end;
$$;

-- As in 20261126000100_pull_as_json.sql, with the new table in the list of generated branches.
create or replace function sync.generate_pull_page() returns void
language plpgsql security invoker set search_path = pg_catalog, pg_temp as $generate$
declare
  v_table text;
  v_columns text;
  v_branches text := '';
begin
  foreach v_table in array array['profiles', 'simulations', 'survey_responses', 'training_employees',
    'training_requests', 'team_surveys', 'team_survey_responses', 'referrals', 'opco_confirmations']
  loop
    select string_agg('p.' || quote_ident(a.attname), ', ' order by a.attnum) into v_columns
      from pg_attribute a
     where a.attrelid = ('public.' || quote_ident(v_table))::regclass
       and a.attnum > 0 and not a.attisdropped and a.attname <> 'field_versions';
    v_branches := v_branches || format(
      E'\n    when %L then\n      select coalesce(json_agg(q.r order by q.n) filter (where q.n <= p_limit), ''[]''::json), count(*)::integer\n        into rows, row_count\n        from (select row_to_json(c) as r, row_number() over (order by c.sync_version, c.id) as n\n                from (select %s from (%s) p) c) q;',
      v_table, v_columns,
      replace(replace(replace(replace(replace(sync.pull_sql(v_table),
        '$1', 'v_uid'), '$2', 'p_xmin'), '$3', 'v_after_version'), '$4', 'v_after_id'), '$5', 'v_take'));
  end loop;
  execute format($create$
create or replace function sync.pull_page(
  p_table text, p_xmin bigint, p_after_version bigint, p_after_id uuid, p_limit integer,
  out rows json, out row_count integer, out more boolean
)
language plpgsql stable security invoker as $body$
declare
  v_uid uuid := auth.uid();
  v_after_version bigint := coalesce(p_after_version, 0);
  v_after_id uuid := coalesce(p_after_id, '00000000-0000-0000-0000-000000000000'::uuid);
  -- One row more than asked says whether more follow; nothing counts the rest.
  v_take integer := p_limit + 1;
begin
  case p_table%s
  else
    raise exception 'invalid_table' using errcode = '22023';
  end case;
  more := row_count > p_limit;
  if more then
    row_count := p_limit;
  end if;
end;
$body$;
$create$, v_branches);
  revoke all on function sync.pull_page(text, bigint, bigint, uuid, integer) from public, anon;
  grant execute on function sync.pull_page(text, bigint, bigint, uuid, integer) to authenticated;
end
$generate$;
revoke all on function sync.generate_pull_page() from public, anon, authenticated;

select sync.generate_pull_page();

-- As in 20261126000100_pull_as_json.sql, with the new table last in the pull order.
create or replace function public.sync_pull_many(p_cursors jsonb, p_limit integer default 1000)
returns json
language plpgsql stable security invoker set search_path = public, pg_temp as $$
declare
  v_xmin bigint := pg_snapshot_xmin(pg_current_snapshot())::text::bigint;
  v_left integer := least(greatest(coalesce(p_limit, 1000), 1), 1000);
  v_table text;
  v_cursor jsonb;
  v_page record;
  v_names text[] := '{}';
  v_pages json[] := '{}';
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
       'training_requests', 'team_surveys', 'team_survey_responses', 'referrals',
       'opco_confirmations'], k)
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
    v_names := v_names || v_table;
    v_pages := v_pages || json_build_object('rows', v_page.rows, 'more', v_page.more);
  end loop;
  return json_build_object(
    'pages', (select coalesce(json_object_agg(n, p), '{}'::json) from unnest(v_names, v_pages) u(n, p)),
    'more', v_more, 'xmin', v_xmin);
end;
$$;
revoke all on function public.sync_pull_many(jsonb, integer) from public, anon;
grant execute on function public.sync_pull_many(jsonb, integer) to authenticated;
