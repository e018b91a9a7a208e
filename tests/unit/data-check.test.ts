// `npm run data:check` (issue 15): rows older than 12 months, rows without a source, conflicts, and
// a row that does not parse reported (exit code 1), never served.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCriteria } from '@/domain/funding-check';
import { parseCriterionRow } from '@/domain/funding-criteria';

const dir = mkdtempSync(join(tmpdir(), 'bf-data-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = readFileSync('data/opco-criteria-2026.csv', 'utf8').split('\n')[0]!;
const NOTE = '"[primary: official OPCO page] Criteria 2026, \'Mise à jour 08/01/2026\'."';
const S2 = '"[secondary S2: compilation, snapshot 2026-06-11] CONFLICT"';
const LINES = [
  HEADER,
  `AKTO,Commerces de gros,0573,0,10,6000,,,,yes,2026,https://www.akto.fr/a/,${NOTE}`,
  `AKTO,Commerces de gros,0573,0,10,9000,,,,yes,2026,https://www.akto.fr/b/,${S2}`,
  `AKTO,Commerces de gros,0573,11,49,6000,,,,yes,2026,,${NOTE}`,
  `AKTO,Vieux,2583,0,10,4000,,,,no,2024,https://www.akto.fr/c/,"[press: article] 2024"`,
  `OPCO INCONNU,X,0001,0,10,10,,,,yes,2026,https://x.fr/,${NOTE}`,
  `AKTO,Golf,,0,10,2000,,,,no,2026,https://www.akto.fr/d/,${NOTE}`,
];

function run(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/data-check.ts', ...args], {
    encoding: 'utf8',
  });
}

describe('checkCriteria', () => {
  it('reports unreadable rows, rows without source, stale rows, conflicts and unreachable rows', () => {
    const rows = LINES.slice(1).map((l) => {
      const [opco, branch, idcc, min, max, cap, hourly, rate, action, salary, year, url] =
        l.split(',');
      const notes = l.slice(l.indexOf(',"') + 2, -1).replace(/""/g, '"');
      return {
        opco,
        branch,
        idcc,
        headcount_min: min,
        headcount_max: max,
        yearly_cap_eur_ht: cap,
        hourly_cap_eur_ht: hourly,
        coverage_rate_pct: rate,
        per_action_cap_eur_ht: action,
        salary_covered: salary,
        year,
        source_url: url,
        notes,
      } as Record<string, string>;
    });
    const report = checkCriteria(
      rows.map((r, i) => parseCriterionRow(r, i + 2)),
      '2026-11-23',
    );
    expect(report.unreadable.map((u) => u.line)).toEqual([4, 6]);
    expect(report.withoutSource).toEqual([4]);
    expect(report.stale.map((s) => s.line)).toEqual([5]);
    // The official page is served over the more recent compilation.
    expect(report.conflicts).toEqual([
      { opco: 'AKTO', reach: '0573', year: 2026, lines: [2, 3], chosen: 2 },
    ]);
    expect(report.notedConflicts).toEqual([3]);
    expect(report.unreachable).toEqual([7]);
  });
});

// Each case runs the command (tsx): seconds on a loaded machine.
describe('npm run data:check', { timeout: 90_000 }, () => {
  it('the bundled file: every row readable, the report printed, exit 0', () => {
    const res = run(['--today', '2026-11-23']);
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/183 lignes, contrôle au 2026-11-23/);
    expect(res.stdout).toMatch(/Lignes illisibles : jamais chargées, jamais servies \(0\)/);
    expect(res.stdout).toMatch(/AKTO 0573 2026 : lignes 76, 184 — servie : ligne 184/);
    expect(res.stdout).toMatch(/ligne 29 : Atlas, Bureaux d'études \(Syntec\) — 2020-01-01/);
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
