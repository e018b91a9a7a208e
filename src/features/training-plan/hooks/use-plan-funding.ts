// The plan's OPCO funding estimate (issue 30), from the local store only: the plan's rows, the
// companies (their IDCC and headcount), the amounts their OPCO confirmed and each company's
// criteria (the budget lookup's cached answer first: works offline once fetched).
//
// Estimating is linear in the plan's size (a plan of 5 000 requests: tens of ms on a phone), so it
// runs once per change of what it reads: not while every company's criteria are still being read
// (the cards say « chargement » either way), not again when the network's answer only gives the
// cached criteria a new date, and the requests whose estimate did not change keep their object
// (their cards are not rendered again).
import { useMemo } from 'react';
import { useCompanies, useOpcoConfirmations, type Company, type OpcoConfirmationRow } from '@/db';
import type { RequestEstimate } from '@/domain/plan-funding';
import { estimatePlan, type PlanCompany, type PlanFunding } from '@/domain/plan-funding-plan';
import type { ConfirmedFunding } from '@/domain/plan-funding-terms';
import { sameJson } from '@/domain/same-json';
import { useCompanyCriteria, type CompanyCriteria } from '@/lib/company-criteria';
import type { PlanRequestRow } from './use-plan-rows';

export type PlanFundingState = (
  | {
      /** some company's criteria are still being read (the plan: undefined while all are) */
      loading: true;
      plan: PlanFunding | undefined;
    }
  | { loading: false; plan: PlanFunding }
) & { companies: readonly Company[]; criteria: ReadonlyMap<string, CompanyCriteria> };

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

const isLoading = (c: PlanCompany) =>
  c.funding.criteria.kind === 'missing' && c.funding.criteria.why === 'loading';

/** What the estimate was last computed from, and what it gave (kept across renders). */
type Memo = { inputs: PlanCompany[] | null; byRequest: Map<string, RequestEstimate> };

/**
 * The companies as the estimator reads them; the previous array while they say the same (a new
 * fetch date, a live query's new array of the same rows: no estimate again).
 */
function stableInputs(next: PlanCompany[], memo: Memo): PlanCompany[] {
  if (memo.inputs && sameJson(memo.inputs, next)) return memo.inputs;
  memo.inputs = next;
  return next;
}

/** The estimates equal to the previous run's keep their object (by request id). */
function keepUnchanged(
  next: Map<string, RequestEstimate>,
  memo: Memo,
): Map<string, RequestEstimate> {
  const before = memo.byRequest;
  for (const [id, e] of next) {
    const same = before.get(id);
    if (same && same !== e && sameJson(same, e)) next.set(id, same);
  }
  memo.byRequest = next;
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
  const memo = useMemo((): Memo => ({ inputs: null, byRequest: new Map() }), []);
  const inputs = useMemo(() => {
    if (!companies) return undefined;
    const confirmed = confirmedBySiret(confirmations);
    const next = companies.map((c): PlanCompany => ({
      siret: c.siret,
      name: c.name,
      funding: {
        criteria: criteria.get(c.siret)?.criteria ?? { kind: 'missing', why: 'loading' },
        confirmed: confirmed.get(c.siret) ?? null,
      },
    }));
    return stableInputs(next, memo);
  }, [companies, confirmations, criteria, memo]);
  const plan = useMemo(() => {
    if (!rows || !inputs) return undefined;
    if (inputs.length > 0 && inputs.every(isLoading)) return null;
    const out = estimatePlan(rows, inputs);
    out.byRequest = keepUnchanged(out.byRequest, memo);
    return out;
  }, [rows, inputs, memo]);
  return useMemo((): PlanFundingState | undefined => {
    if (plan === undefined || !inputs || !companies) return undefined;
    if (plan && !inputs.some(isLoading)) return { loading: false, plan, companies, criteria };
    return { loading: true, plan: plan ?? undefined, companies, criteria };
  }, [plan, inputs, companies, criteria]);
}
