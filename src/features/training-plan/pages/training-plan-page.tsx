import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { PageSpinner } from '@/components/ui/spinner';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Button } from '@/components/ui/button';
import { useRepositories, useTableSyncStates } from '@/db';
import type { TrainingRequestStatus } from '@/domain/labels';
import { filterPlanRows, memoSearchText, planAggregates, type PlanFilter } from '@/domain/training';
import { isPlanFiltered } from '@/domain/training-plan-rules';
import { useCurrentUser } from '@/lib/auth';
import { fr } from '@/i18n/fr';
import { usePlanRows, type PlanRequestRow } from '../hooks/use-plan-rows';
import { ExportCsvButton } from '../components/export-csv-button';
import { PlanActions, PlanMoreCards } from '../components/plan-links';
import { PlanFilters } from '../components/plan-filters';
import { PlanLoadBoundary } from '../components/plan-load-boundary';
import { PlanSummaryTiles } from '../components/plan-summary-tiles';
import { PlanCapTiles } from '../components/plan-cap-tiles';
import { RecapLink } from '../components/recap-link';
import { usePlanFunding } from '../hooks/use-plan-funding';
import { TrainingEditDialog } from '../components/training-edit-dialog';
import { TrainingRequestList } from '../components/training-request-list';
import '@/components/funding.css';
import '../training-plan.css';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import SearchX from 'lucide-react/icons/search-x';

/**
 * /training-plan (02 §2.15). Everything reads and writes IndexedDB: the plan opens, changes and
 * exports offline; the sync engine replicates status changes and deletions.
 */
export function TrainingPlanPage() {
  return (
    <PlanLoadBoundary title={fr.trainingPlan.title}>
      <TrainingPlanContent />
    </PlanLoadBoundary>
  );
}

function TrainingPlanContent() {
  const t = fr.trainingPlan;
  const user = useCurrentUser();
  const ownerId = user?.id ?? null;
  const repos = useRepositories();
  const rows = usePlanRows(ownerId);
  const [filter, setFilter] = useState<PlanFilter>({ query: '', status: 'all' });
  const deferredFilter = useDeferredValue(filter);
  const syncStates = useTableSyncStates('training_requests');
  const [toDelete, setToDelete] = useState<PlanRequestRow | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const onEdit = useCallback((row: PlanRequestRow) => setEditingId(row.id), []);
  const [deleting, setDeleting] = useState(false);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const focusListAfterClose = useRef(false);

  // After a deletion the card is gone: keyboard focus goes to the list's heading. In an effect of
  // the commit that closes the confirmation, so that it comes after the dialog gives the focus back
  // to its opener (the deleted card's button, about to leave the page).
  useEffect(() => {
    if (toDelete !== null || !focusListAfterClose.current) return;
    focusListAfterClose.current = false;
    listHeadingRef.current?.focus();
  }, [toDelete]);

  const aggregates = useMemo(() => planAggregates(rows ?? []), [rows]);
  const funding = usePlanFunding(ownerId, rows);
  const onUseEstimate = useCallback(
    (row: PlanRequestRow) => {
      if (!ownerId) return;
      repos
        .updateTrainingRequest(ownerId, row.id, { coverage_override: false })
        .then(() => toast.success(fr.planFunding.rateDialog.cleared))
        .catch(() => toast.error(fr.planFunding.rateDialog.error));
    },
    [ownerId, repos],
  );
  // Each row's search text is folded once per read of the plan, not at every keystroke.
  const searchText = useMemo(() => (rows ? memoSearchText<PlanRequestRow>() : null), [rows]);
  const shown = useMemo(
    () => (rows && searchText ? filterPlanRows(rows, deferredFilter, searchText) : []),
    [rows, deferredFilter, searchText],
  );

  const onStatusChange = useCallback(
    (row: PlanRequestRow, status: TrainingRequestStatus) => {
      if (!ownerId) return;
      repos
        .setTrainingRequestStatus(ownerId, row.id, status)
        .catch(() => toast.error(t.toasts.statusError));
    },
    [ownerId, repos, t],
  );

  const confirmDelete = async () => {
    if (!ownerId || !toDelete) return;
    setDeleting(true);
    try {
      await repos.deleteTrainingRequest(ownerId, toDelete.id);
      toast.success(t.toasts.deleted);
      focusListAfterClose.current = true;
      setToDelete(null);
    } catch {
      toast.error(t.toasts.deleteError);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="page training-plan">
      <div className="page-header">
        <div>
          <h1 className="page-title">{t.title}</h1>
          <p className="muted plan-subtitle">{t.subtitle}</p>
        </div>
        <div className="row plan-header-actions">
          <ExportCsvButton
            rows={rows}
            funding={funding && !funding.loading ? funding.plan : undefined}
          />
          {rows && rows.length > 0 ? (
            <Button variant="secondary" onClick={() => window.print()}>
              {t.print}
            </Button>
          ) : null}
          {rows && rows.length > 0 ? <RecapLink /> : null}
          <PlanActions />
        </div>
      </div>

      {rows === undefined ? (
        <PageSpinner label={fr.common.loadingData} />
      ) : rows.length === 0 ? (
        <EmptyState title={t.empty.title} icon={GraduationCap}>
          <p className="muted">{t.empty.text}</p>
          <div className="row plan-empty-actions">
            <PlanActions />
          </div>
        </EmptyState>
      ) : (
        <div className="stack">
          <PlanSummaryTiles
            aggregates={aggregates}
            funding={funding && !funding.loading ? funding.plan : undefined}
          />
          {funding && !funding.loading ? <PlanCapTiles companies={funding.plan.companies} /> : null}
          <PlanFilters filter={filter} onChange={setFilter} />
          <section aria-labelledby="plan-list-heading" className="plan-list-section">
            <div className="plan-list-header">
              <h2
                id="plan-list-heading"
                ref={listHeadingRef}
                tabIndex={-1}
                className="plan-section-title"
              >
                {t.list.heading}
              </h2>
              <p className="muted" role="status">
                {t.list.count(shown.length, rows.length)}
              </p>
            </div>
            {shown.length === 0 ? (
              <EmptyState title={t.list.noMatch} icon={SearchX}>
                {isPlanFiltered(filter) ? (
                  <Button
                    variant="secondary"
                    onClick={() => setFilter({ query: '', status: 'all' })}
                  >
                    {t.filters.reset}
                  </Button>
                ) : null}
              </EmptyState>
            ) : null}
            {/* Kept when nothing matches: its cards stay rendered for the next keystroke. */}
            <TrainingRequestList
              all={rows}
              rows={shown}
              syncStates={syncStates}
              onEdit={onEdit}
              onDelete={setToDelete}
              onStatusChange={onStatusChange}
              estimates={funding?.plan?.byRequest}
              onUseEstimate={onUseEstimate}
            />
          </section>
        </div>
      )}

      <PlanMoreCards userId={ownerId} />

      {editingId && ownerId ? (
        <TrainingEditDialog
          ownerId={ownerId}
          requestId={editingId}
          row={rows?.find((r) => r.id === editingId) ?? null}
          onClose={() => setEditingId(null)}
        />
      ) : null}

      <ConfirmDialog
        open={toDelete !== null}
        title={t.deleteDialog.title}
        message={toDelete ? t.deleteDialog.text(toDelete.topic) : ''}
        confirmLabel={t.deleteDialog.confirm}
        cancelLabel={t.deleteDialog.cancel}
        danger
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
