// The local expert search: MiniSearch over the sample directory, with Algolia's semantics so the
// page behaves the same on both adapters:
//  - full-text over name, expertise, job titles, skills, tools, description, sector and market;
//    French accent folding, case-insensitive, prefix matching (search as you type), small typo
//    tolerance on words of 5 letters or more, every word must match (AND), a few French
//    stop words ignored;
//  - hits filtered by sector AND market (exact facet values), 6 per page;
//  - facet counts: for sector and market, the counts ignore that facet's own filter
//    (disjunctive: the select shows how many experts each other choice would give, with the query
//    and the other filter applied); the other facets count on the fully filtered set. Values by
//    decreasing count, 20 at most per facet (maxValuesPerFacet); booleans count as 'true'/'false'.
import MiniSearch from 'minisearch';
import {
  EXPERT_FACETS,
  type ExpertFacet,
  type ExpertHit,
  type ExpertSearchResult,
} from '@/domain/contracts';
import {
  EXPERT_HITS_PER_PAGE,
  EXPERT_MAX_VALUES_PER_FACET,
  FILTER_FACETS,
  type ExpertFilters,
  type FilterFacet,
} from '@/domain/experts';
import type { ExpertsDataset, SampleExpert } from './dataset-schema';
import type { ExpertSearchParams, ExpertSearchPort } from './port';

const STOP_WORDS = new Set([
  'a',
  'au',
  'aux',
  'd',
  'de',
  'des',
  'du',
  'en',
  'et',
  'l',
  'la',
  'le',
  'les',
  'un',
  'une',
  'pour',
  'sur',
  'avec',
]);

/** Lower case without diacritics; stop words dropped (null). */
export function processFrenchTerm(term: string): string | null {
  const folded = term
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return folded && !STOP_WORDS.has(folded) ? folded : null;
}

const TOKEN_SPLIT = /[\s\p{P}\p{S}]+/u;

/** The searchable words of a query (folded, stop words removed). */
export function queryTerms(query: string): string[] {
  return query
    .split(TOKEN_SPLIT)
    .map(processFrenchTerm)
    .filter((t): t is string => Boolean(t));
}

function facetValues(expert: SampleExpert, facet: ExpertFacet): string[] {
  switch (facet) {
    case 'sector':
      return [expert.sector];
    case 'market':
      return expert.market;
    case 'tool':
      return expert.tools;
    default:
      return [String(expert[facet])];
  }
}

function matchesFilters(
  expert: SampleExpert,
  filters: ExpertFilters,
  except?: FilterFacet,
): boolean {
  return FILTER_FACETS.every((facet) => {
    const wanted = facet === except ? null : filters[facet];
    return !wanted || facetValues(expert, facet).includes(wanted);
  });
}

function countFacet(experts: SampleExpert[], facet: ExpertFacet): Record<string, number> {
  const counts = new Map<string, number>();
  for (const expert of experts) {
    for (const value of new Set(facetValues(expert, facet)))
      counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return Object.fromEntries(
    [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'fr'))
      .slice(0, EXPERT_MAX_VALUES_PER_FACET),
  );
}

const SEARCH_FIELDS = [
  'firstname',
  'expertise_name',
  'jobs',
  'skills',
  'tools',
  'description',
  'sector',
  'market',
];

export function createLocalAdapter(dataset: ExpertsDataset): ExpertSearchPort & {
  searchSync(params: ExpertSearchParams): ExpertSearchResult;
} {
  const experts = dataset.experts;
  const byId = new Map(experts.map((e, i) => [e.objectID, { expert: e, order: i }]));
  const index = new MiniSearch<SampleExpert>({
    idField: 'objectID',
    fields: SEARCH_FIELDS,
    extractField: (doc, field) => {
      if (field === 'jobs') return doc.public_experiences.map((x) => x.jobTitle).join(' ');
      const value = (doc as Record<string, unknown>)[field];
      return Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : '';
    },
    processTerm: processFrenchTerm,
    searchOptions: {
      boost: { expertise_name: 3, skills: 2, tools: 2, firstname: 2, jobs: 1.5 },
      prefix: true,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      combineWith: 'AND',
    },
  });
  index.addAll(experts);

  function matching(query: string): SampleExpert[] {
    const terms = queryTerms(query);
    if (terms.length === 0) return experts;
    return index
      .search(terms.join(' '))
      .map((r) => byId.get(String(r.id))?.expert)
      .filter((e): e is SampleExpert => Boolean(e));
  }

  function searchSync({ query, filters, page }: ExpertSearchParams): ExpertSearchResult {
    const matched = matching(query);
    const filtered = matched.filter((e) => matchesFilters(e, filters));
    const facets: Record<string, Record<string, number>> = {};
    for (const facet of EXPERT_FACETS) {
      const isFilter = (FILTER_FACETS as readonly string[]).includes(facet);
      const base = isFilter
        ? matched.filter((e) => matchesFilters(e, filters, facet as FilterFacet))
        : filtered;
      facets[facet] = countFacet(base, facet);
    }
    const nbHits = filtered.length;
    const nbPages = Math.ceil(nbHits / EXPERT_HITS_PER_PAGE);
    const safePage = Number.isInteger(page) && page > 0 ? page : 0;
    const start = safePage * EXPERT_HITS_PER_PAGE;
    const hits: ExpertHit[] = filtered
      .slice(start, start + EXPERT_HITS_PER_PAGE)
      .map((e) => ({ ...e }));
    return { hits, facets, nbPages, page: safePage, nbHits };
  }

  return {
    kind: 'local',
    sample: dataset.sample,
    searchSync,
    search: async (params) => {
      try {
        return { ok: true, data: searchSync(params) };
      } catch {
        return { ok: false, code: 'invalid_response' };
      }
    },
  };
}
