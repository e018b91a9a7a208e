// npm run bench:csv — the training plan CSV export of 10 000 rows (with the OPCO estimate's three
// columns and per-year summary, issue 30) next to raw papaparse.unparse of the same rows and
// cells, measured in the same run and interleaved (A, B, A, B…) so that the machine's load weighs
// on both alike (goal: ratio ≤ 1.2, the sync team's); then the plan's first render and
// filter time with 5 000 rows in jsdom (bench/csv-render.ts; bench:browser measures it in Chromium).
// Medians after a warm-up, each run from a collected heap (bench/csv-timing.ts). Quick mode
// (--quick, CI): the same 10 000 rows (the baseline is not linear: raw unparse takes 2.7x as long
// for twice the rows, so a smaller export is not the same ratio: 1.9 at 5 000 rows when it was 1.1
// at 10 000), 11 runs, 1 000 rows rendered; fails when the export ratio is over 2.4 (twice the
// goal) or the render ratios are far off.
import Papa from 'papaparse';
import { buildTrainingPlanCsv } from '@/domain/csv';
import { joinPlanRows } from '@/domain/training-plan-rules';
import { estimatePlan } from '@/domain/plan-funding-plan';
import { buildPlanCsvFile } from '@/features/training-plan/export/plan-csv-export';
import { planCsvFunding } from '@/features/training-plan/export/plan-csv-funding';
import { benchEmployees, benchFigure, benchRequests } from './csv-data';
import { runRenderBench } from './csv-render';
import { fmt, interleavedRuns, median, pairedRatio } from './csv-timing';
import { goal, pick, round, run } from './lib/harness';

const ROWS = 10_000;
const RUNS = pick(15, 11);

async function main() {
  const employees = benchEmployees();
  const requests = benchRequests(ROWS, employees);
  const now = new Date('2026-11-22T10:00:00Z');
  // The plan screen holds its rows joined to their employee (read from IndexedDB to display them):
  // the export starts from those rows.
  const planRows = joinPlanRows(requests, employees);

  // (issue 30) The plan screen holds the estimate too (computed for the cards and tiles): the
  // export adds its three columns and the per-year summary. The baseline unparses the same rows
  // with the same three cells (their text made once, outside the timing).
  const company = {
    siret: '12345678900012',
    name: 'Boulangerie Martin',
    funding: { criteria: { kind: 'figure' as const, figure: benchFigure() }, confirmed: null },
  };
  const estimate = estimatePlan(planRows, [company]);
  const funding = () => planCsvFunding(estimate, planRows);
  const baselineCells = funding();
  const withFundingCells = requests.map((r, i) => {
    const c = baselineCells.cells(planRows[i]!);
    return { ...r, share: c?.share ?? '', rest: c?.rest ?? '', rule: c?.rule ?? '' };
  });

  const runs = await interleavedRuns(RUNS, [
    () => Papa.unparse(withFundingCells, { delimiter: ';', newline: '\r\n' }),
    async () => (await buildPlanCsvFile(planRows, now, { funding: funding() })).blob.size,
    async () => (await buildPlanCsvFile(joinPlanRows(requests, employees), now)).blob.size,
    () => buildTrainingPlanCsv(planRows, now).content.length,
    () => Papa.unparse(requests, { delimiter: ';', newline: '\r\n' }),
  ]);
  const [raw, exportMs, withJoin, oneShot, raw14] = runs as [
    number[],
    number[],
    number[],
    number[],
    number[],
  ];
  const line = (label: string, t: number[]) =>
    `  ${label.padEnd(42)}${fmt(median(t))}   ratio ${pairedRatio(t, raw).toFixed(2)}`;

  console.error(
    `CSV export, ${ROWS} rows (median of ${RUNS} interleaved runs; ratio = median of per-run ratios)`,
  );
  console.error(
    `  ${'raw papaparse.unparse(rows, 17 fields)'.padEnd(42)}${fmt(median(raw))}   baseline`,
  );
  console.error(`${line('plan export (17 columns + summary, Blob)', exportMs)} (goal ≤ 1.2)`);
  const line14 = (label: string, t: number[]) =>
    `  ${label.padEnd(42)}${fmt(median(t))}   ratio ${pairedRatio(t, raw14).toFixed(2)} (to raw unparse of the 14 fields, ${fmt(median(raw14))})`;
  console.error(line14('14 columns only, employee join included', withJoin));
  console.error(line14('14 columns in one piece (domain, no yield)', oneShot));
  goal('CSV export / raw unparse (sync team goal)', pairedRatio(exportMs, raw), {
    atMost: 1.2,
    failAbove: 2.4,
  });

  const render = await runRenderBench();
  return {
    rows: ROWS,
    runs: RUNS,
    export: {
      rawUnparseMs: round(median(raw), 1),
      planExportMs: round(median(exportMs), 1),
      ratio: round(pairedRatio(exportMs, raw), 2),
      withJoinRatio14: round(pairedRatio(withJoin, raw14), 2),
      oneShotRatio14: round(pairedRatio(oneShot, raw14), 2),
    },
    render,
  };
}

run('bench:csv', main);
