// npm run bench:csv — the training plan CSV export of 10 000 rows next to raw papaparse.unparse of
// the same rows, measured in the same run and interleaved (A, B, A, B…) so that the machine's load
// weighs on both alike (goal: ratio ≤ 1.5); then the plan's first render and filter time with
// 5 000 rows (bench/csv-render.ts). Medians after a warm-up; prints, asserts nothing.
import Papa from 'papaparse';
import { buildTrainingPlanCsv } from '@/domain/csv';
import { joinPlanRows } from '@/domain/training-plan-rules';
import { buildPlanCsvFile } from '@/features/training-plan/export/plan-csv-export';
import { benchEmployees, benchRequests } from './csv-data';
import { runRenderBench } from './csv-render';
import { fmt, interleavedRuns, median, pairedRatio } from './csv-timing';

const ROWS = 10_000;
const RUNS = 15;

async function main() {
  const employees = benchEmployees();
  const requests = benchRequests(ROWS, employees);
  const now = new Date('2026-11-22T10:00:00Z');
  // The plan screen holds its rows joined to their employee (read from IndexedDB to display them):
  // the export starts from those rows.
  const planRows = joinPlanRows(requests, employees);

  const runs = await interleavedRuns(RUNS, [
    () => Papa.unparse(requests, { delimiter: ';', newline: '\r\n' }),
    async () => (await buildPlanCsvFile(planRows, now)).blob.size,
    async () => (await buildPlanCsvFile(joinPlanRows(requests, employees), now)).blob.size,
    () => buildTrainingPlanCsv(planRows, now).content.length,
  ]);
  const [raw, exportMs, withJoin, oneShot] = runs as [number[], number[], number[], number[]];
  const line = (label: string, t: number[]) =>
    `  ${label.padEnd(42)}${fmt(median(t))}   ratio ${pairedRatio(t, raw).toFixed(2)}`;

  console.log(
    `CSV export, ${ROWS} rows (median of ${RUNS} interleaved runs; ratio = median of per-run ratios)`,
  );
  console.log(`  ${'raw papaparse.unparse(rows)'.padEnd(42)}${fmt(median(raw))}   baseline`);
  console.log(`${line('plan export (14 columns, pieces, Blob)', exportMs)} (goal ≤ 1.5)`);
  console.log(line('same, employee join included', withJoin));
  console.log(line('plan CSV in one piece (domain, no yield)', oneShot));

  await runRenderBench();
}

void main();
