// CSV export of the plan (02 §5, §8, §9): the rows on screen (read from IndexedDB, so it works
// offline), built by a lazily loaded module (papaparse stays out of the first load), in pieces with
// progress, then downloaded through a Blob and an object URL.
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import type { TrainingPlanCsvRow } from '@/domain/csv';
import type { PlanFunding } from '@/domain/plan-funding-plan';
import { fr } from '@/i18n/fr';

/** A plan row as the export reads it (its id finds its estimate). */
export type PlanCsvRow = TrainingPlanCsvRow & { id: string };

export type ExportState = { running: false } | { running: true; done: number; total: number };

/** Plans from this size show a progress bar while the file is built. */
export const EXPORT_PROGRESS_THRESHOLD = 1000;

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export function useCsvExport(now: () => Date = () => new Date()) {
  const [state, setState] = useState<ExportState>({ running: false });
  const run = useCallback(
    async (rows: readonly PlanCsvRow[], funding?: PlanFunding) => {
      setState({ running: true, done: 0, total: rows.length });
      try {
        const [{ buildPlanCsvFile }, { planCsvFunding }] = await Promise.all([
          import('../export/plan-csv-export'),
          import('../export/plan-csv-funding'),
        ]);
        const file = await buildPlanCsvFile(rows, now(), {
          onProgress: (done, total) => setState({ running: true, done, total }),
          // (issue 30 item 4) the estimate's columns and the per-year summary records
          ...(funding ? { funding: planCsvFunding(funding, rows) } : {}),
        });
        downloadBlob(file.blob, file.fileName);
      } catch {
        toast.error(fr.trainingPlan.toasts.exportError);
      } finally {
        setState({ running: false });
      }
    },
    [now],
  );
  return { state, run };
}
