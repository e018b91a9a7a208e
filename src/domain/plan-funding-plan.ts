// The whole training plan's funding (issue 30): the plan's rows grouped by company (each company
// has its own OPCO criteria and yearly cap), each company's years estimated
// (./plan-funding.ts), and what the plan's tiles show: the estimated share and reste à charge of
// the whole plan, the average coverage rate. A request of no known company is « non estimable »,
// never given another company's figure. Pure.
import {
  estimatePlanFunding,
  type FundingRequest,
  type RequestEstimate,
  type YearFunding,
} from './plan-funding';
import type { CostBasis, FundingCompany, Span } from './plan-funding-terms';

/** The columns of a plan row the estimate reads (training_requests). */
export type PlanFundingRow = {
  id: string;
  company_siret?: string | null;
  cost: number;
  duration: number;
  created_at: string;
  status: string;
  coverage_rate: number;
  /** true: coverage_rate is the user's own figure (older rows: absent, read as false) */
  coverage_override?: boolean | null;
};

export type PlanCompany = { siret: string; name: string; funding: FundingCompany };

export type CompanyFunding = {
  siret: string | null;
  name: string | null;
  years: YearFunding[];
};

export type PlanFunding = {
  byRequest: Map<string, RequestEstimate>;
  companies: CompanyFunding[];
  /** counted requests' cost (cents) */
  cost: number;
  /** the estimated (and typed) shares of the requests that have one */
  share: Span;
  /** the reste à charge of the requests that have one */
  rest: Span;
  /** true when some counted request is not estimable (the totals are then partial) */
  partial: boolean;
  /** counted requests with a share (estimated or the user's own) */
  estimated: number;
  /** the average coverage rate (percent) over counted requests with a cost; null: not estimable */
  averageCoverage: Span | null;
};

/**
 * The basis of a price text (« 1 550 € HT »): TTC when it says so; otherwise HT, the basis of the
 * app's own prices and estimates (said on screen).
 */
export const priceBasis = (price: unknown): CostBasis =>
  typeof price === 'string' && /\bTTC\b/i.test(price) ? 'TTC' : 'HT';

/** A plan row as the estimator reads it. */
export function fundingRequestOf(row: PlanFundingRow): FundingRequest {
  return {
    id: row.id,
    costEur: row.cost,
    hours: row.duration,
    createdAt: row.created_at,
    cancelled: row.status === 'cancelled',
    userCoverageRate: row.coverage_override === true ? row.coverage_rate : null,
  };
}

const NO_COMPANY: FundingCompany = {
  criteria: { kind: 'missing', why: 'no_company' },
  confirmed: null,
};

/** The plan's rows by company, in the order of `companies` (unknown companies last). */
function groupRows(
  rows: readonly PlanFundingRow[],
  companies: readonly PlanCompany[],
): { company: PlanCompany | null; rows: PlanFundingRow[] }[] {
  const known = new Map(companies.map((c) => [c.siret, c]));
  const bySiret = new Map<string | null, PlanFundingRow[]>();
  for (const row of rows) {
    const siret = row.company_siret && known.has(row.company_siret) ? row.company_siret : null;
    const list = bySiret.get(siret);
    if (list) list.push(row);
    else bySiret.set(siret, [row]);
  }
  const out: { company: PlanCompany | null; rows: PlanFundingRow[] }[] = [];
  for (const c of companies) {
    const list = bySiret.get(c.siret);
    if (list) out.push({ company: c, rows: list });
  }
  const orphans = bySiret.get(null);
  if (orphans) out.push({ company: null, rows: orphans });
  return out;
}

/** The funding of the whole plan: every company, every year. */
export function estimatePlan(
  rows: readonly PlanFundingRow[],
  companies: readonly PlanCompany[],
  costBasis: CostBasis = 'HT',
): PlanFunding {
  const byRequest = new Map<string, RequestEstimate>();
  const groups: CompanyFunding[] = [];
  let cost = 0;
  const share = { min: 0, max: 0 };
  const rest = { min: 0, max: 0 };
  let partial = false;
  let estimated = 0;
  const rates = { min: 0, max: 0, count: 0 };
  for (const group of groupRows(rows, companies)) {
    const years = estimatePlanFunding(
      group.company?.funding ?? NO_COMPANY,
      group.rows.map(fundingRequestOf),
      costBasis,
    );
    groups.push({
      siret: group.company?.siret ?? null,
      name: group.company?.name ?? null,
      years,
    });
    for (const year of years)
      for (const r of year.requests) {
        byRequest.set(r.id, r);
        if (r.kind === 'not_counted') continue;
        cost += r.cost;
        if (r.kind === 'not_estimable') {
          partial = true;
          continue;
        }
        estimated += 1;
        share.min += r.share.min;
        share.max += r.share.max;
        rest.min += r.rest.min;
        rest.max += r.rest.max;
        if (r.cost > 0) {
          rates.min += (r.share.min / r.cost) * 100;
          rates.max += (r.share.max / r.cost) * 100;
          rates.count += 1;
        }
      }
  }
  // Within one year the shares cannot exceed the cap: the sum of the readings' totals is tighter
  // than the sum of each request's span.
  let yearShare = { min: 0, max: 0 };
  for (const g of groups)
    for (const y of g.years)
      if (y.share)
        yearShare = { min: yearShare.min + y.share.min, max: yearShare.max + y.share.max };
  if (!partial) {
    share.min = Math.max(share.min, yearShare.min);
    share.max = Math.min(share.max, yearShare.max);
    rest.min = Math.max(0, cost - share.max);
    rest.max = Math.max(0, cost - share.min);
  }
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    byRequest,
    companies: groups,
    cost,
    share,
    rest,
    partial,
    estimated,
    averageCoverage: partial
      ? null
      : rates.count === 0
        ? { min: 0, max: 0 }
        : { min: round1(rates.min / rates.count), max: round1(rates.max / rates.count) },
  };
}
