import { fr } from '@/i18n/fr';
import { config } from '@/lib/config';
import type { Budget } from '@/domain/budget';
import { isEmptyValue } from '@/domain/budget';
import { buildBudgetView, showCoverageLine } from '@/domain/budget-display';
import { formatLongDate } from '@/domain/dates';
import { ExternalLink } from './external-link';

type Props = {
  budget: Budget;
  rate: number;
  /** comments of the financing conditions ('not communicated' case) */
  comments: string | null;
  /** ISO instant of a figure not fresh from the network */
  asOf: string | null;
};

/** The budget figure with the exact wording per type (02 §4), coverage line and 'as of' date. */
export function BudgetFigure({ budget, rate, comments, asOf }: Props) {
  const t = fr.dashboard.budget;
  const view = buildBudgetView(budget, comments);
  const condition = budget.condition.trim();
  return (
    <div className="budget-figure" data-testid="budget-figure">
      {view.kind === 'notCommunicated' ? (
        <>
          <p className="budget-text">{view.text}</p>
          {view.comments ? <p className="budget-comments">{view.comments}</p> : null}
        </>
      ) : null}
      {view.kind === 'unlimited' ? <p className="budget-amount">{view.text}</p> : null}
      {view.kind === 'amounts'
        ? view.lines.map((line) => (
            <p key={`${line.prefix}${line.label}`} className="budget-line">
              <span className="budget-line-label">
                {line.prefix ? `${line.prefix} ` : ''}
                {line.label.trimEnd()}
              </span>{' '}
              <span className={line.large ? 'budget-amount budget-amount-small' : 'budget-amount'}>
                {line.amountText}
              </span>
            </p>
          ))
        : null}
      {view.kind === 'oups' ? (
        <div className="budget-oups">
          <p className="budget-text">{view.text}</p>
          <p>{view.promise}</p>
          <ExternalLink
            href={config.contactUrl}
            className="btn btn-secondary btn-md"
            action="budget_contact"
          >
            {t.oupsContact}
          </ExternalLink>
        </div>
      ) : null}
      {view.kind === 'amounts' && condition !== '' && !isEmptyValue(condition) ? (
        <p className="budget-condition">
          {t.conditionLabel}
          {' : '}
          {condition}
        </p>
      ) : null}
      {showCoverageLine(rate, budget.budgetType) ? (
        <p className="budget-coverage">{t.coverageRate(rate)}</p>
      ) : null}
      {asOf ? <p className="budget-as-of">{t.asOf(formatLongDate(asOf))}</p> : null}
    </div>
  );
}
