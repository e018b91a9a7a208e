import { useId, useState } from 'react';
import { fr } from '@/i18n/fr';
import type { BudgetInfoRecord } from '@/domain/budget';
import type { BudgetProvenance } from '@/domain/budget-contract';
import type { BudgetFigure } from '@/domain/budget-figure';
import { salaryOf } from '@/domain/budget-figure-display';
import { buildBudgetDetails } from '@/domain/budget-display';
import { BudgetSource } from './budget-source';

type Props = {
  budgetInfo: BudgetInfoRecord | null;
  rate: number;
  /** the lookup is still running */
  loading: boolean;
  /** where the figure comes from (issue 15) */
  provenance?: BudgetProvenance | null;
  /** the answer's figure (issue 27): its sources and their words, salaries « non publié » */
  figure?: BudgetFigure | null;
};

/** 'En savoir plus sur les conditions de financements': a disclosure with the panel rows (02 §4). */
export function BudgetDetails({
  budgetInfo,
  rate,
  loading,
  provenance = null,
  figure = null,
}: Props) {
  const t = fr.dashboard.budget;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // Salaries the source does not publish (or sources that disagree) read « non publié » (issue 27).
  const unpublished = figure !== null && salaryOf(figure) === 'unknown';
  const rows = (budgetInfo ? buildBudgetDetails(budgetInfo, rate) : []).map((row) =>
    row.key === 'wages' && unpublished
      ? { ...row, value: t.wagesUnpublished, conditions: null }
      : row,
  );
  return (
    <div className="budget-details">
      <button
        type="button"
        className="budget-details-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <span>{t.detailsToggle}</span>
        <span aria-hidden="true" className="budget-details-chevron">
          {open ? '▴' : '▾'}
        </span>
      </button>
      <div id={panelId} hidden={!open} className="budget-details-panel">
        {rows.length > 0 ? (
          <dl className="budget-details-list">
            {rows.map((row) => (
              <div key={row.key} className="budget-details-row" data-key={row.key}>
                <dt>{row.label}</dt>
                <dd>
                  {row.value}
                  {row.conditions ? (
                    <span className="budget-details-conditions">{row.conditions}</span>
                  ) : null}
                </dd>
              </div>
            ))}
            {provenance || figure ? (
              <div className="budget-details-row" data-key="source">
                <dt>{t.source}</dt>
                <dd>
                  <BudgetSource provenance={provenance} figure={figure} compact />
                </dd>
              </div>
            ) : null}
          </dl>
        ) : (
          <p className="muted" role="status">
            {loading ? t.detailsLoading : t.detailsUnavailable}
          </p>
        )}
      </div>
    </div>
  );
}
