-- Budget Formation: reference data behind the local budget API and company registry (01 §3/§7,
-- 02 §3). Deployable unchanged with the Supabase CLI; applied as well by the embedded backend.
--
-- These tables are filled by the import step of server/ (`npm run data:import`, and automatically
-- at start from data/*.csv for the embedded backend), never by SQL inserts here. RLS is enabled
-- with no policy: the anonymous and authenticated roles read nothing directly; the backend's HTTP
-- handlers read them over a privileged connection.

-- What was loaded, from where: the seed reloads a dataset when its bundled file changed and never
-- overwrites an operator's import (source 'import').
create table public.reference_datasets (
  dataset text primary key,
  source text not null check (source in ('bundled', 'import')),
  version text not null,
  file_name text,
  row_count integer not null check (row_count >= 0),
  loaded_at timestamptz not null default now()
);

-- Collective agreements (Légifrance): 4-digit zero-padded IDCC.
create table public.idcc (
  idcc text primary key check (idcc ~ '^[0-9]{4}$'),
  libelle text not null check (char_length(libelle) between 1 and 500),
  nature text check (char_length(nature) <= 200),
  etat text check (char_length(etat) <= 50),
  url text check (char_length(url) <= 500),
  in_force boolean generated always as (etat in ('VIGUEUR_ETEN', 'VIGUEUR_NON_ETEN')) stored
);

-- OPCO of each IDCC: the short name the product displays, and the long name of the source.
create table public.idcc_opco (
  idcc text primary key check (idcc ~ '^[0-9]{4}$'),
  opco text not null check (
    opco in ('AFDAS', 'Atlas', 'OCAPIAT', 'UNIFORMATION', 'CONSTRUCTYS', 'OPCOMMERCE', 'AKTO',
             'OPCO 2i', 'OPCO Mobilités', 'OPCO EP', 'OPCO Santé')
  ),
  opco_long_name text check (char_length(opco_long_name) <= 300)
);
create index idcc_opco_opco_idx on public.idcc_opco (opco);

-- NAF rev. 2 sub-classes (INSEE), e.g. 62.01Z.
create table public.naf (
  code text primary key check (code ~ '^[0-9]{2}\.[0-9]{2}[A-Z]$'),
  label text not null check (char_length(label) between 1 and 500)
);

-- NAF -> IDCC suggestions. No public table exists: these are ESTIMATES (proba in percent), and an
-- operator can import a real table (CSV naf,idcc,proba).
create table public.naf_idcc (
  naf text not null check (naf ~ '^[0-9]{2}\.[0-9]{2}[A-Z]$'),
  idcc text not null check (idcc ~ '^[0-9]{4}$'),
  proba integer not null check (proba between 1 and 100),
  primary key (naf, idcc)
);
create index naf_idcc_naf_proba_idx on public.naf_idcc (naf, proba desc);

-- Budget rules per IDCC and headcount band: every field of the budget info record (01 §3) and of
-- the financing conditions (02 §3), as text as the funds publish them ("3 500", 'Coût réel',
-- 'Voir commentaire', 'Information indisponible', 'Non').
create table public.budget_rules (
  idcc text not null check (idcc ~ '^[0-9]{4}$'),
  min_employees integer not null check (min_employees >= 0),
  max_employees integer not null check (max_employees >= min_employees),
  label text check (char_length(label) <= 100),
  "totalBudget_value" text check (char_length("totalBudget_value") <= 200),
  "totalBudget_unity" text check (char_length("totalBudget_unity") <= 50),
  "legalBudget_value" text check (char_length("legalBudget_value") <= 200),
  "legalBudget_unity" text check (char_length("legalBudget_unity") <= 50),
  "conventionalBudget_value" text check (char_length("conventionalBudget_value") <= 200),
  "conventionalBudget_unity" text check (char_length("conventionalBudget_unity") <= 50),
  "Budget_condition" text check (char_length("Budget_condition") <= 2000),
  "rateOfCoverage" text check (char_length("rateOfCoverage") <= 50),
  "dailyCap_minValue" text check (char_length("dailyCap_minValue") <= 200),
  "dailyCap_unity" text check (char_length("dailyCap_unity") <= 50),
  "dailyCap_conditions" text check (char_length("dailyCap_conditions") <= 2000),
  "hourlyCap_minValue" text check (char_length("hourlyCap_minValue") <= 200),
  "hourlyCap_unity" text check (char_length("hourlyCap_unity") <= 50),
  "hourlyCap_conditions" text check (char_length("hourlyCap_conditions") <= 2000),
  "hourlyVolumeCap_minValue" text check (char_length("hourlyVolumeCap_minValue") <= 200),
  "hourlyVolumeCap_unity" text check (char_length("hourlyVolumeCap_unity") <= 50),
  "hourlyVolumeCap_conditions" text check (char_length("hourlyVolumeCap_conditions") <= 2000),
  "isWagesInBudget" text check (char_length("isWagesInBudget") <= 50),
  "wages_conditions" text check (char_length("wages_conditions") <= 2000),
  "additionalCosts_value" text check (char_length("additionalCosts_value") <= 200),
  "additionalCosts_conditions" text check (char_length("additionalCosts_conditions") <= 2000),
  "comments" text check (char_length("comments") <= 4000),
  "thematicConditions" text check (char_length("thematicConditions") <= 4000),
  "pdcUpdatedAt" text check (char_length("pdcUpdatedAt") <= 50),
  primary key (idcc, min_employees, max_employees)
);

-- Company registry ("v2 suggestions" contract). The bundled rows are fictitious SAMPLE data
-- (source 'sample'); `npm run data:import -- companies FILE.csv` loads a SIRENE extract instead.
create table public.registry_companies (
  siren text primary key check (siren ~ '^[0-9]{9}$'),
  nom_entreprise text check (char_length(nom_entreprise) <= 300),
  denomination text check (char_length(denomination) <= 300),
  forme_juridique text check (char_length(forme_juridique) <= 200),
  code_naf text check (code_naf ~ '^[0-9]{2}\.[0-9]{2}[A-Z]$'),
  siege_siret text check (siege_siret ~ '^[0-9]{14}$'),
  adresse_ligne_1 text check (char_length(adresse_ligne_1) <= 300),
  adresse_ligne_2 text check (char_length(adresse_ligne_2) <= 300),
  code_postal text check (char_length(code_postal) <= 10),
  ville text check (char_length(ville) <= 200),
  idccs text[] not null default '{}',
  -- Lower-case, accent-free name and city, for the name search.
  search_text text not null,
  source text not null default 'sample' check (source in ('sample', 'sirene', 'import'))
);
create index registry_companies_siret_idx on public.registry_companies (siege_siret text_pattern_ops);
create index registry_companies_siren_idx on public.registry_companies (siren text_pattern_ops);
create index registry_companies_search_idx on public.registry_companies (search_text text_pattern_ops);

alter table public.reference_datasets enable row level security;
alter table public.idcc enable row level security;
alter table public.idcc_opco enable row level security;
alter table public.naf enable row level security;
alter table public.naf_idcc enable row level security;
alter table public.budget_rules enable row level security;
alter table public.registry_companies enable row level security;

revoke all on public.reference_datasets, public.idcc, public.idcc_opco, public.naf, public.naf_idcc,
  public.budget_rules, public.registry_companies from anon, authenticated;
