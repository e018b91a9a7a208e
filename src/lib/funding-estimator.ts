// The OPCO estimate of a request not in the plan yet (issue 30 item 3): the new request's form
// while it is filled, and each recommended training before it is added. It gets what the
// company's plan leaves of this year's cap (estimateCandidate), from the local store and the
// cached criteria: offline too.
import { useCallback, useMemo } from 'react';
import { useOpcoConfirmations, useTrainingRequests, type Company } from '@/db';
import { toParisDateKey } from '@/domain/dates';
import { estimateCandidate, type RequestEstimate } from '@/domain/plan-funding';
import { fundingRequestOf } from '@/domain/plan-funding-plan';
import type { ConfirmedFunding, CostBasis, FundingCompany } from '@/domain/plan-funding-terms';
import { useCompanyCriteria } from '@/lib/company-criteria';

export type Candidate = {
  costEur: number;
  hours: number;
  /** the basis of the candidate's price (the app's prices and estimates are € HT) */
  basis?: CostBasis;
};

export type FundingEstimator = {
  /** null: no company; undefined while the local store or the criteria load */
  estimate: (candidate: Candidate) => RequestEstimate | null | undefined;
};

const CANDIDATE_ID = 'candidate';

/** The estimator of the company's next request (stable while nothing it reads changes). */
export function useFundingEstimator(
  ownerId: string | null | undefined,
  company: Pick<Company, 'siret' | 'simulation'> | null | undefined,
): FundingEstimator['estimate'] {
  const requests = useTrainingRequests(ownerId);
  const confirmations = useOpcoConfirmations(ownerId);
  const companies = useMemo(() => (company ? [company] : []), [company]);
  const criteria = useCompanyCriteria(companies).get(company?.siret ?? '');
  const siret = company?.siret ?? null;

  const context = useMemo(() => {
    if (!siret || !requests || !criteria) return undefined;
    if (criteria.criteria.kind === 'missing' && criteria.criteria.why === 'loading')
      return undefined;
    const confirmed: ConfirmedFunding[] = (confirmations ?? [])
      .filter((c) => !c.deleted_at && c.company_siret === siret)
      .map((c) => ({
        amountCents: c.amount_cents,
        basis: c.amount_basis,
        confirmedOn: c.confirmed_on,
      }));
    const funding: FundingCompany = { criteria: criteria.criteria, confirmed };
    const plan = requests.filter((r) => r.company_siret === siret).map(fundingRequestOf);
    return { funding, plan };
  }, [siret, requests, criteria, confirmations]);

  return useCallback(
    (candidate: Candidate) => {
      if (company === null) return null;
      if (!context) return undefined;
      const now = new Date();
      return estimateCandidate(
        context.funding,
        context.plan,
        {
          id: CANDIDATE_ID,
          costEur: candidate.costEur,
          hours: candidate.hours,
          createdAt: now.toISOString(),
          date: toParisDateKey(now),
        },
        candidate.basis ?? 'HT',
      );
    },
    [company, context],
  );
}
