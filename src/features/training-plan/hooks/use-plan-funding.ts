// The plan's OPCO funding estimate (issue 30), from the local store only: the plan's rows, the
// companies (their IDCC and headcount), the amounts their OPCO confirmed and each company's
// criteria (the budget lookup's cached answer first: works offline once fetched).
import { useMemo } from 'react';
import { useCompanies, useOpcoConfirmations, type Company, type OpcoConfirmationRow } from '@/db';
import type { RequestEstimate } from '@/domain/plan-funding';
import { estimatePlan, type PlanCompany, type PlanFunding } from '@/domain/plan-funding-plan';
import type { ConfirmedFunding } from '@/domain/plan-funding-terms';
import { useCompanyCriteria, type CompanyCriteria } from '@/lib/company-criteria';
import type { PlanRequestRow } from './use-plan-rows';

export type PlanFundingState = {
  plan: PlanFunding;
  /** some company's criteria are still being read */
  loading: boolean;
  companies: readonly Company[];
  criteria: ReadonlyMap<string, CompanyCriteria>;
};

function confirmedBySiret(rows: readonly OpcoConfirmationRow[] | undefined) {
  const out = new Map<string, ConfirmedFunding[]>();
  for (const r of rows ?? []) {
    if (r.deleted_at) continue;
    const list = out.get(r.company_siret) ?? [];
    list.push({ amountCents: r.amount_cents, basis: r.amount_basis, confirmedOn: r.confirmed_on });
    out.set(r.company_siret, list);
  }
  return out;
}

/**
 * An estimate's object is kept while it does not change (interned by its content), so that the
 * cards whose estimate did not change are not rendered again after an edit elsewhere.
 */
function intern(
  next: Map<string, RequestEstimate>,
  pool: Map<string, RequestEstimate>,
): Map<string, RequestEstimate> {
  const kept = new Map<string, RequestEstimate>();
  for (const [id, e] of next) {
    const key = JSON.stringify(e);
    const same = pool.get(key);
    if (same) next.set(id, same);
    kept.set(key, same ?? e);
  }
  pool.clear();
  for (const [k, v] of kept) pool.set(k, v);
  return next;
}

/** undefined while the local store loads. */
export function usePlanFunding(
  ownerId: string | null | undefined,
  rows: readonly PlanRequestRow[] | undefined,
): PlanFundingState | undefined {
  const companies = useCompanies(ownerId);
  const confirmations = useOpcoConfirmations(ownerId);
  const criteria = useCompanyCriteria(companies);
  const pool = useMemo(() => new Map<string, RequestEstimate>(), []);
  return useMemo(() => {
    if (!rows || !companies) return undefined;
    const confirmed = confirmedBySiret(confirmations);
    const inputs: PlanCompany[] = companies.map((c) => ({
      siret: c.siret,
      name: c.name,
      funding: {
        criteria: criteria.get(c.siret)?.criteria ?? { kind: 'missing', why: 'loading' },
        confirmed: confirmed.get(c.siret) ?? null,
      },
    }));
    const plan = estimatePlan(rows, inputs);
    plan.byRequest = intern(plan.byRequest, pool);
    const loading = inputs.some(
      (c) => c.funding.criteria.kind === 'missing' && c.funding.criteria.why === 'loading',
    );
    return { plan, loading, companies, criteria };
  }, [rows, companies, confirmations, criteria, pool]);
}
