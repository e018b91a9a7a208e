import { memo, useId } from 'react';
import { Badge } from '@/components/ui/badge';
import type { RowSyncState } from '@/db';
import { usePendingNotice } from '@/hooks/use-after-grace';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { formatLongDate } from '@/domain/dates';
import {
  businessImpactLabel,
  departmentLabel,
  trainingStatusLabel,
  type TrainingRequestStatus,
} from '@/domain/labels';
import { formatLabel, isPlaceholderEmployee } from '@/domain/training';
import { TRAINING_STATUSES } from '@/domain/training-plan-rules';
import { fr } from '@/i18n/fr';
import type { PlanRequestRow } from '../hooks/use-plan-rows';

type Props = {
  row: PlanRequestRow;
  /** the row's sync state (the list reads the whole table's at once) */
  syncState: RowSyncState;
  onEdit: (row: PlanRequestRow) => void;
  onDelete: (row: PlanRequestRow) => void;
  onStatusChange: (row: PlanRequestRow, status: TrainingRequestStatus) => void;
};

/** « En attente de synchronisation », after the grace period (not flashed online). */
function PendingBadge() {
  const show = usePendingNotice(true, useOnlineStatus());
  return show ? <Badge tone="warning">{fr.trainingPlan.card.syncPending}</Badge> : null;
}

/** Meta lines of a card: label and value (a value not filled says so). */
function cardMeta(row: PlanRequestRow) {
  const t = fr.trainingPlan.card;
  const employee = row.employee;
  const department =
    employee && !isPlaceholderEmployee(employee) ? departmentLabel(employee.department) : null;
  return [
    { key: 'department', label: t.department, value: department },
    { key: 'format', label: t.format, value: formatLabel(row.format) },
    { key: 'duration', label: t.duration, value: fr.trainingPlan.hours(row.duration) },
    { key: 'cost', label: t.cost, value: fr.trainingPlan.euros(row.cost) },
    { key: 'funding', label: t.funding, value: row.funding_type || null },
    { key: 'coverage', label: t.coverage, value: `${row.coverage_rate} %` },
    { key: 'remaining', label: t.remaining, value: fr.trainingPlan.euros(row.remaining_cost) },
    {
      key: 'impact',
      label: t.impact,
      value: row.business_impact ? businessImpactLabel(row.business_impact) : null,
    },
    { key: 'org', label: t.organisation, value: row.training_organization || null },
  ];
}

/**
 * One training request of the plan: topic, employee, status (changeable: the five statuses, synced
 * like any edit), amounts, and its two actions, always shown (keyboard and touch): « Modifier »
 * opens every field, « Supprimer » asks first. No live query of its own: the list passes the
 * row's sync state, so that every card of a long plan can be in the page (find in page, print).
 */
export const TrainingRequestCard = memo(function TrainingRequestCard({
  row,
  syncState,
  onEdit,
  onDelete,
  onStatusChange,
}: Props) {
  const t = fr.trainingPlan.card;
  const titleId = useId();
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
        <div className="plan-card-actions">
          <button
            type="button"
            className="btn btn-secondary btn-sm plan-card-edit"
            aria-label={t.editLabel(row.topic)}
            aria-haspopup="dialog"
            onClick={() => onEdit(row)}
          >
            {t.edit}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm plan-card-delete"
            aria-label={t.deleteLabel(row.topic)}
            aria-haspopup="dialog"
            onClick={() => onDelete(row)}
          >
            {t.delete}
          </button>
        </div>
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
        {/* What a printed plan shows instead of the select. */}
        <p className="plan-card-status-print">
          {t.status}
          {' : '}
          {trainingStatusLabel(row.status)}
        </p>
        {syncState === 'pending' ? <PendingBadge /> : null}
        {syncState === 'conflict' || syncState === 'refused' ? (
          <Badge tone="danger">{t.syncIssue}</Badge>
        ) : null}
      </div>
      {row.pedagogical_objectives ? (
        <p className="plan-card-objectives">{row.pedagogical_objectives}</p>
      ) : null}
      <dl className="plan-card-meta">
        {cardMeta(row).map((m) => (
          <div key={m.key}>
            <dt>{m.label}</dt>
            <dd className={m.value === null ? 'plan-card-unset' : undefined}>
              {m.value ?? t.notFilled}
            </dd>
          </div>
        ))}
      </dl>
      <p className="plan-card-date muted">{t.createdOn(formatLongDate(row.created_at))}</p>
    </article>
  );
});
