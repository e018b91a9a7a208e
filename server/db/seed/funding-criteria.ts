// The OPCOs' published funding criteria (issues 15, 27) as a reference dataset:
// data/opco-criteria-2026.csv (or an operator's newer file: the thirteen columns, the research's
// five curation columns optional) to public.funding_criteria, through the
// domain's row reader (src/domain/funding-criteria.ts). A row that does not parse is skipped and
// reported with its line and reasons, never loaded (so never served); `npm run data:check` lists
// the same reasons without a database.
import { parseCriterionRow, type FundingCriterion } from '../../../src/domain/funding-criteria';
import type { CsvRow, TableRow } from './rows';

export const FUNDING_CRITERIA_COLUMNS = [
  'line',
  'opco',
  'branch',
  'idccs',
  'scope',
  'headcount_min',
  'headcount_max',
  'fund',
  'yearly_cap_eur',
  'hourly_cap_eur',
  'coverage_rate_pct',
  'per_action_cap_eur',
  'salary_covered',
  'year',
  'source_url',
  'reliability',
  'source_label',
  'published_on',
  'retrieved_on',
  'conflict_noted',
  'notes',
  'amount_basis',
  'status',
  'decided_on',
  'evidence',
  'reachable_by',
] as const;

/** Thrown for a row that does not parse: the loader reports its message with the line. */
export class CriterionRowError extends Error {}

export function fundingCriterionRow(r: CsvRow, line: number): TableRow {
  const parsed = parseCriterionRow(r, line);
  if (!parsed.ok) throw new CriterionRowError(parsed.errors.join(' ; '));
  const c = parsed.criterion;
  return {
    line: c.line,
    opco: c.opco,
    branch: c.branch,
    idccs: c.idccs,
    scope: c.scope,
    headcount_min: c.headcountMin,
    headcount_max: c.headcountMax,
    fund: c.fund,
    yearly_cap_eur: c.yearlyCapEur,
    hourly_cap_eur: c.hourlyCapEur,
    coverage_rate_pct: c.coverageRatePct,
    per_action_cap_eur: c.perActionCapEur,
    salary_covered: c.salaryCovered,
    year: c.year,
    source_url: c.sourceUrl,
    reliability: c.reliability,
    source_label: c.sourceLabel,
    published_on: c.publishedOn,
    retrieved_on: c.retrievedOn,
    conflict_noted: c.conflictNoted,
    notes: c.notes,
    amount_basis: c.amountBasis,
    status: c.status,
    decided_on: c.decidedOn,
    evidence: c.evidence,
    reachable_by: c.reachableBy,
  };
}

type DbCriterionRow = Record<(typeof FUNDING_CRITERIA_COLUMNS)[number], unknown>;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const day = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).slice(0, 10);
};
const list = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(String)
    : typeof v === 'string'
      ? v
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean)
      : [];

/** A table row back to the domain's criterion (PGlite and postgres.js return slightly different types). */
export function criterionFromDb(r: DbCriterionRow): FundingCriterion {
  return {
    line: Number(r.line),
    opco: r.opco as FundingCriterion['opco'],
    branch: String(r.branch),
    idccs: list(r.idccs),
    scope: r.scope as FundingCriterion['scope'],
    headcountMin: num(r.headcount_min),
    headcountMax: num(r.headcount_max),
    fund: r.fund as FundingCriterion['fund'],
    yearlyCapEur: num(r.yearly_cap_eur),
    hourlyCapEur: num(r.hourly_cap_eur),
    coverageRatePct: num(r.coverage_rate_pct),
    perActionCapEur: num(r.per_action_cap_eur),
    salaryCovered: r.salary_covered as FundingCriterion['salaryCovered'],
    year: num(r.year),
    sourceUrl: String(r.source_url),
    reliability: r.reliability as FundingCriterion['reliability'],
    sourceLabel: r.source_label === null ? null : String(r.source_label),
    publishedOn: day(r.published_on),
    retrievedOn: day(r.retrieved_on),
    decidedOn: day(r.decided_on),
    conflictNoted: r.conflict_noted === true || r.conflict_noted === 't',
    notes: String(r.notes),
    amountBasis: (r.amount_basis ?? null) as FundingCriterion['amountBasis'],
    status: (r.status ?? null) as FundingCriterion['status'],
    evidence: r.evidence === null || r.evidence === undefined ? null : String(r.evidence),
    reachableBy:
      r.reachable_by === null || r.reachable_by === undefined ? null : String(r.reachable_by),
  };
}
