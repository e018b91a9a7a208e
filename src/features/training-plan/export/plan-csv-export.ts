// Loaded lazily (dynamic import) by the export button: papaparse and the CSV rules stay out of the
// plan's first load. Builds the file from rows already read from IndexedDB (works offline), in
// pieces, reporting progress and yielding to the browser whenever a slice of work has run.
import {
  trainingPlanCsvChunks,
  type CsvFunding,
  trainingPlanCsvFileName,
  type TrainingPlanCsvRow,
} from '@/domain/training-plan-csv';
import { nextTask } from '@/lib/next-task';

export type CsvExportOptions = {
  chunkSize?: number;
  /** done and total rows, after each piece */
  onProgress?: (done: number, total: number) => void;
  /** Lets the browser paint between pieces (default: a macrotask). */
  yieldToUi?: () => Promise<void>;
  /** Yield once this much work (ms) has run since the last yield (default 40: under a long task). */
  sliceMs?: number;
};

export type CsvFile = { fileName: string; blob: Blob };

export const PLAN_CSV_MIME = 'text/csv;charset=utf-8';

export async function buildPlanCsvFile<R extends TrainingPlanCsvRow>(
  rows: readonly R[],
  now: Date,
  options: CsvExportOptions & { funding?: CsvFunding<R> } = {},
): Promise<CsvFile> {
  const chunkSize = options.chunkSize ?? 1000;
  const yieldToUi = options.yieldToUi ?? nextTask;
  const sliceMs = options.sliceMs ?? 40;
  const parts: string[] = [];
  let done = 0;
  let first = true;
  let sliceStart = performance.now();
  for (const piece of trainingPlanCsvChunks(rows, chunkSize, options.funding)) {
    parts.push(piece);
    if (first) {
      first = false;
    } else {
      done = Math.min(rows.length, done + chunkSize);
      options.onProgress?.(done, rows.length);
      // Time slicing: the screen stays responsive (and shows the progress) without paying a task
      // switch per piece when the device is fast.
      if (done < rows.length && performance.now() - sliceStart >= sliceMs) {
        await yieldToUi();
        sliceStart = performance.now();
      }
    }
  }
  if (rows.length === 0) options.onProgress?.(0, 0);
  return { fileName: trainingPlanCsvFileName(now), blob: new Blob(parts, { type: PLAN_CSV_MIME }) };
}
