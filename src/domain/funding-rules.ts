// The budget API's sourced answer (issue 15): which published criterion answers a lookup (IDCC,
// headcount band), how conflicting sources are settled, the headcount bands the criteria publish,
// and the budget record (01 §3, 02 §3) with its provenance. Pure: the rows are passed in.
//
// Rules (ours where the issue is silent; data/README.md repeats them):
//  - reach: first the rows stating the company's IDCC, else its OPCO's default rule ("All
//    branches", "General rule", "Interprofession"); a row answers when its headcount range
//    contains the requested band (0-10 contains 1-10 and 3-3);
//  - freshness: a row more than 12 months older than the newest row of the dataset, or without
//    any date, is not served (data:check lists it): the lookup goes on to the next level;
//  - supersession: among the rows that answer, only the latest criteria year counts;
//  - conflict: then the official page first, then the press, then the compilations, then the most
//    recent date, then the narrower headcount range, then the first line of the file. The rows of
//    the same year with other figures are returned as the conflict, and the answer says so.
import { deriveBudget, SUM_UNIT, UNAVAILABLE_MARKER, type BudgetInfoRecord } from './budget';
import type { BudgetProvenance, LookupBudgetType } from './budget-contract';
import {
  criterionDate,
  isStale,
  type FundingCriterion,
  type Reliability,
} from './funding-criteria';
import { bandLabel, OPEN_BAND_MAX } from './headcount';
import { FUNDING_TEXTS } from './labels';
import { OPCO_WEBSITES, type OpcoShortName } from './opco';

export type CriteriaQuery = { idcc: string; opco: string | null; min: number; max: number };
export type CriterionChoice = {
  chosen: FundingCriterion;
  /** rows of the same year that answer with other figures (the conflict) */
  alternatives: FundingCriterion[];
  level: 'idcc' | 'opco_default';
};

const RELIABILITY_RANK: Record<Reliability, number> = { official: 0, press: 1, compilation: 2 };

/** The newest date of the dataset: freshness is measured against it, not against the clock. */
export function datasetDate(rows: readonly FundingCriterion[]): string | null {
  let newest: string | null = null;
  for (const r of rows) {
    const d = criterionDate(r);
    if (d !== null && (newest === null || d > newest)) newest = d;
  }
  return newest;
}

export const coversBand = (c: FundingCriterion, band: { min: number; max: number }): boolean =>
  (c.headcountMin ?? 0) <= band.min && band.max <= (c.headcountMax ?? Infinity);

const width = (c: FundingCriterion) => (c.headcountMax ?? 1e9) - (c.headcountMin ?? 0);
/** The figures of a row: two rows with other figures for the same lookup are a conflict. */
export const figuresOf = (c: FundingCriterion) =>
  [
    c.fund,
    c.yearlyCapEur,
    c.hourlyCapEur,
    c.coverageRatePct,
    c.perActionCapEur,
    c.salaryCovered,
  ].join('|');

/** The conflict rule over rows that all answer the same lookup. */
export function settle(candidates: readonly FundingCriterion[]): {
  chosen: FundingCriterion;
  alternatives: FundingCriterion[];
} | null {
  if (candidates.length === 0) return null;
  const latest = Math.max(...candidates.map((c) => c.year ?? 0));
  const sameYear = candidates.filter((c) => (c.year ?? 0) === latest);
  const ranked = [...sameYear].sort(
    (a, b) =>
      RELIABILITY_RANK[a.reliability] - RELIABILITY_RANK[b.reliability] ||
      (criterionDate(b) ?? '').localeCompare(criterionDate(a) ?? '') ||
      width(a) - width(b) ||
      a.line - b.line,
  );
  const chosen = ranked[0]!;
  const alternatives = ranked.slice(1).filter((c) => figuresOf(c) !== figuresOf(chosen));
  return { chosen, alternatives };
}

/** The rows a lookup can reach, level by level, fresh ones only. */
function reachable(
  rows: readonly FundingCriterion[],
  q: Pick<CriteriaQuery, 'idcc' | 'opco'>,
  reference: string | null,
): { level: 'idcc' | 'opco_default'; rows: FundingCriterion[] }[] {
  const fresh = rows.filter((r) => reference !== null && !isStale(r, reference));
  return [
    { level: 'idcc' as const, rows: fresh.filter((r) => r.idccs.includes(q.idcc)) },
    {
      level: 'opco_default' as const,
      rows: fresh.filter((r) => r.scope === 'opco_default' && r.opco === q.opco),
    },
  ];
}

/** The criterion that answers a lookup, or null (the "information unavailable" path). */
export function chooseCriterion(
  rows: readonly FundingCriterion[],
  q: CriteriaQuery,
  reference: string | null = datasetDate(rows),
): CriterionChoice | null {
  for (const { level, rows: reached } of reachable(rows, q, reference)) {
    const settled = settle(reached.filter((r) => coversBand(r, q)));
    if (settled) return { ...settled, level };
  }
  return null;
}

/**
 * The headcount bands the criteria of an IDCC publish (infoPdc): those of the first level that has
 * fresh rows, 0 read as 1 (0-0 is the sole trader), open ranges up to 5000; a range containing
 * another published one (a coarser source) is dropped; the product's default bands fill what no
 * published band covers. Empty when no criterion reaches the IDCC (the app then uses its defaults).
 */
export function criteriaBands(
  rows: readonly FundingCriterion[],
  q: Pick<CriteriaQuery, 'idcc' | 'opco'>,
  reference: string | null = datasetDate(rows),
): { min: number; max: number; label: string }[] {
  const level = reachable(rows, q, reference).find((l) => l.rows.length > 0);
  if (!level) return [];
  const latest = Math.max(...level.rows.map((c) => c.year ?? 0));
  const published: { min: number; max: number }[] = [];
  for (const r of level.rows) {
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

/**
 * Where an OPCO publishes its criteria, for the "information unavailable" path: an OPCO-wide page
 * of the research file when it has one, else the OPCO's website (AKTO and OPCO Santé publish per
 * branch only).
 */
export const OPCO_CRITERIA_PAGES: Readonly<Record<OpcoShortName, string>> = {
  AFDAS:
    'https://www.afdas.com/entreprise/financer-vos-actions-de-formation/choisir-le-bon-financement/financement-de-la-formation-pour-les-structures-de-moins-de-50-salaries.html',
  Atlas: 'https://www.opco-atlas.fr/criteres-financement',
  OCAPIAT: 'https://www.ocapiat.fr/wp-content/uploads/Regles-de-prise-en-charge-2026.pdf',
  UNIFORMATION:
    'https://www.uniformation.fr/entreprise/formation/dispositifs-de-formation/plan-de-developpement-des-competences/financement',
  CONSTRUCTYS:
    'https://www.constructys.fr/decouvrez-les-modalites-de-participation-financiere-2026/',
  OPCOMMERCE:
    'https://www.lopcommerce.com/entreprise/criteres-de-prise-en-charge-par-branche-professionnelle/',
  AKTO: OPCO_WEBSITES.AKTO!,
  'OPCO 2i':
    'https://www.opco2i.fr/entreprises/financer-la-formation/plan-de-developpement-des-competences/',
  'OPCO Mobilités':
    'https://www.opcomobilites.fr/entreprise/financer-mes-formations/connaitre-les-conditions-de-prise-en-charge-financieres/connaitre-les-conditions-de-prises-en-charge-financieres',
  'OPCO EP': 'https://www.opcoep.fr/criteres-de-financement',
  'OPCO Santé': OPCO_WEBSITES['OPCO SANTÉ']!,
};

/** The criteria page to show when no figure answers: the IDCC's own page when a row names it. */
export function criteriaPageFor(
  rows: readonly FundingCriterion[],
  q: Pick<CriteriaQuery, 'idcc' | 'opco'>,
): string | null {
  const own = rows
    .filter((r) => r.idccs.includes(q.idcc))
    .sort((a, b) => (criterionDate(b) ?? '').localeCompare(criterionDate(a) ?? ''))[0];
  if (own) return own.sourceUrl;
  return q.opco !== null && Object.hasOwn(OPCO_CRITERIA_PAGES, q.opco)
    ? OPCO_CRITERIA_PAGES[q.opco as OpcoShortName]
    : null;
}

export type SourcedLookup = {
  budgetType: LookupBudgetType;
  opco: string | null;
  tauxPriseEnCharge: number;
  budgetInfo: BudgetInfoRecord | null;
  provenance: BudgetProvenance;
};

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

/**
 * A criterion onto the budget record (data/README.md, "Field mapping"): the yearly cap is the
 * total, the legal or the conventional budget according to the fund, in € HT; the hourly cap, the
 * coverage rate, the salaries ('Oui' / 'Non'; partial: 'Oui' with a condition; unknown: not
 * given), the per-action cap (a particular condition) and the source's date. Annex costs, daily
 * and hourly-volume caps are not in the source: not given.
 */
export function criterionBudgetInfo(c: FundingCriterion, opco: string | null): BudgetInfoRecord {
  const info = emptyInfo(opco);
  if (c.yearlyCapEur !== null && c.yearlyCapEur > 0) {
    const prefix =
      c.fund === 'legal'
        ? 'legalBudget'
        : c.fund === 'conventional'
          ? 'conventionalBudget'
          : 'totalBudget';
    info[`${prefix}_value`] = money(c.yearlyCapEur);
    info[`${prefix}_unity`] = SUM_UNIT;
    info.Budget_condition = FUNDING_TEXTS.yearlyCap;
    info.comments = FUNDING_TEXTS.indicative;
  } else {
    info.totalBudget_value = UNAVAILABLE_MARKER;
    info.comments = FUNDING_TEXTS.noYearlyCap;
  }
  if (c.coverageRatePct !== null) info.rateOfCoverage = String(c.coverageRatePct);
  if (c.hourlyCapEur !== null) {
    info.hourlyCap_minValue = money(c.hourlyCapEur);
    info.hourlyCap_unity = FUNDING_TEXTS.hourlyUnit;
  }
  if (c.salaryCovered === 'yes') info.isWagesInBudget = 'Oui';
  else if (c.salaryCovered === 'no') info.isWagesInBudget = 'Non';
  else if (c.salaryCovered === 'partial') {
    info.isWagesInBudget = 'Oui';
    info.wages_conditions = FUNDING_TEXTS.wagesPartial;
  }
  if (c.perActionCapEur !== null)
    info.thematicConditions = FUNDING_TEXTS.perActionCap(c.perActionCapEur);
  info.pdcUpdatedAt = c.publishedOn ?? c.retrievedOn ?? (c.year !== null ? String(c.year) : null);
  return info;
}

const alternativeOf = (c: FundingCriterion) => ({
  reliability: c.reliability,
  date: criterionDate(c),
  yearlyCapEur: c.yearlyCapEur,
  url: c.sourceUrl,
});

/** The budget lookup answered from a criterion, with its provenance. */
export function sourcedLookup(choice: CriterionChoice, opco: string | null): SourcedLookup {
  const c = choice.chosen;
  const budgetInfo = criterionBudgetInfo(c, opco);
  return {
    budgetType: deriveBudget(budgetInfo).budget.budgetType,
    opco,
    tauxPriseEnCharge: c.coverageRatePct ?? 0,
    budgetInfo,
    provenance: {
      kind: 'sourced',
      opco: c.opco,
      branch: c.branch,
      url: c.sourceUrl,
      reliability: c.reliability,
      publishedOn: c.publishedOn,
      retrievedOn: c.retrievedOn,
      year: c.year,
      level: choice.level,
      conflict:
        choice.alternatives.length > 0
          ? {
              rule: 'official_then_recent',
              alternatives: choice.alternatives.slice(0, 5).map(alternativeOf),
            }
          : null,
    },
  };
}

/** 02 §4 "information unavailable": no amount, the OPCO's criteria page, never an invented figure. */
export function unavailableLookup(opco: string | null, criteriaUrl: string | null): SourcedLookup {
  const budgetInfo = emptyInfo(opco);
  budgetInfo.totalBudget_value = UNAVAILABLE_MARKER;
  budgetInfo.comments = FUNDING_TEXTS.unavailable;
  return {
    budgetType: 'UNKNOWN',
    opco,
    tauxPriseEnCharge: 0,
    budgetInfo,
    provenance: { kind: 'unavailable', opco, criteriaUrl },
  };
}
