// The coverage section of `npm run data:check` (issue 27): the research's count per OPCO and band
// (its total must equal coverage.py's), what the budget API serves, and the pairs where the two
// differ, with why.
import type { FundingCriterion } from '../../src/domain/funding-criteria';
import {
  COVERAGE_BANDS,
  researchCoverage,
  SERVED_KINDS,
  servedCoverage,
  servedKind,
  totalOf,
  type BandCounts,
  type OpcoTable,
} from '../../src/domain/funding-coverage';
import { lookupFigure } from '../../src/domain/budget-policy';

const pad = (v: string | number, n: number) => String(v).padStart(n);
const bandName = (b: { min: number; max: number }) =>
  b.max >= 5000 ? `${b.min}+` : `${b.min}-${b.max}`;
const KIND_NAMES = {
  current: 'courant',
  range: 'fourchette',
  outdated: 'périmé',
  rule_50: 'règle 50+',
  none: 'rien',
} as const;

function pairsPerOpco(table: OpcoTable): Map<string, number> {
  const pairs = new Map<string, number>();
  for (const opco of table.values()) {
    const key = opco ?? '(aucun OPCO)';
    pairs.set(key, (pairs.get(key) ?? 0) + COVERAGE_BANDS.length);
  }
  return pairs;
}

function researchTable(counts: BandCounts, pairs: Map<string, number>): string[] {
  const head = `  ${'OPCO'.padEnd(16)}${pad('paires', 7)}${COVERAGE_BANDS.map((b) => pad(bandName(b), 8)).join('')}${pad('total', 7)}`;
  const lines = [head];
  for (const [opco, bands] of [...counts].sort((a, b) => a[0].localeCompare(b[0]))) {
    const sum = bands.reduce((a, b) => a + b, 0);
    lines.push(
      `  ${opco.padEnd(16)}${pad(pairs.get(opco) ?? 0, 7)}${bands.map((n) => pad(n, 8)).join('')}${pad(sum, 7)}`,
    );
  }
  const all = [...pairs.values()].reduce((a, b) => a + b, 0);
  lines.push(
    `  ${'total'.padEnd(16)}${pad(all, 7)}${' '.repeat(8 * COVERAGE_BANDS.length)}${pad(totalOf(counts), 7)}`,
  );
  return lines;
}

function servedTable(served: ReturnType<typeof servedCoverage>): string[] {
  const opcos = [...served.current.keys()].sort();
  const lines = [
    `  ${'OPCO'.padEnd(16)}${SERVED_KINDS.map((k) => pad(KIND_NAMES[k], 12)).join('')}`,
  ];
  const sum = (counts: BandCounts, opco: string) => counts.get(opco)!.reduce((a, b) => a + b, 0);
  for (const opco of opcos)
    lines.push(
      `  ${opco.padEnd(16)}${SERVED_KINDS.map((k) => pad(sum(served[k], opco), 12)).join('')}`,
    );
  lines.push(
    `  ${'total'.padEnd(16)}${SERVED_KINDS.map((k) => pad(totalOf(served[k]), 12)).join('')}`,
  );
  return lines;
}

/** Why the policy serves a current figure where the research counts none, or the reverse. */
function differences(rows: readonly FundingCriterion[], table: OpcoTable): string[] {
  const out: string[] = [];
  for (const [idcc, opco] of table) {
    const research = researchCoverage(rows, new Map([[idcc, opco]])).get(opco ?? '(aucun OPCO)')!;
    COVERAGE_BANDS.forEach((band, i) => {
      const kind = servedKind(rows, { idcc, opco, ...band });
      if ((kind === 'current') === (research[i] === 1)) return;
      const figure = lookupFigure(rows, { idcc, opco, ...band });
      const parts = figure.parts.map(
        (p) => `${p.fund} l. ${p.sources.map((s) => s.line).join('+')}`,
      );
      const notes = figure.notes.map((n) => `sans montant l. ${n.line}`);
      out.push(
        `${idcc} ${opco ?? '-'} ${bandName(band)} : API « ${KIND_NAMES[kind]} » (${[...parts, ...notes].join(', ')}) ; recherche : ${research[i] === 1 ? 'comptée' : 'non comptée'}`,
      );
    });
  }
  return out;
}

export function coverageSection(
  rows: readonly FundingCriterion[],
  table: OpcoTable,
  pythonTotal: number | null,
): { lines: string[]; mismatch: string | null } {
  const research = researchCoverage(rows, table);
  const total = totalOf(research);
  const pairs = pairsPerOpco(table);
  const allPairs = [...pairs.values()].reduce((a, b) => a + b, 0);
  const lines = [
    `\nCouverture : paires (IDCC, tranche) atteignant un montant courant et sourcé, méthode de la recherche (coverage.py, after_current) : ${total} sur ${allPairs}`,
    ...researchTable(research, pairs),
  ];
  let mismatch: string | null = null;
  if (pythonTotal === null)
    lines.push('  coverage.py non exécuté (python3 absent ou fichier contrôlé hors data/)');
  else if (pythonTotal === total) lines.push(`  coverage.py (python3) : ${pythonTotal}, identique`);
  else {
    mismatch = `couverture ${total} différente de coverage.py (${pythonTotal})`;
    lines.push(`  coverage.py (python3) : ${pythonTotal}, DIFFÉRENT`);
  }
  const served = servedCoverage(rows, table);
  lines.push(
    `\nCe que sert l'API budget (politique de src/domain/budget-policy.ts), paires par OPCO`,
  );
  lines.push(...servedTable(served));
  const diff = differences(rows, table);
  lines.push(
    `\nÉcarts entre l'API (montant courant) et la méthode de la recherche (${diff.length})`,
  );
  lines.push(...diff.map((d) => `  ${d}`));
  return { lines, mismatch };
}
