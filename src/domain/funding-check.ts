// `npm run data:check` (issues 15, 27): what needs attention in the funding criteria file so that
// the data can be kept current. Pure: the parsed rows and today's date are passed in.
//  - rows that do not parse (never loaded, never served), rows without a source apart;
//  - rows whose reach the product reads otherwise than the research says (`reachable_by`);
//  - stale rows: rows served as current whose criteria are older than 12 months (the page's date,
//    else the criteria year), or without any date; and the outdated rows, served only when nothing
//    current exists;
//  - disputes (served as a range) and conflicts between current rows (how the policy of
//    src/domain/budget-policy.ts settles them); the rows whose notes say CONFLICT;
//  - rows no lookup reaches (a branch named without IDCC), for information.
import { datasetDate, effectiveStatus, settle } from './budget-policy';
import {
  criteriaDateOf,
  hasFigure,
  twelveMonthsBefore,
  type CriterionParse,
  type FundingCriterion,
} from './funding-criteria';

export type CriteriaConflict = {
  opco: string;
  reach: string;
  year: number | null;
  lines: number[];
  /** the line served, or null when the policy shows the rows as a range */
  chosen: number | null;
};

export type CriteriaReport = {
  rows: number;
  unreadable: { line: number; errors: string[] }[];
  withoutSource: number[];
  reachMismatch: { line: number; research: string; product: string }[];
  stale: { line: number; date: string | null; opco: string; branch: string }[];
  outdated: number[];
  superseded: number[];
  disputes: CriteriaConflict[];
  conflicts: CriteriaConflict[];
  notedConflicts: number[];
  unreachable: number[];
};

const overlaps = (a: FundingCriterion, b: FundingCriterion) =>
  (a.headcountMin ?? 0) <= (b.headcountMax ?? Infinity) &&
  (b.headcountMin ?? 0) <= (a.headcountMax ?? Infinity);

/** How the product reaches a row, in the words of the research's `reachable_by` column. */
export function productReach(c: FundingCriterion): string {
  if (c.scope === 'idcc') return `idcc ${c.idccs.join(';')}`;
  return c.scope === 'opco_default' ? 'opco default' : 'none';
}

function reachAgrees(c: FundingCriterion): boolean {
  if (c.reachableBy === null) return true;
  const research = c.reachableBy.trim();
  if (c.scope === 'branch') return research.startsWith('none');
  if (c.scope === 'opco_default') return research === 'opco default';
  const listed = research
    .replace(/^idcc\s+/, '')
    .split(/[;,\s]+/)
    .filter(Boolean);
  return (
    research.startsWith('idcc ') &&
    listed
      .map((x) => x.padStart(4, '0'))
      .sort()
      .join(';') === [...c.idccs].sort().join(';')
  );
}

/** Rows reaching the same lookups: same OPCO, same IDCCs (or the OPCO default), same year. */
function groupsOf(rows: readonly FundingCriterion[]): Map<string, FundingCriterion[]> {
  const groups = new Map<string, FundingCriterion[]>();
  for (const c of rows) {
    if (c.scope === 'branch') continue;
    const reach = c.scope === 'idcc' ? [...c.idccs].sort().join(';') : 'défaut OPCO';
    const key = `${c.opco}|${reach}|${c.year ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return groups;
}

/** Pairs of rows of a group that disagree; `figuresOnly`: a row that gives no amount contradicts
 * nothing (the policy prefers the row with a figure). */
function pairsIn(
  groups: Map<string, FundingCriterion[]>,
  figuresOnly: boolean,
): CriteriaConflict[] {
  const out: CriteriaConflict[] = [];
  for (const [key, rows] of groups) {
    const [opco, reach] = key.split('|') as [string, string];
    for (const a of rows)
      for (const b of rows) {
        if (a.line >= b.line || !overlaps(a, b)) continue;
        if (figuresOnly && !(hasFigure(a) && hasFigure(b))) continue;
        const settled = settle([a, b]);
        if (settled?.kind === 'one' && settled.rows.length === 2) continue; // they agree
        out.push({
          opco,
          reach,
          year: a.year,
          lines: [a.line, b.line],
          chosen: settled?.kind === 'one' ? settled.rows[0]!.line : null,
        });
      }
  }
  return out;
}

export function checkCriteria(parsed: readonly CriterionParse[], today: string): CriteriaReport {
  const ok = parsed.flatMap((p) => (p.ok ? [p.criterion] : []));
  const reference = datasetDate(ok);
  const status = (c: FundingCriterion) => effectiveStatus(c, reference);
  const cutoff = twelveMonthsBefore(today);
  const served = ok.filter((c) => status(c) === 'current' || status(c) === 'disputed');
  const stale = served.filter((c) => {
    const date = criteriaDateOf(c);
    return date === null || date < cutoff;
  });
  return {
    rows: parsed.length,
    unreadable: parsed.flatMap((p) => (p.ok ? [] : [{ line: p.line, errors: p.errors }])),
    withoutSource: parsed.flatMap((p) => (!p.ok && p.missingSource ? [p.line] : [])),
    reachMismatch: ok
      .filter((c) => !reachAgrees(c))
      .map((c) => ({ line: c.line, research: c.reachableBy ?? '', product: productReach(c) })),
    stale: stale.map((c) => ({
      line: c.line,
      date: criteriaDateOf(c),
      opco: c.opco,
      branch: c.branch,
    })),
    outdated: ok.filter((c) => status(c) === 'outdated').map((c) => c.line),
    superseded: ok.filter((c) => status(c) === 'superseded').map((c) => c.line),
    disputes: pairsIn(groupsOf(ok.filter((c) => status(c) === 'disputed')), false),
    conflicts: pairsIn(groupsOf(ok.filter((c) => status(c) === 'current')), true),
    notedConflicts: ok.filter((c) => c.conflictNoted).map((c) => c.line),
    unreachable: ok.filter((c) => c.scope === 'branch').map((c) => c.line),
  };
}

/**
 * Whether the file has rows that cannot be served, or served otherwise than the research says (the
 * check fails); stale, disputed and conflicting rows are reported for maintenance (and fail only
 * with --strict).
 */
export function hasBlockingProblems(report: CriteriaReport): boolean {
  return report.unreadable.length > 0 || report.reachMismatch.length > 0;
}
