import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { formatLongDate, toParisDateKey } from '@/domain/dates';
import { bandLabel } from '@/domain/headcount';
import type { YearFunding } from '@/domain/plan-funding';
import { useCurrentUser } from '@/lib/auth';
import { useCurrentCompany } from '@/lib/current-company';
import { spanText } from '@/i18n/fr/plan-funding';
import { fr } from '@/i18n/fr';
import { PlanLoadBoundary } from '../components/plan-load-boundary';
import { RecapCriteria } from '../components/recap-criteria';
import { RecapRequests } from '../components/recap-requests';
import { usePlanFunding } from '../hooks/use-plan-funding';
import { usePlanRows, type PlanRequestRow } from '../hooks/use-plan-rows';
import { capBasis } from '../lib/funding-cells';
import '../components/funding-recap.css';
import FileText from 'lucide-react/icons/file-text';

const t = fr.planFunding.recap;
const yearParam = z.coerce.number().int().min(2000).max(2100);

/** The year asked in the address (?annee=2026), else this year when the plan has it, else the latest. */
function pickYear(years: readonly YearFunding[], asked: string | null, today: number) {
  const parsed = yearParam.safeParse(asked ?? undefined);
  const wanted = parsed.success ? parsed.data : today;
  return years.find((y) => y.year === wanted) ?? years[years.length - 1] ?? null;
}

/**
 * « Exporter le récapitulatif » (issue 30): a one-page funding summary of the current company's
 * plan for one year, to print or save as PDF (print stylesheet, nothing sent anywhere): the
 * company, its OPCO, the criteria applied with their sources and dates, the year's requests with
 * their estimates. Read from the local store: works offline.
 */
export function FundingRecapPage() {
  return (
    <PlanLoadBoundary title={t.title(new Date().getFullYear())}>
      <FundingRecap />
    </PlanLoadBoundary>
  );
}

function FundingRecap() {
  const user = useCurrentUser();
  const ownerId = user?.id ?? null;
  const rows = usePlanRows(ownerId);
  const funding = usePlanFunding(ownerId, rows);
  const { company } = useCurrentCompany(ownerId);
  const [params, setParams] = useSearchParams();
  const byId = useMemo(
    () => new Map<string, PlanRequestRow>((rows ?? []).map((r) => [r.id, r])),
    [rows],
  );

  if (!funding || company === undefined || funding.loading) {
    return (
      <div className="page">
        <h1 className="visually-hidden">{fr.routes.fundingRecap}</h1>
        <PageSpinner label={fr.common.loadingData} />
      </div>
    );
  }
  const today = new Date();
  const group = funding.plan.companies.find((c) => c.siret === company?.siret);
  const year = group ? pickYear(group.years, params.get('annee'), today.getFullYear()) : null;
  if (!company || !group || !year) {
    return (
      <div className="page funding-recap">
        <h1 className="page-title">{fr.routes.fundingRecap}</h1>
        <EmptyState title={t.empty} icon={FileText}>
          <Link className="btn btn-secondary btn-md" to="/training-plan">
            {t.back}
          </Link>
        </EmptyState>
      </div>
    );
  }
  const sim = company.simulation;
  const figure = year.rules.ok ? year.rules.figure : null;
  const opco = figure?.opco ?? sim.opco_name ?? null;
  return (
    <div className="page funding-recap">
      <div className="recap-actions">
        <Link className="btn btn-ghost btn-md" to="/training-plan">
          {t.back}
        </Link>
        {group.years.length > 1 ? (
          <label className="recap-year">
            {t.chooseYear}
            <select
              className="select"
              value={year.year}
              onChange={(e) => setParams({ annee: e.target.value }, { replace: true })}
            >
              {group.years.map((y) => (
                <option key={y.year} value={y.year}>
                  {y.year}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <Button onClick={() => window.print()}>{t.print}</Button>
      </div>

      <header className="recap-header">
        <h1 className="page-title">{t.title(year.year)}</h1>
        <p className="muted">{t.subtitle}</p>
      </header>

      <section className="recap-section" aria-labelledby="recap-company">
        <h2 id="recap-company" className="visually-hidden">
          {t.company}
        </h2>
        <dl className="recap-terms recap-company">
          <div>
            <dt>{t.company}</dt>
            <dd>{company.name}</dd>
          </div>
          <div>
            <dt>{t.siret}</dt>
            <dd>{company.siret}</dd>
          </div>
          <div>
            <dt>{t.idcc}</dt>
            <dd>{sim.idcc ?? fr.dashboard.company.notProvided}</dd>
          </div>
          <div>
            <dt>{t.headcount}</dt>
            <dd>{bandLabel(sim.employee_range_min, sim.employee_range_max)}</dd>
          </div>
          <div>
            <dt>{t.opco}</dt>
            <dd>{opco ?? t.opcoUnknown}</dd>
          </div>
        </dl>
      </section>

      <RecapTotals year={year} />
      <RecapCriteria year={year} />
      <RecapRequests year={year} rows={byId} />

      <footer className="recap-footer">
        <p>{fr.planFunding.basisNote}</p>
        <p>{t.generated(formatLongDate(toParisDateKey(today)))}</p>
      </footer>
    </div>
  );
}

function RecapTotals({ year }: { year: YearFunding }) {
  const items: [string, string][] = [
    [
      fr.planFunding.tiles.cap(year.year),
      year.cap
        ? `${spanText(year.cap)}${capBasis(year)}`
        : year.rules.ok
          ? fr.planFunding.tiles.noCap
          : t.notStated,
    ],
    [fr.planFunding.tiles.used, year.used ? spanText(year.used) : fr.planFunding.card.notEstimable],
    [fr.planFunding.tiles.left, year.left ? spanText(year.left) : fr.planFunding.card.notEstimable],
    [fr.planFunding.tiles.rest, year.rest ? spanText(year.rest) : fr.planFunding.card.notEstimable],
  ];
  return (
    <section className="recap-section" aria-labelledby="recap-totals">
      <h2 id="recap-totals" className="visually-hidden">
        {fr.planFunding.tiles.heading}
      </h2>
      <dl className="recap-totals">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
