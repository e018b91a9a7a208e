// The local expert search (MiniSearch over the sample directory): results, paging and facet counts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expertSearchResultSchema } from '@/domain/contracts';
import { NO_FILTERS } from '@/domain/experts';
import {
  expertsDatasetSchema,
  type ExpertsDataset,
  type SampleExpert,
} from '@/lib/expert-search/dataset-schema';
import { createLocalAdapter, queryTerms } from '@/lib/expert-search/local';

const shipped = expertsDatasetSchema.parse(
  JSON.parse(readFileSync('public/data/experts-sample.json', 'utf8')),
);

function expert(id: string, fields: Partial<SampleExpert>): SampleExpert {
  return {
    objectID: id,
    id,
    sample: true,
    firstname: id,
    expertise_name: 'Divers',
    public_experiences: [],
    skills: [],
    tools: [],
    description: '',
    pictures_url: [],
    sector: 'Industrie',
    market: ['B2B'],
    does_guides_advances: false,
    does_guides_beginners: true,
    does_guides_intermediates: false,
    has_managerial_responsibilities: false,
    is_independent: false,
    is_management: false,
    is_operational: true,
    ...fields,
  };
}

const small: ExpertsDataset = {
  sample: true,
  version: 1,
  note: 'test',
  experts: [
    expert('a', {
      firstname: 'Élodie',
      expertise_name: 'Négociation commerciale',
      sector: 'Industrie',
      market: ['B2B'],
      tools: ['Excel', 'Salesforce'],
    }),
    expert('b', {
      firstname: 'Hugo',
      expertise_name: 'Marketing digital',
      sector: 'Numérique',
      market: ['B2C', 'B2B'],
      tools: ['Excel'],
    }),
    expert('c', {
      firstname: 'Inès',
      expertise_name: 'Marketing digital',
      sector: 'Numérique',
      market: ['B2C'],
      skills: ['Python'],
    }),
    expert('d', {
      firstname: 'Loïc',
      expertise_name: 'Management',
      sector: 'Santé',
      market: ['B2G'],
      is_independent: true,
    }),
    expert('e', {
      firstname: 'Marion',
      expertise_name: 'Data',
      sector: 'Industrie',
      market: ['B2C'],
      skills: ['Python', 'SQL'],
      tools: ['Excel'],
    }),
  ],
};

const search = (dataset: ExpertsDataset, query: string, filters = NO_FILTERS, page = 0) =>
  createLocalAdapter(dataset).searchSync({ query, filters, page });

describe('the shipped sample directory', () => {
  it('holds at least 150 fictitious experts, clearly marked, with unique ids', () => {
    expect(shipped.sample).toBe(true);
    expect(shipped.experts.length).toBeGreaterThanOrEqual(150);
    expect(shipped.experts.every((e) => e.sample === true)).toBe(true);
    expect(new Set(shipped.experts.map((e) => e.objectID)).size).toBe(shipped.experts.length);
    expect(shipped.note).toMatch(/Données d'exemple/);
  });

  it('pages through everything with an empty query, 6 per page, in directory order', () => {
    const first = search(shipped, '   ');
    expect(first.nbHits).toBe(shipped.experts.length);
    expect(first.nbPages).toBe(Math.ceil(shipped.experts.length / 6));
    expect(first.hits.map((h) => h.objectID)).toEqual(
      shipped.experts.slice(0, 6).map((e) => e.objectID),
    );
    const second = search(shipped, '', NO_FILTERS, 1);
    expect(second.page).toBe(1);
    expect(second.hits.map((h) => h.objectID)).toEqual(
      shipped.experts.slice(6, 12).map((e) => e.objectID),
    );
    expect(search(shipped, '', NO_FILTERS, first.nbPages).hits).toEqual([]);
    expect(expertSearchResultSchema.safeParse(first).success).toBe(true);
  });

  it('counts sector and market values like a brute-force scan, for a query and a filter', () => {
    const result = search(shipped, 'marketing', { sector: 'Numérique', market: null });
    const matched = shipped.experts.filter((e) =>
      JSON.stringify(e).toLowerCase().includes('marketing'),
    );
    const inSector = matched.filter((e) => e.sector === 'Numérique');
    expect(result.nbHits).toBe(inSector.length);
    expect(result.hits.every((h) => h.sector === 'Numérique')).toBe(true);
    // Disjunctive: the sector counts ignore the sector filter itself.
    const sectorCounts: Record<string, number> = {};
    for (const e of matched) sectorCounts[e.sector] = (sectorCounts[e.sector] ?? 0) + 1;
    expect(result.facets.sector).toEqual(sectorCounts);
    // Market counts apply the sector filter.
    const marketCounts: Record<string, number> = {};
    for (const e of inSector)
      for (const m of e.market) marketCounts[m] = (marketCounts[m] ?? 0) + 1;
    expect(result.facets.market).toEqual(marketCounts);
  });

  it('returns at most 20 values per facet, the most frequent first', () => {
    const tools = search(shipped, '').facets.tool!;
    const distinct = new Set(shipped.experts.flatMap((e) => e.tools)).size;
    expect(distinct).toBeGreaterThan(20);
    const counts = Object.values(tools);
    expect(counts).toHaveLength(20);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  });
});

describe('full-text matching', () => {
  it('folds accents and case both ways', () => {
    expect(search(small, 'negociation').hits.map((h) => h.id)).toEqual(['a']);
    expect(search(small, 'ÉLODIE').hits.map((h) => h.id)).toEqual(['a']);
    expect(search(small, 'loic').hits.map((h) => h.id)).toEqual(['d']);
    expect(queryTerms("Gestion d'équipe et RH")).toEqual(['gestion', 'equipe', 'rh']);
  });

  it('matches prefixes while typing and needs every word (AND)', () => {
    expect(search(small, 'marke').nbHits).toBe(2);
    expect(search(small, 'python excel').hits.map((h) => h.id)).toEqual(['e']);
    expect(search(small, 'python').nbHits).toBe(2);
    expect(search(small, 'zzzz').nbHits).toBe(0);
    expect(search(small, 'zzzz').nbPages).toBe(0);
  });

  it('tolerates a typo in a long word', () => {
    expect(search(small, 'marketting').nbHits).toBe(2);
  });
});

describe('filters and facet counts', () => {
  it('joins sector and market with AND', () => {
    expect(search(small, '', { sector: 'Industrie', market: 'B2C' }).hits.map((h) => h.id)).toEqual(
      ['e'],
    );
    expect(search(small, '', { sector: 'Numérique', market: 'B2B' }).hits.map((h) => h.id)).toEqual(
      ['b'],
    );
    expect(search(small, '', { sector: 'Santé', market: 'B2B' }).nbHits).toBe(0);
  });

  it('computes the counts of every facet', () => {
    const all = search(small, '');
    expect(all.facets.sector).toEqual({ Industrie: 2, Numérique: 2, Santé: 1 });
    expect(all.facets.market).toEqual({ B2C: 3, B2B: 2, B2G: 1 });
    expect(all.facets.tool).toEqual({ Excel: 3, Salesforce: 1 });
    expect(all.facets.is_independent).toEqual({ false: 4, true: 1 });
    expect(Object.keys(all.facets).sort()).toEqual([
      'does_guides_advances',
      'does_guides_beginners',
      'does_guides_intermediates',
      'has_managerial_responsibilities',
      'is_independent',
      'is_management',
      'is_operational',
      'market',
      'sector',
      'tool',
    ]);
  });

  it('keeps the other choices of a filtered facet (disjunctive) and narrows the others', () => {
    const r = search(small, '', { sector: 'Industrie', market: null });
    expect(r.nbHits).toBe(2);
    expect(r.facets.sector).toEqual({ Industrie: 2, Numérique: 2, Santé: 1 });
    expect(r.facets.market).toEqual({ B2B: 1, B2C: 1 });
    expect(r.facets.tool).toEqual({ Excel: 2, Salesforce: 1 });
    const both = search(small, 'marketing', { sector: 'Numérique', market: 'B2C' });
    expect(both.facets.market).toEqual({ B2C: 2, B2B: 1 });
    expect(both.facets.sector).toEqual({ Numérique: 2 });
  });
});
