-- Budget Formation: the per-row cost of the replicated tables' triggers (issue 17, load on
-- PostgreSQL). Deployable unchanged to hosted Supabase. Behaviour is unchanged.
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
-- The same SET clause on sync.pull_page, called once per table on every pull (eight times for an
-- idle sync): an idle sync_pull_many on PGlite took 8.6 ms, 4.9 without it (median of 30). Its
-- statements name every schema (sync., auth., public.%I) and only pg_catalog's functions besides.

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

alter function sync.pull_page(text, bigint, bigint, uuid, integer) reset search_path;
