import type { PlanFunding } from '@/domain/plan-funding-plan';
import type { Span } from '@/domain/plan-funding-terms';
import type { PlanAggregates } from '@/domain/training';
import { spanText } from '@/i18n/fr/plan-funding';
import { fr } from '@/i18n/fr';

type Props = {
  aggregates: PlanAggregates;
  /** (issue 30) the estimate; undefined while the criteria load */
  funding?: PlanFunding | undefined;
};

const coverageText = (span: Span) =>
  span.min === span.max
    ? fr.trainingPlan.percent(span.min)
    : `${fr.trainingPlan.percent(span.min)} à ${fr.trainingPlan.percent(span.max)}`;

/** The average coverage and the reste à charge come from the estimate, never from a default. */
function fundingTexts(funding: PlanFunding | undefined) {
  const f = fr.planFunding;
  if (!funding) return { coverage: f.card.loading, rest: f.tiles.restLine(f.card.loading) };
  return {
    coverage: funding.averageCoverage
      ? coverageText(funding.averageCoverage)
      : f.tiles.coverageUnknown,
    rest: !funding.partial
      ? f.tiles.restLine(spanText(funding.rest))
      : funding.estimated > 0
        ? f.tiles.restPartial(spanText(funding.rest))
        : f.tiles.restUnknown,
  };
}

/**
 * The four summary tiles (02 §2.15): count, hours, average coverage (1 decimal), budget and
 * remaining cost; coverage and remaining cost from the OPCO estimate (issue 30).
 */
export function PlanSummaryTiles({ aggregates, funding }: Props) {
  const t = fr.trainingPlan;
  const texts = fundingTexts(funding);
  const tiles = [
    { key: 'count', label: t.tiles.count, value: String(aggregates.count) },
    { key: 'hours', label: t.tiles.totalHours, value: t.hours(aggregates.totalHours) },
    {
      key: 'coverage',
      label: t.tiles.averageCoverage,
      value: texts.coverage,
    },
    {
      key: 'budget',
      label: t.tiles.totalBudget,
      value: t.euros(aggregates.totalBudget),
      extra: texts.rest,
    },
  ];
  return (
    <section className="plan-tiles" aria-labelledby="plan-tiles-heading">
      <h2 id="plan-tiles-heading" className="visually-hidden">
        {t.tiles.heading}
      </h2>
      <ul className="plan-tiles-list">
        {tiles.map((tile) => (
          <li key={tile.key} className="card plan-tile" data-testid={`plan-tile-${tile.key}`}>
            <p className="plan-tile-label">{tile.label}</p>
            <p className="plan-tile-value">{tile.value}</p>
            {tile.extra ? <p className="plan-tile-extra">{tile.extra}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
