import type { PlanAggregates } from '@/domain/training';
import { fr } from '@/i18n/fr';

/** The four summary tiles (02 §2.15): count, hours, average coverage (1 decimal), budget and remaining cost. */
export function PlanSummaryTiles({ aggregates }: { aggregates: PlanAggregates }) {
  const t = fr.trainingPlan;
  const tiles = [
    { key: 'count', label: t.tiles.count, value: String(aggregates.count) },
    { key: 'hours', label: t.tiles.totalHours, value: t.hours(aggregates.totalHours) },
    {
      key: 'coverage',
      label: t.tiles.averageCoverage,
      value: t.percent(aggregates.averageCoverage),
    },
    {
      key: 'budget',
      label: t.tiles.totalBudget,
      value: t.euros(aggregates.totalBudget),
      extra: t.tiles.remainingLine(t.euros(aggregates.remainingCost)),
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
