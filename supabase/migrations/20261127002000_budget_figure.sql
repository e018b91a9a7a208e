-- Budget Formation: the budget figure an employer can trust (issue 27). The research's curation
-- columns on the funding criteria, the source of each IDCC -> OPCO row, and where each agreement's
-- title comes from. Filled by the import code of server/ from data/*.csv (derived from the research
-- by `npm run data:sync`), never by SQL inserts here. An older export of the thirteen criteria
-- columns still imports: its rows have no status and no stated basis (src/domain/budget-policy.ts).

-- The basis of the row's € amounts (null: not stated), the research's status (null: not given),
-- a dated board decision the source states, the source's own words, the research's reach.
alter table public.funding_criteria
  add column amount_basis text check (amount_basis in ('HT', 'TTC', 'unknown')),
  add column status text check (status in ('current', 'disputed', 'superseded', 'outdated')),
  add column decided_on date,
  add column evidence text check (char_length(evidence) <= 400),
  add column reachable_by text check (char_length(reachable_by) <= 2000);

-- Where each IDCC -> OPCO row comes from: the March-2024 snapshot, a researched addition or
-- correction, or the S2 map alone (data/README.md), with the page that says so.
alter table public.idcc_opco
  add column source text check (char_length(source) <= 100),
  add column source_url text check (source_url ~* '^https?://' and char_length(source_url) <= 1000);

-- Where an agreement's title comes from: Légifrance (through the Mission Apprentissage list), the
-- research's notes, or nowhere (`unknown`: the title is a marker saying so, never invented).
alter table public.idcc
  add column title_source text not null default 'legifrance'
    check (title_source in ('legifrance', 'research', 'unknown'));
