// npm run data:check [-- FICHIER.csv] [--today AAAA-MM-JJ] [--research DOSSIER] [--strict]
// Checks the reference data (issues 15, 27; data/README.md). Without a file (CI):
//  - data/research/ against its manifest, and against the research folder when it exists
//    (../shared/data/research, or --research): a drift fails (run `npm run data:sync`);
//  - data/opco-criteria-2026.csv, data/idcc-opco.csv, data/idcc.csv against what data:sync derives
//    from data/research/ and data/sources/: a drift fails;
//  - every IDCC of the OPCO table exists in the IDCC table;
// then, for the criteria file (or FICHIER.csv, an operator's file before an import): rows that do
// not parse (never served) or that the product reaches otherwise than the research says fail; rows
// without a source, stale rows (older than 12 months), disputes and conflicts are reported; and the
// coverage: current sourced figures per OPCO and headcount band by the research's own method (its
// total must equal coverage.py's, run when python3 is there), then what the budget API serves.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Papa from 'papaparse';
import { checkCriteria, hasBlockingProblems } from '../src/domain/funding-check';
import { CRITERIA_COLUMNS, parseCriterionRow } from '../src/domain/funding-criteria';
import { normalizeOpcoName } from '../src/domain/opco';
import { coverageSection } from './lib/coverage-report';
import {
  DATA_DIR,
  DEFAULT_RESEARCH,
  DERIVED_FILES,
  driftedFiles,
  manifestOf,
  readManifest,
  researchDrift,
  SOURCE_FILES,
  VENDORED_RESEARCH,
} from './lib/research-data';

const args = process.argv.slice(2).filter((a) => a !== '--');
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args.splice(i, 2)[1];
};
const today = flag('--today') ?? new Date().toISOString().slice(0, 10);
const researchArg = flag('--research');
const strict = args.includes('--strict');
const fileArg = args.find((a) => !a.startsWith('--'));
const file = fileArg ? resolve(process.cwd(), fileArg) : join(DATA_DIR, DERIVED_FILES.criteria);
if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) {
  console.error(`--today : date AAAA-MM-JJ attendue (reçu ${today})`);
  process.exit(2);
}

const out: string[] = [];
const blocking: string[] = [];
const section = (title: string, lines: string[], count = lines.length) => {
  out.push(`\n${title} (${count})`);
  for (const l of lines) out.push(`  ${l}`);
};
const csvRows = (path: string) =>
  Papa.parse<Record<string, string>>(readFileSync(path, 'utf8'), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().replace(/^\uFEFF/, ''),
  });

/** data/ against the research and against its own derivation (only for the bundled data). */
function checkDerivation() {
  const problems: string[] = [];
  const manifest = readManifest();
  const vendored = manifestOf(VENDORED_RESEARCH);
  for (const p of researchDrift(VENDORED_RESEARCH, manifest)) problems.push(`data/research : ${p}`);
  const research = researchArg ? resolve(process.cwd(), researchArg) : DEFAULT_RESEARCH;
  if (existsSync(research)) {
    for (const p of researchDrift(research, vendored)) problems.push(`${research} : ${p}`);
    out.push(`Recherche comparée à la copie : ${research}`);
  } else out.push(`Recherche absente (${research}) : seule la copie data/research est contrôlée`);
  for (const rel of driftedFiles()) problems.push(`data/${rel} : diffère de sa dérivation`);
  const idccs = new Set(
    csvRows(join(DATA_DIR, DERIVED_FILES.idcc)).data.flatMap((r) =>
      (r.idcc ?? '').trim().split(/\s+/),
    ),
  );
  const table = csvRows(join(DATA_DIR, DERIVED_FILES.idccOpco)).data;
  for (const r of table)
    if (!idccs.has(r.idcc!))
      problems.push(`IDCC ${r.idcc} de la table des OPCO absent de idcc.csv`);
  section(
    'Données dérivées de la recherche (npm run data:sync pour les régénérer)',
    problems.length ? problems : ['à jour'],
    problems.length,
  );
  blocking.push(...problems);
}

function opcoTable(): Map<string, string | null> {
  const rows = csvRows(join(DATA_DIR, DERIVED_FILES.idccOpco)).data;
  return new Map(rows.map((r) => [r.idcc!.padStart(4, '0'), normalizeOpcoName(r.opco)]));
}

/** coverage.py's « after_current » total, when python3 can run it (null: not run). */
function pythonCoverage(): number | null {
  const script = join(VENDORED_RESEARCH, 'coverage.py');
  if (fileArg || !existsSync(script)) return null;
  const criteria = join(DATA_DIR, DERIVED_FILES.criteria);
  const res = spawnSync(
    'python3',
    [
      script,
      criteria,
      criteria,
      join(DATA_DIR, SOURCE_FILES.idccOpco),
      join(VENDORED_RESEARCH, 'idcc-opco-additions.csv'),
    ],
    { encoding: 'utf8' },
  );
  if (res.error || res.status !== 0) return null;
  const total = /\|\s*\*\*total\*\*\s*\|\s*\d+\s*\|\s*\d+\s*\|\s*(\d+)\s*\|/.exec(res.stdout);
  return total ? Number(total[1]) : null;
}

out.push(`data:check — ${file}`);
if (!fileArg) checkDerivation();

const csv = csvRows(file);
const missing = CRITERIA_COLUMNS.filter((c) => !(csv.meta.fields ?? []).includes(c));
if (missing.length) {
  console.error(`${file} : colonnes manquantes : ${missing.join(', ')}`);
  process.exit(1);
}
// Line numbers of the file (header = 1), as the import and the budget API's sources use them.
const parsed = csv.data.map((row, i) => parseCriterionRow(row, i + 2));
const report = checkCriteria(parsed, today);
out.push(`\n${report.rows} lignes de critères, contrôle au ${today}`);
section(
  'Lignes illisibles : jamais chargées, jamais servies',
  report.unreadable.map((u) => `ligne ${u.line} : ${u.errors.join(' ; ')}`),
);
section(
  'Lignes sans source',
  report.withoutSource.map((l) => `ligne ${l}`),
);
section(
  'Lignes que le produit atteint autrement que la recherche (reachable_by)',
  report.reachMismatch.map(
    (m) => `ligne ${m.line} : recherche « ${m.research} », produit « ${m.product} »`,
  ),
);
section(
  'Lignes servies dont les critères ont plus de 12 mois (ou sans date) : à mettre à jour',
  report.stale.map((s) => `ligne ${s.line} : ${s.opco}, ${s.branch} — ${s.date ?? 'sans date'}`),
);
section(
  'Lignes périmées (outdated) : servies seulement faute de critères courants, avec leur année',
  report.outdated.length ? [`lignes ${report.outdated.join(', ')}`] : [],
  report.outdated.length,
);
section(
  'Lignes remplacées (superseded) : jamais servies',
  report.superseded.length ? [`lignes ${report.superseded.join(', ')}`] : [],
  report.superseded.length,
);
const conflictLine = (c: (typeof report.conflicts)[number]) =>
  `${c.opco} ${c.reach} ${c.year ?? 'sans année'} : lignes ${c.lines.join(', ')} — ${c.chosen === null ? 'servies ensemble, en fourchette' : `servie : ligne ${c.chosen}`}`;
section(
  'Sources en désaccord (disputed) : montrées en fourchette avec les deux sources',
  report.disputes.map(conflictLine),
);
section(
  'Conflits entre lignes courantes (règle : officiel, compilation, presse ; décision datée)',
  report.conflicts.map(conflictLine),
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

const rows = parsed.flatMap((p) => (p.ok ? [p.criterion] : []));
const coverage = coverageSection(rows, opcoTable(), pythonCoverage());
out.push(...coverage.lines);
if (coverage.mismatch) blocking.push(coverage.mismatch);

console.log(out.join('\n'));
if (blocking.length) console.error(`\nÉchec : ${blocking.length} problème(s) bloquant(s).`);
const flagged = report.withoutSource.length + report.stale.length + report.conflicts.length > 0;
process.exit(blocking.length > 0 || hasBlockingProblems(report) || (strict && flagged) ? 1 : 0);
