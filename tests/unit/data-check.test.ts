// `npm run data:check` and `npm run data:sync` (issues 15, 27): the data derived from the research,
// never by hand; drift between data/, its vendored research and the research folder fails; rows
// that do not parse or that the product would reach otherwise than the research says fail; stale
// rows, disputes and conflicts are reported; the coverage matches the research's own count.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCriteria } from '@/domain/funding-check';
import { parseCriterionRow } from '@/domain/funding-criteria';
import {
  deriveIdcc,
  deriveIdccOpco,
  driftedFiles,
  manifestOf,
  readManifest,
  researchDrift,
} from '../../scripts/lib/research-data';

const dir = mkdtempSync(join(tmpdir(), 'bf-data-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = readFileSync('data/opco-criteria-2026.csv', 'utf8').split('\n')[0]!;
const OFFICIAL = '"[primary: official OPCO page] Criteria 2026, \'Mise à jour 08/01/2026\'."';
const S1 = '"[secondary S1: compilation, consulted 2026-05-18]"';
const S2 = '"[secondary S2: compilation, snapshot 2026-06-11] CONFLICT"';
const tail = (status: string, reach: string) => `,HT,${status},,,${reach}`;
const LINES = [
  HEADER,
  `AKTO,Commerces de gros,0573,0,10,6000,,,,yes,2026,https://www.akto.fr/a/,${OFFICIAL}${tail('current', 'idcc 0573')}`,
  `AKTO,Commerces de gros,0573,0,10,9000,,,,yes,2026,https://www.akto.fr/b/,${S2}${tail('current', 'idcc 0573')}`,
  `AKTO,Commerces de gros,0573,11,49,6000,,,,yes,2026,,${OFFICIAL}${tail('current', 'idcc 0573')}`,
  `AKTO,Vieux,2583,0,10,4000,,,,no,2024,https://www.akto.fr/c/,"[press: article] 2024"${tail('current', 'idcc 2583')}`,
  `OPCO INCONNU,X,0001,0,10,10,,,,yes,2026,https://x.fr/,${OFFICIAL}${tail('current', 'idcc 0001')}`,
  `AKTO,Golf,,0,10,2000,,,,no,2026,https://www.akto.fr/d/,${OFFICIAL}${tail('current', 'none (no IDCC)')}`,
  `AKTO,Portage,3219,0,10,4000,,,,no,2026,https://www.akto.fr/e/,${S1}${tail('current', 'idcc 3219')}`,
  `AKTO,Portage,3219,0,10,5000,,,,no,2026,https://www.akto.fr/f/,${S2}${tail('current', 'idcc 3219')}`,
  `AKTO,Quincaillerie,3243,0,49,8000,,,,no,2026,https://www.akto.fr/g/,${S1}${tail('current', 'idcc 1383')}`,
];

function run(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/data-check.ts', ...args], {
    encoding: 'utf8',
  });
}

const parsedLines = (lines: string[]) =>
  Papa.parse<Record<string, string>>(lines.join('\n'), { header: true }).data.map((r, i) =>
    parseCriterionRow(r, i + 2),
  );

describe('checkCriteria', () => {
  const report = checkCriteria(parsedLines(LINES), '2026-11-23');
  it('unreadable rows, rows without source, stale rows, unreachable rows', () => {
    expect(report.unreadable.map((u) => u.line)).toEqual([4, 6]);
    expect(report.withoutSource).toEqual([4]);
    expect(report.stale.map((s) => s.line)).toEqual([5]);
    expect(report.notedConflicts).toEqual([3, 9]);
    expect(report.unreachable).toEqual([7]);
  });
  it('conflicts: the official page over a compilation; two compilations stay a range', () => {
    expect(report.conflicts).toEqual([
      { opco: 'AKTO', reach: '0573', year: 2026, lines: [2, 3], chosen: 2 },
      { opco: 'AKTO', reach: '3219', year: 2026, lines: [8, 9], chosen: null },
    ]);
  });
  it('a row the product reaches otherwise than the research says is reported (and blocks)', () => {
    expect(report.reachMismatch).toEqual([
      { line: 10, research: 'idcc 1383', product: 'idcc 3243' },
    ]);
  });
  it('a file of thirteen columns: rows dated within 12 months of the newest are current', () => {
    const legacyHeader = HEADER.split(',').slice(0, 13).join(',');
    const legacy = [legacyHeader, ...LINES.slice(1).map((l) => l.slice(0, l.lastIndexOf(',HT,')))];
    const r = checkCriteria(parsedLines(legacy), '2026-11-23');
    expect(r.outdated).toEqual([5]);
    expect(r.reachMismatch).toEqual([]);
  });
});

describe('the data derived from the research (data:sync)', () => {
  it('data/ is what data:sync derives from data/research and data/sources (no drift)', () => {
    expect(driftedFiles()).toEqual([]);
    expect(researchDrift('data/research', readManifest())).toEqual([]);
  });
  it('the IDCC -> OPCO table: additions applied, 1618 corrected, each row with its source', () => {
    const table = Papa.parse<Record<string, string>>(readFileSync('data/idcc-opco.csv', 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(table).toHaveLength(716);
    const of = (idcc: string) => table.find((r) => r.idcc === idcc);
    expect(of('3248')).toMatchObject({ opco: 'OPCO 2i', source: 'research-add' });
    expect(of('1618')).toMatchObject({ opco: 'OPCO Commerce', source: 'research-corrects' });
    expect(of('0016')).toMatchObject({ source: 'mission-apprentissage-2024-03' });
    expect(table.every((r) => /^https:\/\//.test(r.source_url!))).toBe(true);
  });
  it('every IDCC of the OPCO table is in the IDCC table; titles only from a source', () => {
    const rows = Papa.parse<Record<string, string>>(readFileSync('data/idcc.csv', 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    const added = rows.filter((r) => r.source !== 'mission-apprentissage-2024-03');
    expect(added.map((r) => [r.idcc, r.title_source])).toEqual([
      ['0003', 'unknown'],
      ['0083', 'unknown'],
      ['0240', 'unknown'],
      ['1420', 'unknown'],
      ['2329', 'unknown'],
      ['2793', 'unknown'],
      ['3253', 'research'],
      ['5556', 'unknown'],
      ['5557', 'unknown'],
    ]);
    expect(added.filter((r) => r.title_source === 'unknown').every((r) => r.libelle === '')).toBe(
      true,
    );
    expect(added.find((r) => r.idcc === '3253')).toMatchObject({
      libelle: "CCN des salariés des cabinets d'avocats du 21/06/2024",
      url: 'https://www.legifrance.gouv.fr/conv_coll/id/KALICONT000052331573',
    });
  });
  it('an addition contrary to the snapshot, or without ADD/CORRECTS, is refused', () => {
    const snapshot = [{ idcc: '0016', opco: 'OPCO Mobilité' }];
    const add = (notes: string, idcc = '0016') => [
      { idcc, opco: 'AKTO', source_url: 'https://x.fr', notes },
    ];
    expect(() => deriveIdccOpco(snapshot, add('ADD. x'))).toThrow(/contraire/);
    expect(() => deriveIdccOpco(snapshot, add('CORRECTS x', '9999'))).toThrow(/contraire/);
    expect(() => deriveIdccOpco(snapshot, add('hello'))).toThrow(/ni CORRECTS/);
    // A title the notes do not state in their form is not taken.
    const rows = deriveIdcc(
      [],
      [{ idcc: '9999' }],
      add('ADD. Métallurgie, single agreement', '9999'),
    );
    expect(rows).toMatchObject([{ idcc: '9999', libelle: '', title_source: 'unknown' }]);
  });
  it('a research folder that differs from the vendored copy is a drift', () => {
    const copy = join(dir, 'research');
    cpSync('data/research', copy, { recursive: true });
    rmSync(join(copy, 'MANIFEST.json'));
    expect(researchDrift(copy, manifestOf('data/research'))).toEqual([]);
    writeFileSync(join(copy, 'README.md'), 'edited');
    writeFileSync(join(copy, 'new.csv'), 'a\n1\n');
    expect(researchDrift(copy, manifestOf('data/research'))).toEqual([
      'README.md : contenu différent',
      'new.csv : absent de la copie',
    ]);
  });
});

// Each case runs the command (tsx): seconds on a loaded machine.
describe('npm run data:check', { timeout: 120_000 }, () => {
  it('the bundled data: in sync, every row readable, the coverage of the research, exit 0', () => {
    const res = run(['--today', '2026-11-27', '--research', 'data/research']);
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/194 lignes de critères, contrôle au 2026-11-27/);
    expect(res.stdout).toMatch(/Données dérivées de la recherche .*\(0\)\n {2}à jour/);
    expect(res.stdout).toMatch(/Lignes illisibles : jamais chargées, jamais servies \(0\)/);
    expect(res.stdout).toMatch(/AKTO 0573 2026 : lignes 76, 184 — servies ensemble, en fourchette/);
    expect(res.stdout).toMatch(/ligne 130 : OPCO Mobilités, .* — 2024-07-08/);
    expect(res.stdout).toMatch(/méthode de la recherche .* : 952 sur 2864/);
    expect(res.stdout).toMatch(
      /coverage\.py \(python3\) : 952, identique|coverage\.py non exécuté/,
    );
    expect(res.stdout).toMatch(/1090 OPCO Mobilités 1-10 : API « courant » \(total l\. 168\)/);
  });
  it('a research folder that differs from the copy: reported, exit 1', () => {
    const copy = join(dir, 'research-drift');
    cpSync('data/research', copy, { recursive: true });
    writeFileSync(join(copy, 'opco-criteria-2026.csv'), `${HEADER}\n`);
    const res = run(['--today', '2026-11-27', '--research', copy]);
    expect(res.status).toBe(1);
    expect(res.stdout).toMatch(/opco-criteria-2026\.csv : contenu différent/);
  });
  it('a file with a row that does not parse: reported with its line, exit 1; --strict fails on stale rows', () => {
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, LINES.join('\n'));
    const res = run([bad, '--today', '2026-11-23']);
    expect(res.status).toBe(1);
    expect(res.stdout).toMatch(/ligne 4 : source manquante/);
    expect(res.stdout).toMatch(/ligne 6 : OPCO inconnu/);
    const good = join(dir, 'good.csv');
    writeFileSync(good, [LINES[0], LINES[4]].join('\n'));
    expect(run([good, '--today', '2026-11-23']).status).toBe(0);
    expect(run([good, '--today', '2026-11-23', '--strict']).status).toBe(1);
  });
});
