// Coverage of the funding criteria (issue 27, `npm run data:check`): how many (IDCC, headcount band)
// pairs reach a figure, per OPCO and band. Two counts, both pure:
//  - the research's own method (its coverage.py, « after_current »: rows of status current only,
//    the former product lookup), whose total must equal the research's count (952 of 2 864 pairs
//    on 2026-11-27);
//  - what the budget API serves with the lookup policy of ./budget-policy.ts (a current figure, a
//    disputed range, an outdated figure, the 50+ rule, nothing), which differs from it where the
//    policy is meant to (a row with a figure beats one without; a branch's conventional fund comes
//    with the legal plan).
import { lookupFigure } from './budget-policy';
import { criterionDate, hasFigure, type FundingCriterion } from './funding-criteria';

export const COVERAGE_BANDS = [
  { min: 1, max: 10 },
  { min: 11, max: 49 },
  { min: 50, max: 299 },
  { min: 300, max: 5000 },
] as const;

/** IDCC → OPCO short name (null: no OPCO). */
export type OpcoTable = ReadonlyMap<string, string | null>;
/** Counts per OPCO, one per band of COVERAGE_BANDS. */
export type BandCounts = Map<string, number[]>;

const COVERAGE_RANK = { official: 0, press: 1, compilation: 2 } as const;

/** coverage.py's `lookup`, row for row: the research's method, kept as the research wrote it. */
function researchLookup(
  rows: readonly FundingCriterion[],
  idcc: string,
  opco: string | null,
  band: { min: number; max: number },
): FundingCriterion | null {
  const dates = rows.map(criterionDate).filter((d): d is string => d !== null);
  if (dates.length === 0) return null;
  const newest = dates.sort()[dates.length - 1]!;
  const cutoff = `${Number(newest.slice(0, 4)) - 1}${newest.slice(4)}`;
  const fresh = rows.filter((r) => {
    const d = criterionDate(r);
    return d !== null && d >= cutoff;
  });
  for (const level of ['idcc', 'default'] as const) {
    const reach = fresh.filter((r) =>
      level === 'idcc' ? r.idccs.includes(idcc) : r.scope === 'opco_default' && r.opco === opco,
    );
    const cand = reach.filter(
      (r) => (r.headcountMin ?? 0) <= band.min && band.max <= (r.headcountMax ?? 1e9),
    );
    if (cand.length === 0) continue;
    const latest = Math.max(...cand.map((r) => r.year ?? 0));
    const same = cand.filter((r) => (r.year ?? 0) === latest);
    same.sort(
      (a, b) =>
        COVERAGE_RANK[a.reliability] - COVERAGE_RANK[b.reliability] ||
        (criterionDate(b) ?? '').localeCompare(criterionDate(a) ?? '') ||
        (a.headcountMax ?? 1e9) -
          (a.headcountMin ?? 0) -
          ((b.headcountMax ?? 1e9) - (b.headcountMin ?? 0)) ||
        a.line - b.line,
    );
    return same[0]!;
  }
  return null;
}

function emptyCounts(table: OpcoTable): BandCounts {
  const counts: BandCounts = new Map();
  for (const opco of table.values()) counts.set(opco ?? '(aucun OPCO)', [0, 0, 0, 0]);
  return counts;
}

/** The research's count: pairs whose chosen row (status current only) states a figure. */
export function researchCoverage(rows: readonly FundingCriterion[], table: OpcoTable): BandCounts {
  const current = rows.filter((r) => r.status === 'current');
  const counts = emptyCounts(table);
  for (const [idcc, opco] of table) {
    COVERAGE_BANDS.forEach((band, i) => {
      const chosen = researchLookup(current, idcc, opco, band);
      if (chosen && hasFigure(chosen)) counts.get(opco ?? '(aucun OPCO)')![i]! += 1;
    });
  }
  return counts;
}

export type ServedKind = 'current' | 'range' | 'outdated' | 'rule_50' | 'none';
export const SERVED_KINDS: readonly ServedKind[] = [
  'current',
  'range',
  'outdated',
  'rule_50',
  'none',
];

/** What the budget API serves a pair with the lookup policy. */
export function servedKind(
  rows: readonly FundingCriterion[],
  q: { idcc: string; opco: string | null; min: number; max: number },
  reference?: string | null,
): ServedKind {
  const figure = lookupFigure(rows, q, reference);
  if (figure.kind === 'from_50') return 'rule_50';
  if (figure.kind === 'unavailable') return 'none';
  if (figure.kind === 'range') return 'range';
  return figure.status === 'outdated' ? 'outdated' : 'current';
}

/** The policy's answers, counted per kind, per OPCO and band. */
export function servedCoverage(
  rows: readonly FundingCriterion[],
  table: OpcoTable,
  reference?: string | null,
): Record<ServedKind, BandCounts> {
  const out = Object.fromEntries(SERVED_KINDS.map((k) => [k, emptyCounts(table)])) as Record<
    ServedKind,
    BandCounts
  >;
  for (const [idcc, opco] of table) {
    COVERAGE_BANDS.forEach((band, i) => {
      const kind = servedKind(rows, { idcc, opco, ...band }, reference);
      out[kind].get(opco ?? '(aucun OPCO)')![i]! += 1;
    });
  }
  return out;
}

export const totalOf = (counts: BandCounts): number =>
  [...counts.values()].reduce((sum, bands) => sum + bands.reduce((a, b) => a + b, 0), 0);
