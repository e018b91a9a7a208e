// The CSV's funding columns from the plan's estimate (issue 30 item 4), loaded with the export:
// each request's estimated share, reste à charge and the rule that limited it, in French, and one
// summary record per company and year. Cells are made once per estimate (estimates are shared).
import type { RequestEstimate, YearFunding } from '@/domain/plan-funding';
import type { CompanyFunding, PlanFunding } from '@/domain/plan-funding-plan';
import { csvSpan, type FundingCsvCells, type FundingCsvSummary } from '@/domain/plan-funding-csv';
import type { CsvFunding } from '@/domain/training-plan-csv';
import { clauses, estimateWhy, spanText } from '@/i18n/fr/plan-funding';
import { fr } from '@/i18n/fr';
import { capBasis } from '../lib/funding-cells';

const f = fr.planFunding;

function cellsOf(e: RequestEstimate): FundingCsvCells {
  switch (e.kind) {
    case 'estimate':
      return {
        share: csvSpan(e.share),
        rest: csvSpan(e.rest),
        // The yearly cap's flag says what its limit already says.
        rule: clauses([
          estimateWhy(e),
          ...e.flags.filter((x) => x.code !== 'over_yearly').map(f.flag),
        ]),
        userRate: false,
      };
    case 'override':
      return {
        share: csvSpan(e.share),
        rest: csvSpan(e.rest),
        rule: clauses([f.csv.userRate(e.rate), ...e.flags.map(f.flag)]),
        userRate: true,
      };
    case 'not_counted':
      return { share: '', rest: '', rule: f.card.notCounted, userRate: false };
    case 'not_estimable':
      return {
        share: '',
        rest: '',
        rule: f.csv.notEstimable(f.reasons[e.reason]),
        userRate: false,
      };
  }
}

function capRule(year: YearFunding): string {
  if (!year.rules.ok) return f.csv.notEstimable(f.reasons[year.rules.reason]);
  const used = year.used ? spanText(year.used) : '';
  if (!year.cap || !year.left) return f.csv.capUsedOnly(used);
  return f.csv.cap(`${spanText(year.cap)}${capBasis(year)}`, used, spanText(year.left));
}

function summaryOf(
  company: CompanyFunding,
  year: YearFunding,
  hoursOf: (id: string) => number,
): FundingCsvSummary {
  let hours = 0;
  for (const r of year.requests) if (r.kind !== 'not_counted') hours += hoursOf(r.id);
  return {
    label: f.csv.summary(year.year, company.name),
    hours,
    costCents: year.cost,
    share: year.share ? csvSpan(year.share) : '',
    rest: year.rest ? csvSpan(year.rest) : '',
    rule: capRule(year),
  };
}

/** The export's funding part for the plan's rows (read by id). */
export function planCsvFunding<R extends { id: string; duration?: number | null }>(
  plan: PlanFunding,
  rows: readonly R[],
): CsvFunding<R> {
  const made = new Map<RequestEstimate, FundingCsvCells>();
  const cells = (row: R) => {
    const e = plan.byRequest.get(row.id);
    if (!e) return undefined;
    let c = made.get(e);
    if (!c) {
      c = cellsOf(e);
      made.set(e, c);
    }
    return c;
  };
  const hours = new Map(rows.map((r) => [r.id, r.duration ?? 0]));
  const summaries = plan.companies.flatMap((company) =>
    company.years.map((year) => summaryOf(company, year, (id) => hours.get(id) ?? 0)),
  );
  return { cells, summaries };
}
