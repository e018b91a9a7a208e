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
