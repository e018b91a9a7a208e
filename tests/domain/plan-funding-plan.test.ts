// The whole plan's funding (issue 30): rows grouped by company (each with its own criteria and
// cap), a request of no known company never given another's figure, partial totals said as such,
// the user's own rate read from coverage_override only.
import { describe, expect, it } from 'vitest';
import {
  estimatePlan,
  fundingRequestOf,
  type PlanCompany,
  type PlanFundingRow,
} from '@/domain/plan-funding-plan';
import { ATLAS_1486_11_49, UNAVAILABLE } from '../fixtures/budget-figures';

const SYNTEC = '44306184100047';
const OTHER = '55217863900132';

const syntec: PlanCompany = {
  siret: SYNTEC,
  name: 'Conseil Test',
  funding: { criteria: { kind: 'figure', figure: ATLAS_1486_11_49 }, confirmed: null },
};
const unknown: PlanCompany = {
  siret: OTHER,
  name: 'Boulangerie Test',
  funding: { criteria: { kind: 'figure', figure: UNAVAILABLE }, confirmed: null },
};

let n = 0;
const row = (over: Partial<PlanFundingRow> = {}): PlanFundingRow => {
  n += 1;
  return {
    id: `req-${n}`,
    company_siret: SYNTEC,
    cost: 1500,
    duration: 14,
    created_at: `2026-04-0${n % 9 || 1}T10:00:00.000Z`,
    status: 'to_organize',
    coverage_rate: 100,
    coverage_override: false,
    ...over,
  };
};

describe('the plan’s funding', () => {
  it('the issue’s plan: 3 000 € used of 3 000 €, reste à charge 1 500 €, average coverage 66,7 %', () => {
    n = 0;
    const plan = estimatePlan([row(), row(), row()], [syntec]);
    expect(plan.companies).toHaveLength(1);
    const year = plan.companies[0]!.years[0]!;
    expect(year).toMatchObject({ year: 2026, used: { min: 300_000 }, left: { max: 0 } });
    expect(plan.cost).toBe(450_000);
    expect(plan.share).toEqual({ min: 300_000, max: 300_000 });
    expect(plan.rest).toEqual({ min: 150_000, max: 150_000 });
    expect(plan.partial).toBe(false);
    expect(plan.averageCoverage).toEqual({ min: 66.7, max: 66.7 });
  });

  it('each company has its own cap; a request of no company of the account is not estimable', () => {
    n = 0;
    const plan = estimatePlan(
      [
        row(),
        row({ company_siret: OTHER }),
        row({ company_siret: null }),
        row({ company_siret: '12345678901234' }),
      ],
      [syntec, unknown],
    );
    expect(plan.companies.map((c) => c.siret)).toEqual([SYNTEC, OTHER, null]);
    expect(plan.byRequest.get('req-1')).toMatchObject({
      kind: 'estimate',
      share: { min: 150_000 },
    });
    expect(plan.byRequest.get('req-2')).toMatchObject({
      kind: 'not_estimable',
      reason: 'unavailable',
    });
    expect(plan.byRequest.get('req-3')).toMatchObject({
      kind: 'not_estimable',
      reason: 'no_company',
    });
    expect(plan.byRequest.get('req-4')).toMatchObject({
      kind: 'not_estimable',
      reason: 'no_company',
    });
    // Partial: the known part only, said as such; no average coverage is invented.
    expect(plan.partial).toBe(true);
    expect(plan.rest).toEqual({ min: 0, max: 0 });
    expect(plan.averageCoverage).toBeNull();
  });

  it('the stored rate is the user’s only when coverage_override says so (older rows: not)', () => {
    expect(
      fundingRequestOf(row({ coverage_rate: 100, coverage_override: false })).userCoverageRate,
    ).toBeNull();
    expect(
      fundingRequestOf(row({ coverage_rate: 100, coverage_override: undefined })).userCoverageRate,
    ).toBeNull();
    expect(
      fundingRequestOf(row({ coverage_rate: 60, coverage_override: true })).userCoverageRate,
    ).toBe(60);
    expect(fundingRequestOf(row({ status: 'cancelled' })).cancelled).toBe(true);
  });

  it('a plan never shows « reste à charge : 0 € » without a basis: default rows of unknown criteria give no figure', () => {
    n = 0;
    const plan = estimatePlan([row({ company_siret: OTHER })], [unknown]);
    expect(plan.partial).toBe(true);
    expect(plan.companies[0]!.years[0]!.rest).toBeNull();
  });
});
