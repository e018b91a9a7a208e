-- Budget Formation: the per-row cost of the replicated tables' triggers and the per-table cost of
-- the pull (issue 17, load on PostgreSQL and PGlite). Deployable unchanged to hosted Supabase.
-- Behaviour is unchanged.
--
-- Measured with pg_stat_statements and track_functions (100 users pushing 50-row batches,
-- PostgreSQL 15): of the 34.7 ms a sync_push took, the insert statement took 18.4, and in it:
--  * sync.stamp (every row) asked `public.is_end_user_request()`, which asked
--    `public.request_role()`: 2.36 s of 14 s of pushes for 20,400 rows, 0.1 ms a row, for reading
--    two settings. A SQL function with a SET clause is never inlined: each call was a function
--    call with its search_path saved, set and restored, twice per row. Without the SET clause both
--    are inlined into the caller's expression (0.004 ms). Their bodies name pg_catalog's functions
--    and operators explicitly, so what they run does not depend on the caller's search_path
--    either; they are SECURITY INVOKER (a caller's search_path could only ever act with the
--    caller's own rights).
--  * training_requests_employee_guard (every row): 1.27 s, 0.06 ms a row, most of it calling the
--    function (with its own SET search_path) for rows without an employee, where it does nothing.
--    The trigger now fires only for rows with an employee (a WHEN clause, evaluated without a
--    call); the function, and so the rule for rows with an employee, is unchanged.
-- sync.pull_page runs once per table on every pull (eight times for an idle sync). It had the same
-- SET clause, and built its statement with EXECUTE, planned again on every call. It is now
-- generated below with one static statement per table (plpgsql keeps their plans for the
-- session): the statement of sync.pull_sql(table), the query the pull index is tested with, with
-- the function's variables for its parameters. Same rows, same order, same answer. An idle
-- sync_pull_many on the embedded backend's PGlite (median of 30, same process): 8.6 ms before,
-- 4.9 ms without the SET clause, 1.5-2.0 ms generated (p10 1.5 ms; was 5.8).

create or replace function public.request_role() returns text
language sql stable
as $$
  select coalesce(
    nullif(pg_catalog.current_setting('request.jwt.claim.role', true), ''),
    nullif(pg_catalog.current_setting('request.jwt.claims', true), '')::pg_catalog.jsonb
      operator(pg_catalog.->>) 'role'
  );
$$;

create or replace function public.is_end_user_request() returns boolean
language sql stable
as $$
  select coalesce(
    public.request_role() operator(pg_catalog.=) any ('{authenticated,anon}'::pg_catalog.text[]),
    false
  );
$$;

drop trigger training_requests_employee_guard on public.training_requests;
create trigger training_requests_employee_guard before insert or update on public.training_requests
  for each row when (new.employee_id is not null)
  execute function public.training_requests_employee_guard();

do $generate$
declare
  v_table text;
  v_branches text := '';
begin
  foreach v_table in array array['profiles', 'simulations', 'survey_responses', 'training_employees',
    'training_requests', 'team_surveys', 'team_survey_responses', 'referrals']
  loop
    v_branches := v_branches || format(
      E'\n    when %L then\n      select coalesce(jsonb_agg(to_jsonb(p) - ''field_versions'' order by p.sync_version, p.id), ''[]''::jsonb), count(*)::integer\n        into rows, row_count\n        from (%s) p;',
      v_table,
      replace(replace(replace(replace(replace(sync.pull_sql(v_table),
        '$1', 'v_uid'), '$2', 'p_xmin'), '$3', 'v_after_version'), '$4', 'v_after_id'), '$5', 'v_take'));
  end loop;
  execute format($create$
create or replace function sync.pull_page(
  p_table text, p_xmin bigint, p_after_version bigint, p_after_id uuid, p_limit integer,
  out rows jsonb, out row_count integer, out more boolean
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
    rows := rows - p_limit;
    row_count := p_limit;
  end if;
end;
$body$;
$create$, v_branches);
end
$generate$;
