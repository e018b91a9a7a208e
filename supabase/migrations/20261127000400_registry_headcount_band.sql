-- Budget Formation: the registry table carries the INSEE headcount band of each company and its
-- reference year (issue 29 item 11): step 2 prefills the headcount of a sample company, or of a
-- company from an imported SIRENE extract (trancheEffectifsUniteLegale), as it does for the
-- government registry's answers. Codes as INSEE's "tranche d'effectif salarié" (NN, 00, 01...53).
alter table public.registry_companies
  add column tranche_effectif_salarie text
    check (tranche_effectif_salarie ~ '^(NN|[0-9]{2})$'),
  add column annee_tranche_effectif_salarie text
    check (annee_tranche_effectif_salarie ~ '^[0-9]{4}$');

-- The registry items gain the two columns (appended: the view's other columns keep their place).
create or replace view public.registry_items with (security_invoker = true) as
  select c.siren, c.nom_entreprise, c.denomination, c.forme_juridique, c.code_naf,
         n.label as libelle_code_naf, c.siege_siret, c.adresse_ligne_1, c.adresse_ligne_2,
         c.code_postal, c.ville,
         coalesce((select json_agg(json_build_object('idcc', x.code, 'nom', i.libelle) order by x.ord)
                     from unnest(c.idccs) with ordinality as x(code, ord)
                     left join public.idcc i on i.idcc = x.code), '[]'::json) as conventions,
         c.source, c.search_text,
         c.tranche_effectif_salarie, c.annee_tranche_effectif_salarie
    from public.registry_companies c
    left join public.naf n on n.code = c.code_naf;
revoke all on public.registry_items from anon, authenticated;

-- The two search functions return the view's rows: redefined (same bodies) over its new shape.
create or replace function public.registry_search_names(p_tokens text[], p_limit integer)
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

create or replace function public.registry_search_numbers(p_digits text, p_limit integer)
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
