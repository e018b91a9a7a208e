-- Budget Formation: the registry table's name search, indexed (issue 17 item 4, issue 15).
-- The name search was a sequential `search_text like '%word%'` per word: fine on 320 sample rows,
-- not on a SIRENE extract. It is now a full-text search on the same lower-case, accent-free key:
-- every typed word is a word prefix (`boul` finds « Boulangerie »), served by a GIN index. Full
-- text is built into PostgreSQL (no extension), so the same file runs on PGlite, a PostgreSQL
-- server and hosted Supabase. The two functions below are the only way the registry reads the
-- table: the embedded backend calls them in SQL, the edge function through the data API with the
-- service key. They are plain SQL, STABLE, not SECURITY DEFINER and without SET: the planner
-- inlines them, so EXPLAIN of a call shows the index (tests/server/registry-search-index.test.ts).

-- fastupdate off: no pending list. Its entries are merged only by VACUUM or autovacuum, which
-- PGlite does not run, and a search scans them one by one (measured: 200 ms instead of 2 ms on
-- 100,000 companies); the table is loaded in bulk, rarely, so slower inserts cost little.
create index registry_companies_search_fts_idx on public.registry_companies
  using gin (to_tsvector('simple', search_text)) with (fastupdate = off);
-- The prefix b-tree on search_text served `like 'x%'` only; no query uses it any more.
drop index if exists public.registry_companies_search_idx;

-- One registry item per company, as the contract's fields (the NAF title, the agreements with
-- their titles). security_invoker: read with the caller's rights (RLS applies), never the owner's.
create view public.registry_items with (security_invoker = true) as
  select c.siren, c.nom_entreprise, c.denomination, c.forme_juridique, c.code_naf,
         n.label as libelle_code_naf, c.siege_siret, c.adresse_ligne_1, c.adresse_ligne_2,
         c.code_postal, c.ville,
         coalesce((select json_agg(json_build_object('idcc', x.code, 'nom', i.libelle) order by x.ord)
                     from unnest(c.idccs) with ordinality as x(code, ord)
                     left join public.idcc i on i.idcc = x.code), '[]'::json) as conventions,
         c.source, c.search_text
    from public.registry_companies c
    left join public.naf n on n.code = c.code_naf;
revoke all on public.registry_items from anon, authenticated;

-- Every word of p_tokens (lower case, a-z0-9: what searchTokens() sends) as a word prefix of the
-- name or city; the rows whose key starts with the first word first, then by name.
create function public.registry_search_names(p_tokens text[], p_limit integer)
returns setof public.registry_items
language sql
stable
as $$
  select *
    from public.registry_items r
   where to_tsvector('simple', r.search_text) @@ to_tsquery('simple', array_to_string(array(
           select t || ':*' from unnest(p_tokens[1:8]) as t where t ~ '^[a-z0-9]{1,50}$'), ' & '))
   order by (r.search_text like p_tokens[1] || '%') desc,
            coalesce(r.nom_entreprise, r.denomination), r.siren
   limit least(greatest(p_limit, 1), 100)
$$;

-- A SIRET or SIREN prefix (3 to 14 digits): the head office's SIRET, or the SIREN; exact first.
create function public.registry_search_numbers(p_digits text, p_limit integer)
returns setof public.registry_items
language sql
stable
as $$
  select *
    from public.registry_items r
   where p_digits ~ '^[0-9]{3,14}$'
     and (r.siege_siret like p_digits || '%' or r.siren like left(p_digits, 9) || '%')
   order by (r.siege_siret = p_digits or r.siren = p_digits) desc, r.siren
   limit least(greatest(p_limit, 1), 100)
$$;

revoke all on function public.registry_search_names(text[], integer) from public, anon, authenticated;
revoke all on function public.registry_search_numbers(text, integer) from public, anon, authenticated;
grant execute on function public.registry_search_names(text[], integer) to service_role;
grant execute on function public.registry_search_numbers(text, integer) to service_role;
