// The pieces of a BudgetFigure (./budget-figure.ts) made from the rows the lookup policy chose
// (./budget-policy.ts): one source per row with its own figures and words, one fund's terms (a
// single figure, or the ranges of a dispute), and the figure that gathers the parts. Pure.
import type {
  AmountBasis,
  BudgetFigure,
  CapRange,
  CriteriaStatus,
  FigureReliability,
  FigureSource,
  FundingTerms,
  SalaryCoverage,
} from './budget-figure';
import { perTraineePerFileCapOf } from './evidence-caps';
import { criteriaDateOf, type FundingCriterion } from './funding-criteria';

const WEAKEST_FIRST: readonly FigureReliability[] = ['press', 'compilation', 'official'];

/** The least reliable of a list (the figure is only as sure as its weakest source). */
export function weakest(list: readonly FigureReliability[]): FigureReliability | null {
  return WEAKEST_FIRST.find((r) => list.includes(r)) ?? null;
}

/** One row as a source: its page, dates, status, quoted words and own figures. */
export function sourceOf(c: FundingCriterion, status: CriteriaStatus): FigureSource {
  return {
    line: c.line,
    opco: c.opco,
    branch: c.branch,
    reach: c.scope === 'opco_default' ? 'opco_default' : 'idcc',
    url: c.sourceUrl,
    reliability: c.reliability,
    label: c.sourceLabel,
    publishedOn: c.publishedOn,
    retrievedOn: c.retrievedOn,
    year: c.year,
    status,
    evidence: c.evidence,
    basis: c.amountBasis ?? (hasAmount(c) ? 'unknown' : null),
    figures: {
      yearlyCapEur: c.yearlyCapEur,
      hourlyCapEur: c.hourlyCapEur,
      perActionCapEur: c.perActionCapEur,
      coverageRatePct: c.coverageRatePct,
      salary: c.salaryCovered,
    },
  };
}

const hasAmount = (c: FundingCriterion) =>
  c.yearlyCapEur !== null || c.hourlyCapEur !== null || c.perActionCapEur !== null;

/** The range of the values the rows state; null when none states one. */
function rangeOf(values: readonly (number | null)[]): CapRange | null {
  const stated = values.filter((v): v is number => v !== null);
  if (stated.length === 0) return null;
  return { min: Math.min(...stated), max: Math.max(...stated) };
}

/** The basis shared by every row that states an amount; 'unknown' when not stated or mixed. */
function basisOf(rows: readonly FundingCriterion[]): AmountBasis {
  const bases = new Set(rows.filter(hasAmount).map((r) => r.amountBasis ?? 'unknown'));
  return bases.size === 1 ? [...bases][0]! : 'unknown';
}

function salaryOf(rows: readonly FundingCriterion[]): SalaryCoverage {
  const all = new Set(rows.map((r) => r.salaryCovered));
  return all.size === 1 ? [...all][0]! : 'unknown';
}

/**
 * One fund's terms. `agreeing`: the rows state the same figures, the first (the best source) is
 * the figure and the others confirm it; otherwise a dispute: every cap is the range between the
 * sources, its basis and salaries shared or unknown, its year the oldest, its reliability the
 * weakest.
 */
export function termsOf(
  rows: readonly FundingCriterion[],
  status: 'current' | 'disputed' | 'outdated',
  agreeing: boolean,
): FundingTerms {
  const first = rows[0]!;
  const used = agreeing ? [first] : rows;
  const termsStatus = agreeing ? status : 'disputed';
  const years = used.map((r) => r.year).filter((y): y is number => y !== null);
  return {
    fund: first.fund,
    yearlyCap: rangeOf(used.map((r) => r.yearlyCapEur)),
    hourlyCap: rangeOf(used.map((r) => r.hourlyCapEur)),
    perActionCap: rangeOf(used.map((r) => r.perActionCapEur)),
    // Said only in the source's words (evidence-caps.ts): « 8 000 euros HT/stagiaire/dossier ».
    perTraineePerFileCap: rangeOf(used.map((r) => perTraineePerFileCapOf(r.evidence))),
    coverageRatePct: rangeOf(used.map((r) => r.coverageRatePct)),
    minHours: null,
    salary: salaryOf(used),
    // Every source of the part must say it (agreeing rows too): never HT on one source's word.
    basis: basisOf(rows),
    year: years.length > 0 ? Math.min(...years) : null,
    reliability: weakest(used.map((r) => r.reliability))!,
    status: termsStatus,
    sources: rows.map((r) => sourceOf(r, r.status ?? status)),
  };
}

/** The sum of a legal and a conventional yearly cap, when both are amounts of the same basis. */
export function sumOf(parts: readonly FundingTerms[]): CapRange | null {
  const legal = parts.find((p) => p.fund === 'legal');
  const conventional = parts.find((p) => p.fund === 'conventional');
  if (!legal?.yearlyCap || !conventional?.yearlyCap || legal.basis !== conventional.basis)
    return null;
  return {
    min: legal.yearlyCap.min + conventional.yearlyCap.min,
    max: legal.yearlyCap.max + conventional.yearlyCap.max,
  };
}

const oldest = (dates: readonly (string | null)[]): string | null =>
  dates.filter((d): d is string => d !== null).sort()[0] ?? null;

/**
 * The figure gathering its parts: 'range' when a part is disputed with other amounts, else
 * 'published'; no part: 'from_50' from 50 employees on, else 'unavailable'.
 */
export function figureOf(input: {
  opco: string | null;
  band: { min: number; max: number };
  from50: boolean;
  parts: FundingTerms[];
  partRows: FundingCriterion[][];
  notes: FigureSource[];
  criteriaUrl: string | null;
}): BudgetFigure {
  const { parts } = input;
  const years = parts.map((p) => p.year).filter((y): y is number => y !== null);
  const ranged = parts.some((p) =>
    [p.yearlyCap, p.hourlyCap, p.perActionCap, p.coverageRatePct].some((c) => c && c.min < c.max),
  );
  const statuses = parts.map((p) => p.status);
  return {
    kind:
      parts.length === 0
        ? input.from50
          ? 'from_50'
          : 'unavailable'
        : ranged
          ? 'range'
          : 'published',
    opco: input.opco,
    band: input.band,
    parts,
    sum: sumOf(parts),
    year: years.length > 0 ? Math.min(...years) : null,
    reliability: weakest(parts.map((p) => p.reliability)),
    status:
      parts.length === 0
        ? null
        : statuses.includes('outdated')
          ? 'outdated'
          : statuses.includes('disputed')
            ? 'disputed'
            : 'current',
    criteriaDate: oldest(
      input.partRows.map((rows, i) =>
        oldest((parts[i]!.status === 'disputed' ? rows : rows.slice(0, 1)).map(criteriaDateOf)),
      ),
    ),
    from50: input.from50,
    criteriaUrl: input.criteriaUrl,
    notes: input.notes,
  };
}
