import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import type { PlanFilter } from '@/domain/training';
import { planFilterFrom, TRAINING_STATUSES } from '@/domain/training-plan-rules';
import { fr } from '@/i18n/fr';

type Props = { filter: PlanFilter; onChange: (filter: PlanFilter) => void };

/** Collapsible filter panel (02 §2.15): text on employee name and topic, status select. */
export function PlanFilters({ filter, onChange }: Props) {
  const t = fr.trainingPlan.filters;
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const active = (filter.query.trim() ? 1 : 0) + (filter.status !== 'all' ? 1 : 0);
  return (
    <section className="card plan-filters">
      <button
        type="button"
        className="plan-filters-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true" className="plan-filters-chevron">
          {open ? '▾' : '▸'}
        </span>
        {active ? t.toggleActive(active) : t.toggle}
      </button>
      <div id={panelId} className="plan-filters-panel" hidden={!open}>
        <Field label={t.search}>
          {(props) => (
            <input
              {...props}
              type="search"
              className="input"
              value={filter.query}
              maxLength={200}
              onChange={(e) => onChange(planFilterFrom(e.target.value, filter.status))}
            />
          )}
        </Field>
        <Field label={t.status}>
          {(props) => (
            <select
              {...props}
              className="select"
              value={filter.status}
              onChange={(e) => onChange(planFilterFrom(filter.query, e.target.value))}
            >
              <option value="all">{t.allStatuses}</option>
              {TRAINING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {fr.statuses.trainingRequest[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {active ? (
          <Button variant="ghost" onClick={() => onChange({ query: '', status: 'all' })}>
            {t.reset}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
