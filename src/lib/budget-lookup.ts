// Budget lookup through the local cache (issue 5, 10): network first with a short timeout; the
// answer is cached in IndexedDB with its fetch date; when the network fails the cached figure is
// returned with that date, so screens say "as of" when money comes from the cache. A lookup that
// fails with nothing cached falls back to the unknown budget (01 §8).
import { parseBudgetLookup, unknownBudgetResult, type ParsedBudgetResult } from '@/domain/budget';
import { budgetLookupResponseSchema, type BudgetLookupResponse } from '@/domain/contracts';
import { getCachedBudget, putCachedBudget } from '@/db';
import { fetchBudget } from '@/lib/api/budget-api';
import type { HttpErrorCode } from '@/lib/http';
import { CACHED_AT_HEADER } from '@/sw/cache-rules';

export type BudgetLookupOutcome = {
  result: ParsedBudgetResult;
  /** The raw response (null when nothing was obtained). */
  response: BudgetLookupResponse | null;
  source: 'network' | 'cache' | 'none';
  /** ISO date of the figure (network: now; cache: when it was fetched). */
  fetchedAt: string | null;
  /** Why the network answer is missing (cache or none). */
  error?: HttpErrorCode;
};

export function budgetCacheKey(idcc: string, min: number, max: number): string {
  return `budget:${idcc}:${min}:${max}`;
}

export type BudgetLookupDeps = {
  fetchBudget: typeof fetchBudget;
  getCachedBudget: typeof getCachedBudget;
  putCachedBudget: typeof putCachedBudget;
  now: () => Date;
};

const defaultDeps: BudgetLookupDeps = {
  fetchBudget,
  getCachedBudget,
  putCachedBudget,
  now: () => new Date(),
};

export async function lookupBudget(
  idcc: string,
  min: number,
  max: number,
  options: { accessToken?: string | null; signal?: AbortSignal; timeoutMs?: number } = {},
  deps: BudgetLookupDeps = defaultDeps,
): Promise<BudgetLookupOutcome> {
  const key = budgetCacheKey(idcc, min, max);
  const answer = await deps.fetchBudget(idcc, min, max, options);
  if (answer.ok) {
    // Answered by the service worker's cache (offline or slow network): the figure's own date.
    const swCachedAt = answer.headers?.get(CACHED_AT_HEADER);
    if (swCachedAt && !Number.isNaN(Date.parse(swCachedAt))) {
      return {
        result: parseBudgetLookup(answer.data),
        response: answer.data,
        source: 'cache',
        fetchedAt: swCachedAt,
      };
    }
    const fetchedAt = deps.now().toISOString();
    try {
      await deps.putCachedBudget(key, answer.data, fetchedAt);
    } catch {
      // A full disk must not hide the figure we just received.
    }
    return {
      result: parseBudgetLookup(answer.data),
      response: answer.data,
      source: 'network',
      fetchedAt,
    };
  }
  const cached = await deps.getCachedBudget<unknown>(key).catch(() => undefined);
  const parsed = cached ? budgetLookupResponseSchema.safeParse(cached.value) : null;
  if (cached && parsed?.success) {
    return {
      result: parseBudgetLookup(parsed.data),
      response: parsed.data,
      source: 'cache',
      fetchedAt: cached.fetchedAt,
      error: answer.code,
    };
  }
  return {
    result: unknownBudgetResult(),
    response: null,
    source: 'none',
    fetchedAt: null,
    error: answer.code,
  };
}
