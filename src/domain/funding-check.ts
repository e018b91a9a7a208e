// `npm run data:check` (issue 15): what needs attention in the funding criteria file so that the data
// can be kept current. Pure: the parsed rows and today's date are passed in.
//  - rows that do not parse (never loaded, never served), rows without a source apart;
//  - rows older than 12 months (criterionDate: the page's update or the reading, else January 1st
//    of the criteria year), or without any date;
//  - conflicts: rows reaching the same lookups (same OPCO, same IDCC set or the same OPCO default,
//    same criteria year, overlapping headcount ranges) with other figures, with the row the rule
//    of src/domain/funding-rules.ts serves; and the rows whose notes say CONFLICT;
//  - rows no lookup reaches (a branch named without IDCC), for information.
import {
  criterionDate,
  twelveMonthsBefore,
  type CriterionParse,
  type FundingCriterion,
} from './funding-criteria';
import { figuresOf, settle } from './funding-rules';

export type CriteriaConflict = {
  opco: string;
  reach: string;
  year: number | null;
  lines: number[];
  chosen: number;
};

export type CriteriaReport = {
  rows: number;
  unreadable: { line: number; errors: string[] }[];
  withoutSource: number[];
  stale: { line: number; date: string | null; opco: string; branch: string }[];
  conflicts: CriteriaConflict[];
  notedConflicts: number[];
  unreachable: number[];
};

const overlaps = (a: FundingCriterion, b: FundingCriterion) =>
  (a.headcountMin ?? 0) <= (b.headcountMax ?? Infinity) &&
  (b.headcountMin ?? 0) <= (a.headcountMax ?? Infinity);

export function checkCriteria(parsed: readonly CriterionParse[], today: string): CriteriaReport {
  const ok = parsed.flatMap((p) => (p.ok ? [p.criterion] : []));
  const cutoff = twelveMonthsBefore(today);
  const report: CriteriaReport = {
    rows: parsed.length,
    unreadable: parsed.flatMap((p) => (p.ok ? [] : [{ line: p.line, errors: p.errors }])),
    withoutSource: parsed.flatMap((p) => (!p.ok && p.missingSource ? [p.line] : [])),
    stale: [],
    conflicts: [],
    notedConflicts: ok.filter((c) => c.conflictNoted).map((c) => c.line),
    unreachable: ok.filter((c) => c.scope === 'branch').map((c) => c.line),
  };
  for (const c of ok) {
    const date = criterionDate(c);
    if (date === null || date < cutoff)
      report.stale.push({ line: c.line, date, opco: c.opco, branch: c.branch });
  }
  const groups = new Map<string, FundingCriterion[]>();
  for (const c of ok) {
    if (c.scope === 'branch') continue;
    const reach = c.scope === 'idcc' ? [...c.idccs].sort().join(';') : 'défaut OPCO';
    const key = `${c.opco}|${reach}|${c.year ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  for (const [key, rows] of groups) {
    const [opco, reach] = key.split('|') as [string, string];
    for (const a of rows)
      for (const b of rows) {
        if (a.line >= b.line || !overlaps(a, b) || figuresOf(a) === figuresOf(b)) continue;
        report.conflicts.push({
          opco,
          reach,
          year: a.year,
          lines: [a.line, b.line],
          chosen: settle([a, b])!.chosen.line,
        });
      }
  }
  return report;
}

/** Whether the file has rows that cannot be served (the check fails); stale and conflicting
 * rows are reported for maintenance (and fail only with --strict). */
export function hasBlockingProblems(report: CriteriaReport): boolean {
  return report.unreadable.length > 0;
}
