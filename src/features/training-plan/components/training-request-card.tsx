import { memo, useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { useRowSyncState } from '@/db';
import { usePendingNotice } from '@/hooks/use-after-grace';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { formatLongDate } from '@/domain/dates';
import { businessImpactLabel, type TrainingRequestStatus } from '@/domain/labels';
import { formatLabel } from '@/domain/training';
import { TRAINING_STATUSES } from '@/domain/training-plan-rules';
import { fr } from '@/i18n/fr';
import type { PlanRequestRow } from '../hooks/use-plan-rows';

type Props = {
  row: PlanRequestRow;
  onDelete: (row: PlanRequestRow) => void;
  onStatusChange: (row: PlanRequestRow, status: TrainingRequestStatus) => void;
};

/**
 * One training request of the plan: topic, employee, status (changeable: the five statuses, synced
 * like any edit), amounts, and a delete button shown on hover and on keyboard focus.
 */
export const TrainingRequestCard = memo(function TrainingRequestCard({
  row,
  onDelete,
  onStatusChange,
}: Props) {
  const t = fr.trainingPlan.card;
  const titleId = useId();
  const sync = useRowSyncState('training_requests', row.id);
  // Online, a new or changed request is usually on the server within a second: no flash.
  const showPending = usePendingNotice(sync === 'pending', useOnlineStatus());
  const meta = [
    { key: 'format', label: t.format, value: formatLabel(row.format) },
    { key: 'duration', label: t.duration, value: fr.trainingPlan.hours(row.duration) },
    { key: 'cost', label: t.cost, value: fr.trainingPlan.euros(row.cost) },
    { key: 'coverage', label: t.coverage, value: `${row.coverage_rate} %` },
    { key: 'remaining', label: t.remaining, value: fr.trainingPlan.euros(row.remaining_cost) },
    { key: 'impact', label: t.impact, value: businessImpactLabel(row.business_impact) },
    ...(row.training_organization
      ? [{ key: 'org', label: t.organisation, value: row.training_organization }]
      : []),
  ];
  return (
    <article className="card plan-card" aria-labelledby={titleId} data-testid="plan-card">
      <div className="plan-card-head">
        <div className="plan-card-heading">
          <h3 id={titleId} className="plan-card-title">
            {row.topic}
          </h3>
          <p className="plan-card-employee muted">
            {t.employee}
            {' : '}
            {row.employeeName || t.noEmployee}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-sm plan-card-delete"
          aria-label={t.deleteLabel(row.topic)}
          onClick={() => onDelete(row)}
        >
          {t.delete}
        </button>
      </div>
      <div className="plan-card-status">
        <select
          className="select plan-card-status-select"
          aria-label={t.statusLabel(row.topic)}
          value={row.status}
          onChange={(e) => {
            const next = TRAINING_STATUSES.find((s) => s === e.target.value);
            if (next && next !== row.status) onStatusChange(row, next);
          }}
        >
          {TRAINING_STATUSES.map((s) => (
            <option key={s} value={s}>
              {fr.statuses.trainingRequest[s]}
            </option>
          ))}
        </select>
        {showPending ? <Badge tone="warning">{t.syncPending}</Badge> : null}
        {sync === 'conflict' || sync === 'refused' ? (
          <Badge tone="danger">{t.syncIssue}</Badge>
        ) : null}
      </div>
      {row.pedagogical_objectives ? (
        <p className="plan-card-objectives">{row.pedagogical_objectives}</p>
      ) : null}
      <dl className="plan-card-meta">
        {meta.map((m) => (
          <div key={m.key}>
            <dt>{m.label}</dt>
            <dd>{m.value}</dd>
          </div>
        ))}
      </dl>
      <p className="plan-card-date muted">{t.createdOn(formatLongDate(row.created_at))}</p>
    </article>
  );
});
