// npm run data:check [-- FICHIER.csv] [--today AAAA-MM-JJ] [--strict]
// Checks the OPCO funding criteria file (default data/opco-criteria-2026.csv) so that the data can be
// kept current (issue 15; data/README.md): rows that do not parse (never served), rows without a
// source, rows older than 12 months, conflicting sources (and which row the budget API serves),
// rows no lookup reaches. Exit code 1 when a row does not parse (or, with --strict, when anything
// is flagged); the report is printed either way.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Papa from 'papaparse';
import { checkCriteria, hasBlockingProblems } from '../src/domain/funding-check';
import { CRITERIA_COLUMNS, parseCriterionRow } from '../src/domain/funding-criteria';

const args = process.argv.slice(2).filter((a) => a !== '--');
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args.splice(i, 2)[1];
};
const today = flag('--today') ?? new Date().toISOString().slice(0, 10);
const strict = args.includes('--strict');
const file = resolve(
  process.cwd(),
  args.find((a) => !a.startsWith('--')) ?? 'data/opco-criteria-2026.csv',
);
if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) {
  console.error(`--today : date AAAA-MM-JJ attendue (reçu ${today})`);
  process.exit(2);
}

const csv = Papa.parse<Record<string, string>>(readFileSync(file, 'utf8'), {
  header: true,
  skipEmptyLines: 'greedy',
  transformHeader: (h) => h.trim().replace(/^\uFEFF/, ''),
});
const missing = CRITERIA_COLUMNS.filter((c) => !(csv.meta.fields ?? []).includes(c));
if (missing.length) {
  console.error(`${file} : colonnes manquantes : ${missing.join(', ')}`);
  process.exit(1);
}
// Line numbers of the file (header = 1), as the import and the budget API's provenance use them.
const report = checkCriteria(
  csv.data.map((row, i) => parseCriterionRow(row, i + 2)),
  today,
);

const out: string[] = [];
const section = (title: string, lines: string[], count = lines.length) => {
  out.push(`\n${title} (${count})`);
  for (const l of lines) out.push(`  ${l}`);
};
out.push(`data:check — ${file}`);
out.push(`${report.rows} lignes, contrôle au ${today}`);
section(
  'Lignes illisibles : jamais chargées, jamais servies',
  report.unreadable.map((u) => `ligne ${u.line} : ${u.errors.join(' ; ')}`),
);
section(
  'Lignes sans source',
  report.withoutSource.map((l) => `ligne ${l}`),
);
section(
  'Lignes de plus de 12 mois (ou sans date) : à mettre à jour',
  report.stale.map((s) => `ligne ${s.line} : ${s.opco}, ${s.branch} — ${s.date ?? 'sans date'}`),
);
section(
  'Sources en conflit (règle : page officielle, puis la plus récente)',
  report.conflicts.map(
    (c) =>
      `${c.opco} ${c.reach} ${c.year ?? 'sans année'} : lignes ${c.lines.join(', ')} — servie : ligne ${c.chosen}`,
  ),
);
section(
  'Conflits signalés dans les notes (CONFLICT)',
  report.notedConflicts.length ? [`lignes ${report.notedConflicts.join(', ')}`] : [],
  report.notedConflicts.length,
);
section(
  'Lignes sans IDCC ni règle par défaut de l’OPCO (aucune recherche ne les atteint)',
  report.unreachable.length ? [`lignes ${report.unreachable.join(', ')}`] : [],
  report.unreachable.length,
);
console.log(out.join('\n'));

const flagged = report.withoutSource.length + report.stale.length + report.conflicts.length > 0;
process.exit(hasBlockingProblems(report) || (strict && flagged) ? 1 : 0);
