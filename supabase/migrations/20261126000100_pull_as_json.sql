-- Budget Formation: the pull's pages built as json text instead of jsonb (issue 17, pull-and-apply
-- of 10,000 rows in a browser). Deployable unchanged to hosted Supabase. Same rows, same order,
-- same `more`, same answer for the client (JSON objects whose key order it never reads).
--
-- A page of 1,000 training requests was `jsonb_agg(to_jsonb(p) - 'field_versions')`: every row
-- converted to jsonb's binary form, copied again without the key, the array copied by `rows -
-- p_limit` (the row read to say "more"), then by each `jsonb_build_object` / `||` of
-- sync_pull_many, and finally printed back to text. Measured on the embedded backend's PGlite
-- (10,000 rows of one user, the page query alone, median of 10): 27-31 ms a page as jsonb, 11-14 ms
-- as json built from the columns (row_to_json writes the text once; json_agg and
-- json_build_object append it).
--
-- field_versions is left out by listing the other columns (json has no `-`): the list is read
-- from the catalog when sync.generate_pull_page() runs. A migration that adds a column to a
-- replicated table runs `select sync.generate_pull_page();` after it; the backend suite checks
-- that every pulled row carries every column of its table but field_versions
-- (tests/server/pull-json.test.ts).

drop function if exists public.sync_pull(text, bigint, uuid, integer);
drop function if exists public.sync_pull_many(jsonb, integer);
drop function if exists sync.pull_page(text, bigint, bigint, uuid, integer);

create or replace function sync.generate_pull_page() returns void
language plpgsql security invoker set search_path = pg_catalog, pg_temp as $generate$
declare
  v_table text;
  v_columns text;
  v_branches text := '';
begin
  foreach v_table in array array['profiles', 'simulations', 'survey_responses', 'training_employees',
    'training_requests', 'team_surveys', 'team_survey_responses', 'referrals']
  loop
    select string_agg('p.' || quote_ident(a.attname), ', ' order by a.attnum) into v_columns
      from pg_attribute a
     where a.attrelid = ('public.' || quote_ident(v_table))::regclass
       and a.attnum > 0 and not a.attisdropped and a.attname <> 'field_versions';
    -- The page query reads one row more than asked (to say "more"); the rows are numbered in the
    -- page's order and that last one is left out of the array.
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

-- sync_pull(p_table, p_after_version, p_after_id, p_limit) -> {rows, more, xmin}
create function public.sync_pull(
  p_table text,
  p_after_version bigint default 0,
  p_after_id uuid default '00000000-0000-0000-0000-000000000000',
  p_limit integer default 1000
)
returns json
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
  return json_build_object('rows', v_page.rows, 'more', v_page.more, 'xmin', v_xmin);
end;
$$;

-- sync_pull_many(p_cursors {table: {version, id}}, p_limit) -> {pages: {table: {rows, more}}, more, xmin}
-- As before (20261123000200_sync_bookkeeping.sql): tables in a fixed order, at most p_limit rows in
-- total (capped at 1,000); a table left out once the limit is reached is probed for one row.
create function public.sync_pull_many(p_cursors jsonb, p_limit integer default 1000)
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
    v_names := v_names || v_table;
    v_pages := v_pages || json_build_object('rows', v_page.rows, 'more', v_page.more);
  end loop;
  return json_build_object(
    'pages', (select coalesce(json_object_agg(n, p), '{}'::json) from unnest(v_names, v_pages) u(n, p)),
    'more', v_more, 'xmin', v_xmin);
end;
$$;

revoke all on function public.sync_pull(text, bigint, uuid, integer) from public, anon;
grant execute on function public.sync_pull(text, bigint, uuid, integer) to authenticated;
revoke all on function public.sync_pull_many(jsonb, integer) from public, anon;
grant execute on function public.sync_pull_many(jsonb, integer) to authenticated;
