// The budget API's sourced answer (issues 15, 27): the BudgetFigure of the lookup policy
// (./budget-policy.ts) onto the product API's shapes (01 §3, 02 §3: budgetType, opco,
// tauxPriseEnCharge, budgetInfo) and its provenance, so that a reader of those shapes alone still
// reads the truth; and the headcount bands the criteria publish. Pure: the rows are passed in.
//
// Onto the budget record (data/README.md, « Field mapping »):
//  - a yearly cap: the total, legal or conventional budget of its fund, in '€ HT', '€ TTC' or '€'
//    (basis not stated: never labelled HT); legal and conventional of one branch are both given
//    (the record's derivation then shows their sum);
//  - a disputed figure, the rule from 50 employees: 'Voir commentaire' with the words in the
//    comments (never one side of a dispute as the figure, never « Information indisponible »);
//  - no yearly cap published: 'Information indisponible' and a comment; nothing: the same, with
//    the criteria page in the provenance.
import { deriveBudget, COMMENT_MARKER, UNAVAILABLE_MARKER, type BudgetInfoRecord } from './budget';
import type { BudgetProvenance, LookupBudgetType } from './budget-contract';
import type { AmountBasis, BudgetFigure, FigureSource, FundingTerms } from './budget-figure';
import { effectiveStatus, reachable, type PolicyQuery } from './budget-policy';
import type { FundingCriterion } from './funding-criteria';
import { bandLabel, OPEN_BAND_MAX } from './headcount';
import { FUNDING_TEXTS } from './labels';

export { OPCO_CRITERIA_PAGES } from './opco-criteria-pages';
export { criteriaPageFor, datasetDate, lookupFigure } from './budget-policy';

export type SourcedLookup = {
  budgetType: LookupBudgetType;
  opco: string | null;
  tauxPriseEnCharge: number;
  budgetInfo: BudgetInfoRecord | null;
  provenance: BudgetProvenance;
  figure: BudgetFigure;
};

/**
 * The headcount bands the criteria of an IDCC publish (infoPdc): those of the first level that has
 * current or disputed rows (never another OPCO's, never superseded nor outdated), 0 read as 1
 * (0-0 is the sole trader), open ranges up to 5000; a range containing another published one (a
 * coarser source) is dropped; the product's default bands fill what no published band covers.
 * Empty when no criterion reaches the IDCC (the app then uses its defaults).
 */
export function criteriaBands(
  rows: readonly FundingCriterion[],
  q: Pick<PolicyQuery, 'idcc' | 'opco'>,
  reference: string | null,
): { min: number; max: number; label: string }[] {
  // Only live criteria shape the bands: an outdated range (often « under 50 ») would coarsen them.
  const live = (r: FundingCriterion) => {
    const status = effectiveStatus(r, reference);
    return status === 'current' || status === 'disputed';
  };
  const level = reachable(rows, q)
    .map((l) => l.rows.filter(live))
    .find((l) => l.length > 0);
  if (!level) return [];
  const latest = Math.max(...level.map((c) => c.year ?? 0));
  const published: { min: number; max: number }[] = [];
  for (const r of level) {
    if ((r.year ?? 0) !== latest) continue;
    if ((r.headcountMin ?? 0) === 0 && r.headcountMax === null) continue; // every size
    const min = Math.max(r.headcountMin ?? 0, 1);
    const max = Math.min(r.headcountMax ?? OPEN_BAND_MAX, OPEN_BAND_MAX);
    if (min > max || published.some((b) => b.min === min && b.max === max)) continue;
    published.push({ min, max });
  }
  const finest = published.filter(
    (b) => !published.some((o) => o !== b && b.min <= o.min && o.max <= b.max),
  );
  const defaults = [
    { min: 1, max: 10 },
    { min: 11, max: 49 },
    { min: 50, max: 299 },
    { min: 300, max: OPEN_BAND_MAX },
  ].filter((d) => !finest.some((b) => b.min <= d.max && d.min <= b.max));
  return [...finest, ...defaults]
    .sort((a, b) => a.min - b.min || a.max - b.max)
    .map((b) => ({ ...b, label: bandLabel(b.min, b.max) }));
}

const emptyInfo = (opco: string | null): BudgetInfoRecord => ({
  totalBudget_value: null,
  totalBudget_unity: null,
  legalBudget_value: null,
  legalBudget_unity: null,
  conventionalBudget_value: null,
  conventionalBudget_unity: null,
  Budget_condition: null,
  opco,
  rateOfCoverage: null,
  dailyCap_minValue: null,
  dailyCap_unity: null,
  dailyCap_conditions: null,
  hourlyCap_minValue: null,
  hourlyCap_unity: null,
  hourlyCap_conditions: null,
  hourlyVolumeCap_minValue: null,
  hourlyVolumeCap_unity: null,
  hourlyVolumeCap_conditions: null,
  isWagesInBudget: null,
  wages_conditions: null,
  additionalCosts_value: null,
  additionalCosts_conditions: null,
  comments: null,
  thematicConditions: null,
  pdcUpdatedAt: null,
});

const money = (n: number) => String(Math.round(n));
/** The record's unit of an amount: '€ HT', '€ TTC', or '€' when the source does not say. */
export const unitOf = (basis: AmountBasis): string =>
  basis === 'HT' ? '€ HT' : basis === 'TTC' ? '€ TTC' : '€';

/** In a dispute, whether every source states this figure (else it rests on one side only). */
const statedByAll = (part: FundingTerms, field: 'hourlyCapEur' | 'perActionCapEur') =>
  part.status !== 'disputed' || part.sources.every((s) => s.figures[field] !== null);

/** The caps and conditions of the parts (hourly, rate, salaries, per action, date). */
function fillConditions(info: BudgetInfoRecord, parts: readonly FundingTerms[]) {
  const hourly = parts.find((p) => p.hourlyCap !== null);
  if (hourly?.hourlyCap) {
    info.hourlyCap_minValue = money(hourly.hourlyCap.min);
    info.hourlyCap_unity = FUNDING_TEXTS.hourlyUnit(unitOf(hourly.basis));
    if (hourly.hourlyCap.min < hourly.hourlyCap.max)
      info.hourlyCap_conditions = FUNDING_TEXTS.rangeBetweenSources(
        hourly.hourlyCap.min,
        hourly.hourlyCap.max,
        unitOf(hourly.basis),
      );
    else if (!statedByAll(hourly, 'hourlyCapEur'))
      info.hourlyCap_conditions = FUNDING_TEXTS.oneSource;
  }
  const rate = parts.find((p) => p.coverageRatePct !== null)?.coverageRatePct;
  if (rate) info.rateOfCoverage = String(rate.min);
  const salaries = new Set(parts.map((p) => p.salary));
  const salary = salaries.size === 1 ? [...salaries][0] : 'unknown';
  if (salary === 'yes') info.isWagesInBudget = 'Oui';
  else if (salary === 'no') info.isWagesInBudget = 'Non';
  else if (salary === 'partial') {
    info.isWagesInBudget = 'Oui';
    info.wages_conditions = FUNDING_TEXTS.wagesPartial;
  }
  const action = parts.find((p) => p.perActionCap !== null);
  if (action?.perActionCap)
    info.thematicConditions = FUNDING_TEXTS.perActionCap(
      action.perActionCap.min,
      unitOf(action.basis),
    );
  const first = parts[parts.length - 1]?.sources[0];
  if (first)
    info.pdcUpdatedAt =
      first.publishedOn ?? first.retrievedOn ?? (first.year !== null ? String(first.year) : null);
}

/** A BudgetFigure onto the budget record the product API returns (see the header). */
export function figureBudgetInfo(figure: BudgetFigure): BudgetInfoRecord {
  const info = emptyInfo(figure.opco);
  const yearly = figure.parts.filter((p) => p.yearlyCap !== null);
  if (figure.kind === 'from_50') {
    info.totalBudget_value = COMMENT_MARKER;
    info.comments = FUNDING_TEXTS.from50;
  } else if (figure.kind === 'unavailable') {
    info.totalBudget_value = UNAVAILABLE_MARKER;
    info.comments = FUNDING_TEXTS.unavailable;
  } else if (figure.kind === 'range' && yearly.some((p) => p.yearlyCap!.min < p.yearlyCap!.max)) {
    const part = yearly.find((p) => p.yearlyCap!.min < p.yearlyCap!.max)!;
    info.totalBudget_value = COMMENT_MARKER;
    info.Budget_condition = FUNDING_TEXTS.yearlyCap;
    info.comments = FUNDING_TEXTS.rangeBetweenSources(
      part.yearlyCap!.min,
      part.yearlyCap!.max,
      unitOf(part.basis),
    );
  } else if (yearly.length === 0) {
    info.totalBudget_value = UNAVAILABLE_MARKER;
    info.comments = FUNDING_TEXTS.noYearlyCap;
  } else {
    for (const part of yearly) {
      const prefix =
        part.fund === 'legal'
          ? 'legalBudget'
          : part.fund === 'conventional'
            ? 'conventionalBudget'
            : 'totalBudget';
      info[`${prefix}_value`] = money(part.yearlyCap!.min);
      info[`${prefix}_unity`] = unitOf(part.basis);
    }
    if (figure.sum) {
      // legal + conventional of one basis: the record's total is their sum (SUM_OF_LEGAL_AND_CONVENTION)
      info.totalBudget_value = money(figure.sum.min);
      info.totalBudget_unity = unitOf(figure.parts[0]!.basis);
    }
    info.Budget_condition = FUNDING_TEXTS.yearlyCap;
    info.comments = FUNDING_TEXTS.indicative;
  }
  fillConditions(info, figure.parts);
  return info;
}

const alternativeOf = (s: FigureSource) => ({
  reliability: s.reliability,
  date: s.publishedOn ?? s.retrievedOn,
  yearlyCapEur: s.figures.yearlyCapEur,
  url: s.url,
});

/** The provenance of the product API's answer (issue 15's shape), from the figure's main source. */
export function figureProvenance(figure: BudgetFigure): BudgetProvenance {
  const part = figure.parts[figure.parts.length - 1];
  const main = part?.sources[0];
  if (!part || !main)
    return { kind: 'unavailable', opco: figure.opco, criteriaUrl: figure.criteriaUrl };
  const others = part.status === 'disputed' ? part.sources.slice(1) : [];
  return {
    kind: 'sourced',
    opco: main.opco,
    branch: main.branch,
    url: main.url,
    reliability: main.reliability,
    publishedOn: main.publishedOn,
    retrievedOn: main.retrievedOn,
    year: main.year,
    level: main.reach,
    conflict:
      others.length > 0
        ? { rule: 'disputed_range', alternatives: others.slice(0, 5).map(alternativeOf) }
        : null,
  };
}

/** The budget lookup answered from the policy's figure, in the product API's shapes and ours. */
export function sourcedLookup(figure: BudgetFigure): SourcedLookup {
  const budgetInfo = figureBudgetInfo(figure);
  const rate = figure.parts.find((p) => p.coverageRatePct !== null)?.coverageRatePct;
  return {
    budgetType: deriveBudget(budgetInfo).budget.budgetType,
    opco: figure.opco,
    tauxPriseEnCharge: rate?.min ?? 0,
    budgetInfo,
    provenance: figureProvenance(figure),
    figure,
  };
}
