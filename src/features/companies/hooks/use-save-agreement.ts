// Saving a company's agreement and headcount (issue 29 item 3) through the local store: the live
// simulation of that SIRET is updated (row + outbox mutation in one transaction), replicated by the
// sync engine with the usual conflict rules; the server counts it as a budget change (update_limit
// from the 4th). The network is never on the path: the budget fields come from the local cache of
// budget lookups (warmed while the form is open and online), else they say « unknown » until the
// dashboard's lookup answers; a figure of the previous agreement is never kept for the new one.
import { useEffect } from 'react';
import { LocalStoreError, useRepositories, type Company } from '@/db';
import { parseBudgetLookup, toSimulationBudgetFields } from '@/domain/budget';
import { budgetLookupResponseSchema } from '@/domain/contracts';
import { isAutoEntrepreneurRange } from '@/domain/headcount';
import { getAccessToken } from '@/lib/auth';
import { budgetCacheKey, lookupBudget } from '@/lib/budget-lookup';

export type AgreementChoice = { idcc: string; range: { min: number; max: number } };
export type SaveAgreementResult =
  { ok: true } | { ok: false; code: 'update_limit' | 'quota' | 'error' };

/** Looks the budget up in the background (network first, cached with its date) once the choice settles. */
export function useWarmBudget(choice: AgreementChoice | null): void {
  const key =
    choice && !isAutoEntrepreneurRange(choice.range)
      ? budgetCacheKey(choice.idcc, choice.range.min, choice.range.max)
      : null;
  useEffect(() => {
    if (!choice || key === null || !navigator.onLine) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void getAccessToken()
        .catch(() => null)
        .then((accessToken) =>
          // the form may have closed (or the choice changed) while the token was read
          controller.signal.aborted
            ? undefined
            : lookupBudget(choice.idcc, choice.range.min, choice.range.max, {
                accessToken,
                signal: controller.signal,
              }),
        )
        .catch(() => undefined);
    }, 600);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // the key says everything the lookup depends on
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

export function useSaveAgreement(userId: string) {
  const repos = useRepositories();
  return async (company: Company, choice: AgreementChoice): Promise<SaveAgreementResult> => {
    try {
      const { idcc, range } = choice;
      const cached = isAutoEntrepreneurRange(range)
        ? undefined
        : await repos
            .getCachedBudget(budgetCacheKey(idcc, range.min, range.max))
            .catch(() => undefined);
      const parsed = cached ? budgetLookupResponseSchema.safeParse(cached.value) : null;
      const s = company.simulation;
      await repos.saveSimulation(userId, {
        company_name: s.company_name,
        company_address: s.company_address,
        company_siret: s.company_siret,
        code_naf: s.code_naf,
        idcc,
        employee_range_min: range.min,
        employee_range_max: range.max,
        ...toSimulationBudgetFields(parsed?.success ? parseBudgetLookup(parsed.data) : null, range),
      });
      return { ok: true };
    } catch (error) {
      if (
        error instanceof LocalStoreError &&
        (error.code === 'update_limit' || error.code === 'quota')
      )
        return { ok: false, code: error.code };
      console.error('Company update failed', error);
      return { ok: false, code: 'error' };
    }
  };
}
