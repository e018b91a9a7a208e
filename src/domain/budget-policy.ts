// One lookup policy (issue 27): which rows of the research's funding criteria answer an IDCC and a
// headcount band, and the BudgetFigure they make (./budget-figure.ts). Pure: the rows are passed in.
//
//  1. Reach: a row applies only when its OPCO is the IDCC's OPCO: first the rows naming the IDCC,
//     then the OPCO's default rule ("All branches", "General rule", "Interprofession"); the row's
//     headcount range must contain the band. An IDCC without OPCO is reached by nothing.
//  2. Status: superseded rows are never served. At each level, current rows first, then disputed
//     rows (a range with both sources); outdated rows only when no level has anything current or
//     disputed (the figure then says its year).
//  3. Among the current rows of a level: the latest criteria year; a row with a figure beats one
//     without (a row that gives no amount does not contradict one that does); rows that agree are
//     one figure (the best of them named first). Rows that disagree: the official page beats a
//     compilation, which beats the press (data/README.md says why); then a dated board decision
//     beats an undated reading, and the latest decision wins; a later snapshot alone never
//     settles a conflict: the figure becomes a range between the sources.
//  4. A branch's conventional fund comes on top of its OPCO's legal plan (under 50): both parts,
//     each with its source, and their sum when both are amounts of the same basis.
//  5. From 50 employees on, the legal contributions no longer fund the plan (Code du travail, art.
//     L. 6332-3, 2°): a figure published for the band is the branch's (from50); else no part.
//  6. Nothing: 'unavailable' (or 'from_50') with the branch's criteria page, else the OPCO's.
import type { BudgetFigure, FigureReliability } from './budget-figure';
import { figureOf, sourceOf, termsOf } from './budget-terms';
import { criterionDate, hasFigure, isStale, type FundingCriterion } from './funding-criteria';
import { opcoCriteriaPage } from './opco-criteria-pages';

export type PolicyQuery = { idcc: string; opco: string | null; min: number; max: number };
type Level = 'idcc' | 'opco_default';
type Served = 'current' | 'disputed' | 'outdated';

/** The headcount from which the legal contributions no longer fund the plan (L. 6332-3, 2°). */
export const FROM_50 = 50;

/** Official beats compilation beats press (issue 27; data/README.md, « conflict policy »). */
export const RELIABILITY_RANK: Readonly<Record<FigureReliability, number>> = {
  official: 0,
  compilation: 1,
  press: 2,
};

/** The newest date of the dataset: the former freshness rule is measured against it. */
export function datasetDate(rows: readonly FundingCriterion[]): string | null {
  let newest: string | null = null;
  for (const r of rows) {
    const d = criterionDate(r);
    if (d !== null && (newest === null || d > newest)) newest = d;
  }
  return newest;
}

/**
 * The research's status of a row; a row of a file without the column (an older export): current
 * when dated within 12 months of the dataset's newest row, else outdated (rows without any date
 * cannot be current).
 */
export function effectiveStatus(
  c: FundingCriterion,
  reference: string | null,
): FundingCriterion['status'] & string {
  if (c.status !== null) return c.status;
  return reference !== null && !isStale(c, reference) ? 'current' : 'outdated';
}

export const coversBand = (c: FundingCriterion, band: { min: number; max: number }): boolean =>
  (c.headcountMin ?? 0) <= band.min && band.max <= (c.headcountMax ?? Infinity);

/** The figures of a row: two rows with other figures for the same lookup disagree. */
export const figuresOf = (c: FundingCriterion): string =>
  [c.fund, c.yearlyCapEur, c.hourlyCapEur, c.coverageRatePct, c.perActionCapEur].join('|');

/** The rows an IDCC's lookup can reach, level by level: never a row of another OPCO. */
export function reachable(
  rows: readonly FundingCriterion[],
  q: Pick<PolicyQuery, 'idcc' | 'opco'>,
): { level: Level; rows: FundingCriterion[] }[] {
  const own = q.opco === null ? [] : rows.filter((r) => r.opco === q.opco);
  return [
    { level: 'idcc', rows: own.filter((r) => r.idccs.includes(q.idcc)) },
    { level: 'opco_default', rows: own.filter((r) => r.scope === 'opco_default') },
  ];
}

const width = (c: FundingCriterion) => (c.headcountMax ?? 1e9) - (c.headcountMin ?? 0);
const later = (a: string | null, b: string | null) => (b ?? '').localeCompare(a ?? '');
/** Best first: rank, a dated decision, the latest decision, the latest page, narrower, line. */
const byPreference = (a: FundingCriterion, b: FundingCriterion) =>
  RELIABILITY_RANK[a.reliability] - RELIABILITY_RANK[b.reliability] ||
  Number(b.decidedOn !== null) - Number(a.decidedOn !== null) ||
  later(a.decidedOn, b.decidedOn) ||
  later(a.publishedOn, b.publishedOn) ||
  width(a) - width(b) ||
  a.line - b.line;

export type Settled =
  { kind: 'one'; rows: FundingCriterion[] } | { kind: 'dispute'; rows: FundingCriterion[] };

const agree = (rows: readonly FundingCriterion[]) => new Set(rows.map(figuresOf)).size <= 1;

/**
 * The conflict rule over the rows of one level and one status that cover the band. 'one': the
 * rows agree (best first); 'dispute': sources of the same rank disagree and no dated decision
 * settles them (every disagreeing row, best first).
 */
export function settle(candidates: readonly FundingCriterion[]): Settled | null {
  if (candidates.length === 0) return null;
  const latest = Math.max(...candidates.map((c) => c.year ?? 0));
  const sameYear = candidates.filter((c) => (c.year ?? 0) === latest);
  const withFigure = sameYear.filter(hasFigure);
  let pool = (withFigure.length > 0 ? withFigure : sameYear).sort(byPreference);
  if (agree(pool)) return { kind: 'one', rows: pool };
  const bestRank = RELIABILITY_RANK[pool[0]!.reliability];
  pool = pool.filter((c) => RELIABILITY_RANK[c.reliability] === bestRank);
  if (agree(pool)) return { kind: 'one', rows: pool };
  const decided = pool.filter((c) => c.decidedOn !== null);
  if (decided.length > 0) {
    const newest = decided[0]!.decidedOn;
    const top = decided.filter((c) => c.decidedOn === newest);
    if (agree(top)) return { kind: 'one', rows: top };
    return { kind: 'dispute', rows: top };
  }
  return { kind: 'dispute', rows: pool };
}

/** The rows of one level that answer the band, by status; superseded ones never. */
function answering(
  rows: readonly FundingCriterion[],
  band: { min: number; max: number },
  status: Served,
  reference: string | null,
): FundingCriterion[] {
  return rows.filter((r) => coversBand(r, band) && effectiveStatus(r, reference) === status);
}

type Answer = { level: Level; status: Served; settled: Settled };

/** The answer of the policy's steps 1-3 (null: nothing answers the band). */
export function chooseRows(
  rows: readonly FundingCriterion[],
  q: PolicyQuery,
  reference: string | null = datasetDate(rows),
): Answer | null {
  const levels = reachable(rows, q);
  for (const { level, rows: reached } of levels) {
    for (const status of ['current', 'disputed'] as const) {
      const found = answering(reached, q, status, reference);
      const settled =
        status === 'disputed' ? disputeOf(found) : found.length > 0 ? settle(found) : null;
      if (settled) return { level, status, settled };
    }
  }
  for (const { level, rows: reached } of levels) {
    const settled = settle(answering(reached, q, 'outdated', reference));
    if (settled) return { level, status: 'outdated', settled };
  }
  return null;
}

/** Disputed rows are shown together, as a range, never as one of them. */
function disputeOf(rows: FundingCriterion[]): Settled | null {
  if (rows.length === 0) return null;
  const sorted = [...rows].sort(byPreference);
  const withFigure = sorted.filter(hasFigure);
  const pool = withFigure.length > 0 ? withFigure : sorted;
  return { kind: agree(pool) ? 'one' : 'dispute', rows: pool };
}

/** The criteria page to show: the branch's (a row of the IDCC's OPCO naming it), else the OPCO's. */
export function criteriaPageFor(
  rows: readonly FundingCriterion[],
  q: Pick<PolicyQuery, 'idcc' | 'opco'>,
): string | null {
  const own = reachable(rows, q)[0]!
    .rows.filter((r) => r.status !== 'superseded')
    .sort((a, b) => later(criterionDate(a), criterionDate(b)))[0];
  return own ? own.sourceUrl : opcoCriteriaPage(q.opco);
}

/**
 * The legal plan for the band, to add to a branch's fund: the OPCO's legal rows naming the IDCC
 * first, then its default rule, by the same steps (a current or disputed row of either level before
 * an outdated one).
 */
function legalPart(
  rows: readonly FundingCriterion[],
  q: PolicyQuery,
  reference: string | null,
): Answer | null {
  const legal = rows.filter((r) => r.fund === 'legal');
  const answer = chooseRows(legal, q, reference);
  return answer && answer.settled.rows.some(hasFigure) ? answer : null;
}

const partOf = (a: Answer) => termsOf(a.settled.rows, a.status, a.settled.kind === 'one');

/**
 * The budget figure of an IDCC (its OPCO given) for a headcount band: the policy above. `reference`
 * is the dataset's newest date (the former freshness rule of files without a status column).
 */
export function lookupFigure(
  rows: readonly FundingCriterion[],
  q: PolicyQuery,
  reference: string | null = datasetDate(rows),
): BudgetFigure {
  const band = { min: q.min, max: q.max };
  const from50 = q.min >= FROM_50;
  const answer = chooseRows(rows, q, reference);
  const base = { opco: q.opco, band, from50, criteriaUrl: criteriaPageFor(rows, q) };
  if (!answer) return figureOf({ ...base, parts: [], partRows: [], notes: [] });
  const main = answer.settled.rows;
  const figured = main.some(hasFigure);
  const legal =
    answer.level === 'idcc' && main[0]!.fund === 'conventional' && !from50
      ? legalPart(rows, q, reference)
      : null;
  const notes = figured ? [] : main.map((r) => sourceOf(r, r.status ?? answer.status));
  const answers = [...(legal ? [legal] : []), ...(figured ? [answer] : [])];
  return figureOf({
    ...base,
    parts: answers.map(partOf),
    partRows: answers.map((a) => a.settled.rows),
    notes,
  });
}
