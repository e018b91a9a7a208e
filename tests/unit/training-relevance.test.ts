// Relevance of the local recommendation engine (issue 16 item 9): each request of the set
// (tests/fixtures/training-relevance.json) must find its expected trainings in the top 3, and the
// right one first where the order matters. The set names catalogue ids, checked to exist, so a
// renamed training cannot make a query pass by accident.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TRAINING_CATALOGUE } from '../../supabase/functions/_shared/training-catalogue';
import { searchCatalogue } from '../../supabase/functions/_shared/training-search';
import { localRecommendations } from '../../supabase/functions/_shared/training-recommend';

const relevanceSet = z
  .object({
    queries: z
      .array(
        z.object({
          query: z.string().min(1),
          top3: z.array(z.string()).min(1).max(3),
          first: z.array(z.string()).min(1).optional(),
        }),
      )
      .min(30),
  })
  .parse(
    JSON.parse(
      readFileSync(new URL('../fixtures/training-relevance.json', import.meta.url), 'utf8'),
    ),
  );

const ids = new Set(TRAINING_CATALOGUE.map((t) => t.id));
const top3 = (query: string) => searchCatalogue(query, 3).map((h) => h.training.id);

describe('training recommendations relevance set', () => {
  it('names only trainings of the catalogue, each query once', () => {
    const queries = relevanceSet.queries.map((q) => q.query);
    expect(new Set(queries).size).toBe(queries.length);
    for (const q of relevanceSet.queries)
      for (const id of [...q.top3, ...(q.first ?? [])]) expect(ids, q.query).toContain(id);
  });

  it.each(relevanceSet.queries)('« $query » ranks its expected trainings', (q) => {
    const got = top3(q.query);
    expect(got, q.query).toEqual(expect.arrayContaining(q.top3));
    if (q.first) expect(q.first, `${q.query} → ${got.join(', ')}`).toContain(got[0]);
  });

  it('answers « Former mon équipe à Excel » with Excel trainings, not remote management', () => {
    const titles = localRecommendations({
      objective: 'Former mon équipe à Excel',
      searchTerm: 'Former mon équipe à Excel',
      teamSize: '10 à 19 salariés',
      priority: '',
      additionalContext: '',
    }).map((r) => r.title);
    expect(titles[0]).toMatch(/^Excel/);
    expect(titles).not.toContain('Manager une équipe à distance');
  });
});
