import type { ReactNode } from 'react';
import { fr } from '@/i18n/fr';
import { config } from '@/lib/config';
import type { Budget } from '@/domain/budget';
import { isEmptyValue } from '@/domain/budget';
import type { BudgetFigure as Figure } from '@/domain/budget-figure';
import { buildFigureView } from '@/domain/budget-figure-display';
import { buildBudgetView, showCoverageLine } from '@/domain/budget-display';
import { formatLongDate } from '@/domain/dates';
import { ExternalLink } from './external-link';
import { FigureHeadlineBadges, FigureLines, From50Rule, UnknownIdcc } from './figure-view';

type Props = {
  budget: Budget;
  rate: number;
  /** comments of the financing conditions ('not communicated' case) */
  comments: string | null;
  /** ISO instant of a figure not fresh from the network */
  asOf: string | null;
  /** the answer's figure (issue 27): shown instead of the record when present */
  figure?: Figure | null;
  /** the company's IDCC when the budget API does not know it (issue 27) */
  unknownIdcc?: string | null;
};

/**
 * The budget figure (02 §4): the answer's figure when it has one (issue 27: its basis, its
 * criteria's year, reliability and age, a dispute as a range, legal + conventional, the rule from
 * 50 employees), else the exact wording per type of the budget record; the coverage line and the
 * 'as of' date of a figure from the cache.
 */
export function BudgetFigure({ budget, rate, comments, asOf, figure, unknownIdcc }: Props) {
  const today = new Date().toISOString().slice(0, 10);
  const view = figure ? buildFigureView(figure, today) : null;
  const footer = (
    <>
      {showCoverageLine(rate, budget.budgetType) ? (
        <p className="budget-coverage">{fr.dashboard.budget.coverageRate(rate)}</p>
      ) : null}
      {asOf ? (
        <p className="budget-as-of">{fr.dashboard.budget.asOf(formatLongDate(asOf))}</p>
      ) : null}
    </>
  );
  if (unknownIdcc)
    return (
      <div className="budget-figure" data-testid="budget-figure">
        <UnknownIdcc idcc={unknownIdcc} />
      </div>
    );
  if (view?.kind === 'amounts')
    return (
      <div className="budget-figure" data-testid="budget-figure" data-figure="amounts">
        <FigureHeadlineBadges headline={view.headline} />
        <FigureLines lines={view.lines} />
        {view.from50 ? <p className="budget-comments">{fr.dashboard.figure.from50Figure}</p> : null}
        {footer}
      </div>
    );
  if (view?.kind === 'from50')
    return (
      <div className="budget-figure" data-testid="budget-figure" data-figure="from50">
        <From50Rule />
        {footer}
      </div>
    );
  return <RecordFigure budget={budget} comments={comments} footer={footer} />;
}

/** The budget record's wording per type (02 §4), for answers without a figure. */
function RecordFigure({
  budget,
  comments,
  footer,
}: {
  budget: Budget;
  comments: string | null;
  footer: ReactNode;
}) {
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
      {footer}
    </div>
  );
}
