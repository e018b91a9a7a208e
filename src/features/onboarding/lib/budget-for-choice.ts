// The budget of an agreement and a band on the way in (01 §4): no lookup for a sole trader (0-0);
// otherwise the budget lookup through the local cache (network first, the cached figure with its
// date offline, the unknown budget when nothing is cached).
import { toSimulationBudgetFields, type SimulationBudgetFields } from '@/domain/budget';
import { isAutoEntrepreneurRange } from '@/domain/headcount';
import { getAccessToken } from '@/lib/auth';
import { lookupBudget } from '@/lib/budget-lookup';

export type ChoiceBudget = {
  fields: SimulationBudgetFields;
  source: 'network' | 'cache' | 'none' | 'skipped';
  /** ISO date of the figure (cache: when it was fetched). */
  fetchedAt: string | null;
};

export async function budgetForChoice(
  idcc: string,
  range: { min: number; max: number },
  options: { signedIn: boolean },
): Promise<ChoiceBudget> {
  if (isAutoEntrepreneurRange(range)) {
    return { fields: toSimulationBudgetFields(null, range), source: 'skipped', fetchedAt: null };
  }
  // 01 §7: the bearer token is added on the budget call only when a session exists.
  const accessToken = options.signedIn ? await getAccessToken().catch(() => null) : null;
  const outcome = await lookupBudget(idcc, range.min, range.max, { accessToken });
  return {
    fields: toSimulationBudgetFields(outcome.source === 'none' ? null : outcome.result, range),
    source: outcome.source,
    fetchedAt: outcome.fetchedAt,
  };
}
