import { Button } from '@/components/ui/button';
import type { PlanFunding } from '@/domain/plan-funding-plan';
import { fr } from '@/i18n/fr';
import { EXPORT_PROGRESS_THRESHOLD, useCsvExport, type PlanCsvRow } from '../hooks/use-csv-export';

type Props = {
  rows: readonly PlanCsvRow[] | undefined;
  now?: () => Date;
  /** (issue 30) the estimate, for the funding columns (absent while the criteria load) */
  funding?: PlanFunding | undefined;
};

/** 'Exporter en CSV', with a progress bar for large plans (02 §2.15). */
export function ExportCsvButton({ rows, now, funding }: Props) {
  const t = fr.trainingPlan;
  const { state, run } = useCsvExport(now);
  const percent =
    state.running && state.total > 0 ? Math.round((state.done / state.total) * 100) : 0;
  return (
    <div className="plan-export">
      <Button
        variant="secondary"
        loading={state.running}
        disabled={!rows || rows.length === 0}
        onClick={() => rows && void run(rows, funding)}
      >
        {state.running ? t.exporting : t.exportCsv}
      </Button>
      {state.running && state.total >= EXPORT_PROGRESS_THRESHOLD ? (
        <div className="plan-export-progress" role="status">
          <progress max={100} value={percent} aria-label={t.exportProgressLabel} />
          <span>{t.exportProgress(percent)}</span>
        </div>
      ) : null}
    </div>
  );
}
