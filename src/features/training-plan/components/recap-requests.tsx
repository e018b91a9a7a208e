import type { YearFunding } from '@/domain/plan-funding';
import { money, spanText } from '@/i18n/fr/plan-funding';
import { fr } from '@/i18n/fr';
import type { PlanRequestRow } from '../hooks/use-plan-rows';
import { recapCells } from '../lib/funding-cells';

const t = fr.planFunding.recap;
const f = fr.planFunding;

/** The year's requests with their estimates, and the year's totals. */
export function RecapRequests({
  year,
  rows,
}: {
  year: YearFunding;
  rows: ReadonlyMap<string, PlanRequestRow>;
}) {
  const c = t.columns;
  if (year.requests.length === 0) return <p>{t.noRequests}</p>;
  return (
    <section className="recap-section" aria-labelledby="recap-requests">
      <h2 id="recap-requests" className="recap-heading">
        {t.requests}
      </h2>
      <div className="recap-table-wrap">
        <table className="recap-table">
          <thead>
            <tr>
              <th scope="col">{c.topic}</th>
              <th scope="col">{c.employee}</th>
              <th scope="col" className="recap-num">
                {c.hours}
              </th>
              <th scope="col" className="recap-num">
                {c.cost}
              </th>
              <th scope="col" className="recap-num">
                {c.share}
              </th>
              <th scope="col" className="recap-num">
                {c.rest}
              </th>
              <th scope="col">{c.rule}</th>
            </tr>
          </thead>
          <tbody>
            {year.requests.map((e) => {
              const row = rows.get(e.id);
              const cells = recapCells(e);
              return (
                <tr key={e.id}>
                  <th scope="row">{row?.topic ?? ''}</th>
                  <td data-label={c.employee}>
                    {row?.employeeName || fr.trainingPlan.card.noEmployee}
                  </td>
                  <td className="recap-num" data-label={c.hours}>
                    {fr.trainingPlan.hours(row?.duration ?? 0)}
                  </td>
                  <td className="recap-num" data-label={c.cost}>
                    {money(e.cost)}
                  </td>
                  <td className="recap-num" data-label={c.share}>
                    {cells.share}
                  </td>
                  <td className="recap-num" data-label={c.rest}>
                    {cells.rest}
                  </td>
                  <td className="recap-rule" data-label={c.rule}>
                    {cells.rule}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t.totals}
              </th>
              <td className="recap-num" data-label={c.cost}>
                {money(year.cost)}
              </td>
              <td className="recap-num" data-label={c.share}>
                {year.share ? spanText(year.share) : f.card.notEstimable}
              </td>
              <td className="recap-num" data-label={c.rest}>
                {year.rest ? spanText(year.rest) : f.card.notEstimable}
              </td>
              <td className="recap-empty" />
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
