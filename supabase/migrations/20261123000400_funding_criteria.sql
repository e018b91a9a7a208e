-- Budget Formation: the OPCOs' published funding criteria (issue 15), behind the budget API.
-- Loaded from data/opco-criteria-2026.csv by the import code of server/ (seed at start, or
-- `npm run data:import -- funding-criteria FILE.csv`); one row per source row that parses, the
-- others are reported (`npm run data:check`) and never loaded. Which row answers a lookup, and how
-- conflicting sources are settled, is src/domain/funding-rules.ts. Reference data: RLS on, no
-- policy (the budget API reads it over the privileged connection).
create table public.funding_criteria (
  -- line of the source file (header = 1): where data:check and the provenance point
  line integer primary key check (line >= 2),
  opco text not null check (
    opco in ('AFDAS', 'Atlas', 'OCAPIAT', 'UNIFORMATION', 'CONSTRUCTYS', 'OPCOMMERCE', 'AKTO',
             'OPCO 2i', 'OPCO Mobilités', 'OPCO EP', 'OPCO Santé')
  ),
  branch text not null check (char_length(branch) between 1 and 300),
  idccs text[] not null default '{}' check (array_position(idccs, null) is null),
  -- how a lookup reaches the row: by IDCC, as the OPCO's default rule, or not at all ('branch')
  scope text not null check (scope in ('idcc', 'opco_default', 'branch')),
  headcount_min integer check (headcount_min >= 0),
  headcount_max integer check (headcount_max >= coalesce(headcount_min, 0)),
  fund text not null check (fund in ('total', 'legal', 'conventional')),
  yearly_cap_eur integer check (yearly_cap_eur >= 0),
  hourly_cap_eur numeric(10, 2) check (hourly_cap_eur >= 0),
  coverage_rate_pct integer check (coverage_rate_pct between 0 and 100),
  per_action_cap_eur integer check (per_action_cap_eur >= 0),
  salary_covered text not null check (salary_covered in ('yes', 'no', 'partial', 'unknown')),
  year integer check (year between 2000 and 2100),
  source_url text not null check (source_url ~* '^https?://' and char_length(source_url) <= 1000),
  reliability text not null check (reliability in ('official', 'press', 'compilation')),
  source_label text check (char_length(source_label) <= 10),
  published_on date,
  retrieved_on date,
  conflict_noted boolean not null default false,
  notes text not null check (char_length(notes) <= 4000)
);
create index funding_criteria_idccs_idx on public.funding_criteria using gin (idccs);
create index funding_criteria_opco_idx on public.funding_criteria (opco, scope);

alter table public.funding_criteria enable row level security;
revoke all on public.funding_criteria from anon, authenticated;
