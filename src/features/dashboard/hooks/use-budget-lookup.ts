// The budget lookup of the current company (02 §2.3, §7.2) through the local cache
// (src/lib/budget-lookup.ts): network first, else the cached answer with its date. The card never
// waits for it: it renders the stored simulation at once and is enriched when this answers.
import { useEffect, useState } from 'react';
import { getAccessToken } from '@/lib/auth';
import { lookupBudget, type BudgetLookupOutcome } from '@/lib/budget-lookup';
import { unknownBudgetResult } from '@/domain/budget';

export type BudgetLookupTarget = { idcc: string; min: number; max: number };

async function tokenOrNull(): Promise<string | null> {
  try {
    return await getAccessToken();
  } catch {
    // offline or supabase-js not loadable: the budget API answers without a bearer token
    return null;
  }
}

/**
 * The lookup outcome: undefined while it runs, null when no lookup is made (no target: no IDCC,
 * auto-entrepreneur). A new `refreshKey` runs it again, keeping the previous answer on screen.
 */
export function useBudgetLookup(
  target: BudgetLookupTarget | null,
  refreshKey = 0,
): BudgetLookupOutcome | null | undefined {
  const idcc = target?.idcc ?? null;
  const min = target?.min ?? 0;
  const max = target?.max ?? 0;
  const key = idcc === null ? null : `${idcc}:${min}:${max}`;
  const [answer, setAnswer] = useState<{ key: string; outcome: BudgetLookupOutcome } | null>(null);

  useEffect(() => {
    if (idcc === null || key === null) return;
    const controller = new AbortController();
    let active = true;
    void (async () => {
      let outcome: BudgetLookupOutcome;
      try {
        const accessToken = await tokenOrNull();
        if (!active) return;
        outcome = await lookupBudget(idcc, min, max, { accessToken, signal: controller.signal });
      } catch {
        outcome = {
          result: unknownBudgetResult(),
          response: null,
          source: 'none',
          fetchedAt: null,
        };
      }
      if (active) setAnswer({ key, outcome });
    })();
    return () => {
      active = false;
      controller.abort();
    };
  }, [idcc, min, max, key, refreshKey]);

  if (key === null) return null;
  return answer?.key === key ? answer.outcome : undefined;
}
