// The funding criteria of a user's companies for the plan's estimate (issue 30): the budget
// lookup's figure (src/lib/budget-lookup.ts), read from the local cache first (the plan opens
// offline with what this device last fetched), then network first with the cache as fallback. A
// company without an IDCC, a sole trader or a lookup that never succeeded on this device says why
// instead of a figure.
import { useEffect, useMemo, useState } from 'react';
import { getCachedBudget, type Company } from '@/db';
import { budgetLookupResponseSchema } from '@/domain/contracts';
import type { BudgetFigure } from '@/domain/budget-figure';
import { isAutoEntrepreneurRange } from '@/domain/headcount';
import type { FundingCompany, MissingCriteria } from '@/domain/plan-funding-terms';
import { getAccessToken } from '@/lib/auth';
import { budgetCacheKey, lookupBudget, type BudgetLookupOutcome } from '@/lib/budget-lookup';

export type CompanyCriteria = {
  criteria: FundingCompany['criteria'];
  /** when the figure was fetched (ISO), null when none */
  fetchedAt: string | null;
};

type Target = { key: string; idcc: string; min: number; max: number };
type CompanyLike = Pick<Company, 'siret' | 'simulation'>;

/** What to look up for a company, or why nothing can be. */
export function criteriaTarget(company: CompanyLike): Target | MissingCriteria {
  const sim = company.simulation;
  const range = { min: sim.employee_range_min, max: sim.employee_range_max };
  if (isAutoEntrepreneurRange(range)) return 'auto_entrepreneur';
  if (!sim.idcc) return 'no_idcc';
  return { key: budgetCacheKey(sim.idcc, range.min, range.max), idcc: sim.idcc, ...range };
}

/** The criteria a lookup answer gives: its figure, else why not. */
export function criteriaOf(
  response: { figure?: BudgetFigure | undefined } | null,
  source: BudgetLookupOutcome['source'],
): FundingCompany['criteria'] {
  if (response?.figure) return { kind: 'figure', figure: response.figure };
  if (source === 'none' || !response) return { kind: 'missing', why: 'lookup_failed' };
  return { kind: 'missing', why: 'no_figure' };
}

async function tokenOrNull(): Promise<string | null> {
  try {
    return await getAccessToken();
  } catch {
    return null;
  }
}

async function cachedCriteria(key: string): Promise<CompanyCriteria | null> {
  const cached = await getCachedBudget<unknown>(key).catch(() => undefined);
  if (!cached) return null;
  const parsed = budgetLookupResponseSchema.safeParse(cached.value);
  if (!parsed.success) return null;
  return { criteria: criteriaOf(parsed.data, 'cache'), fetchedAt: cached.fetchedAt };
}

/**
 * The criteria of each company (by SIRET); a company whose lookup has not answered yet reads
 * `loading`. Every target is looked up once per mount.
 */
export function useCompanyCriteria(
  companies: readonly CompanyLike[] | undefined,
): Map<string, CompanyCriteria> {
  const targets = useMemo(() => {
    const out = new Map<string, Target | MissingCriteria>();
    for (const c of companies ?? []) out.set(c.siret, criteriaTarget(c));
    return out;
  }, [companies]);
  const keys = [...targets.values()]
    .filter((t): t is Target => typeof t !== 'string')
    .sort((a, b) => a.key.localeCompare(b.key));
  const keyList = [...new Set(keys.map((t) => t.key))].join('|');
  const [answers, setAnswers] = useState<ReadonlyMap<string, CompanyCriteria>>(new Map());

  useEffect(() => {
    if (keyList === '') return;
    let active = true;
    const controller = new AbortController();
    // The network's answer is usually the cached one again: the same criteria keep their object
    // (the plan is not estimated a second time for nothing), only the fetch date moves.
    const put = (key: string, value: CompanyCriteria) => {
      if (!active) return;
      setAnswers((prev) => {
        const before = prev.get(key);
        const same =
          before !== undefined &&
          JSON.stringify(before.criteria) === JSON.stringify(value.criteria);
        if (same && before.fetchedAt === value.fetchedAt) return prev;
        const next = same ? { criteria: before.criteria, fetchedAt: value.fetchedAt } : value;
        return new Map(prev).set(key, next);
      });
    };
    const unique = new Map(keys.map((t) => [t.key, t]));
    for (const t of unique.values()) {
      void (async () => {
        const cached = await cachedCriteria(t.key);
        if (cached) put(t.key, cached);
        const accessToken = await tokenOrNull();
        if (!active) return;
        try {
          const outcome = await lookupBudget(t.idcc, t.min, t.max, {
            accessToken,
            signal: controller.signal,
          });
          // A failed lookup keeps what the cache gave (same figure, its own date).
          if (outcome.source !== 'none' || !cached)
            put(t.key, {
              criteria: criteriaOf(outcome.response, outcome.source),
              fetchedAt: outcome.fetchedAt,
            });
        } catch {
          if (!cached)
            put(t.key, { criteria: { kind: 'missing', why: 'lookup_failed' }, fetchedAt: null });
        }
      })();
    }
    return () => {
      active = false;
      controller.abort();
    };
    // keyList stands for `keys` (same targets, same lookups).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyList]);

  return useMemo(() => {
    const out = new Map<string, CompanyCriteria>();
    for (const [siret, target] of targets) {
      if (typeof target === 'string') {
        out.set(siret, { criteria: { kind: 'missing', why: target }, fetchedAt: null });
        continue;
      }
      out.set(
        siret,
        answers.get(target.key) ?? {
          criteria: { kind: 'missing', why: 'loading' },
          fetchedAt: null,
        },
      );
    }
    return out;
  }, [targets, answers]);
}
