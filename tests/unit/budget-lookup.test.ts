import { describe, expect, it, vi } from 'vitest';
import { budgetCacheKey, lookupBudget, type BudgetLookupDeps } from '@/lib/budget-lookup';

const response = {
  budgetType: 'TOTAL',
  opco: 'AKTO',
  tauxPriseEnCharge: 80,
  budgetInfo: { totalBudget_value: '3 500', totalBudget_unity: '€ HT' },
};

function deps(over: Partial<BudgetLookupDeps> = {}): BudgetLookupDeps {
  const store = new Map<string, { value: unknown; fetchedAt: string }>();
  return {
    fetchBudget: vi.fn(async () => ({ ok: true as const, data: response, status: 200 })),
    getCachedBudget: (async (key: string) => store.get(key)) as BudgetLookupDeps['getCachedBudget'],
    putCachedBudget: async (key, value, at) => {
      store.set(key, { value, fetchedAt: String(at) });
    },
    now: () => new Date('2026-11-20T09:00:00Z'),
    ...over,
  };
}

describe('lookupBudget', () => {
  it('returns the network answer and caches it with its date', async () => {
    const d = deps();
    const out = await lookupBudget('1486', 11, 49, {}, d);
    expect(out.source).toBe('network');
    expect(out.result.budget.budgetType).toBe('TOTAL');
    expect(out.result.opco).toBe('AKTO');
    expect(await d.getCachedBudget(budgetCacheKey('1486', 11, 49))).toEqual({
      value: response,
      fetchedAt: '2026-11-20T09:00:00.000Z',
    });
  });

  it('falls back to the cached figure with its date when the network fails', async () => {
    const d = deps();
    await lookupBudget('1486', 11, 49, {}, d);
    d.fetchBudget = vi.fn(async () => ({ ok: false as const, code: 'offline' as const }));
    const out = await lookupBudget('1486', 11, 49, {}, d);
    expect(out).toMatchObject({
      source: 'cache',
      fetchedAt: '2026-11-20T09:00:00.000Z',
      error: 'offline',
    });
    expect(out.result.budget.budgetType).toBe('TOTAL');
  });

  it('falls back to the unknown budget when nothing is cached (01 §8)', async () => {
    const d = deps({
      fetchBudget: vi.fn(async () => ({
        ok: false as const,
        code: 'server' as const,
        status: 500,
      })),
    });
    const out = await lookupBudget('1486', 11, 49, {}, d);
    expect(out).toMatchObject({ source: 'none', fetchedAt: null, error: 'server', response: null });
    expect(out.result).toMatchObject({
      budget: { budgetType: 'UNKNOWN' },
      opco: '',
      tauxPriseEnCharge: 0,
      budgetInfo: null,
    });
  });

  it('reports an answer served by the service worker cache as cached, with its date', async () => {
    const headers = new Headers({ 'x-bf-cached-at': '2026-11-01T08:00:00.000Z' });
    const d = deps({
      fetchBudget: vi.fn(async () => ({ ok: true as const, data: response, status: 200, headers })),
    });
    const out = await lookupBudget('1486', 11, 49, {}, d);
    expect(out).toMatchObject({ source: 'cache', fetchedAt: '2026-11-01T08:00:00.000Z' });
    expect(out.result.budget.budgetType).toBe('TOTAL');
  });

  it('still returns the figure when the cache write fails (full disk)', async () => {
    const d = deps({
      putCachedBudget: async () => {
        throw new Error('QuotaExceededError');
      },
    });
    const out = await lookupBudget('1486', 11, 49, {}, d);
    expect(out.source).toBe('network');
  });
});

describe('the figure of issue 27 through the cache', () => {
  const figure = {
    kind: 'range',
    opco: 'AKTO',
    band: { min: 11, max: 49 },
    parts: [
      {
        fund: 'total',
        yearlyCap: { min: 6000, max: 12000 },
        hourlyCap: null,
        perActionCap: null,
        perTraineePerFileCap: null,
        coverageRatePct: null,
        minHours: null,
        salary: 'yes',
        basis: 'HT',
        year: 2026,
        reliability: 'compilation',
        status: 'disputed',
        sources: [76, 184].map((line, i) => ({
          line,
          opco: 'AKTO',
          branch: 'Commerces de gros',
          reach: 'idcc',
          url: 'https://www.akto.fr/regles-de-prise-en-charge-commerces-de-gros/',
          reliability: 'compilation',
          label: i === 0 ? 'S1' : 'S2',
          publishedOn: null,
          retrievedOn: '2026-06-11',
          year: 2026,
          status: 'disputed',
          evidence: null,
          basis: 'HT',
          figures: {
            yearlyCapEur: i === 0 ? 6000 : 12000,
            hourlyCapEur: null,
            perActionCapEur: null,
            coverageRatePct: null,
            salary: 'yes',
          },
        })),
      },
    ],
    sum: null,
    year: 2026,
    reliability: 'compilation',
    status: 'disputed',
    criteriaDate: '2026-01-01',
    from50: false,
    criteriaUrl: 'https://www.akto.fr/regles-de-prise-en-charge-commerces-de-gros/',
    notes: [],
  };

  it('offline, the cached answer keeps its figure (range, basis, both sources)', async () => {
    const d = deps({
      fetchBudget: vi.fn(async () => ({
        ok: true as const,
        data: { ...response, figure } as never,
        status: 200,
      })),
    });
    await lookupBudget('0573', 11, 49, {}, d);
    d.fetchBudget = vi.fn(async () => ({ ok: false as const, code: 'offline' as const }));
    const out = await lookupBudget('0573', 11, 49, {}, d);
    expect(out.source).toBe('cache');
    expect(out.response?.figure).toEqual(figure);
  });

  it('a malformed figure in the cache is dropped, never half-read; the record stays', async () => {
    const d = deps({
      fetchBudget: vi.fn(async () => ({ ok: false as const, code: 'offline' as const })),
    });
    await d.putCachedBudget(
      budgetCacheKey('0573', 11, 49),
      { ...response, figure: { ...figure, parts: [{ basis: 'HT/TTC' }] } },
      '2026-11-20T09:00:00.000Z',
    );
    const out = await lookupBudget('0573', 11, 49, {}, d);
    expect(out.source).toBe('cache');
    expect(out.response?.figure).toBeUndefined();
    expect(out.result.budget.budgetType).toBe('TOTAL');
  });
});
