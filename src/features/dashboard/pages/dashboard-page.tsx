import { useState } from 'react';
import { fr } from '@/i18n/fr';
import { useCurrentUser } from '@/lib/auth';
import { useCurrentCompany } from '@/lib/current-company';
import { PageSpinner } from '@/components/ui/spinner';
import { BookingModal } from '@/components/booking/booking-modal';
import { isAutoEntrepreneurRange } from '@/domain/headcount';
import { resolveDashboardBudget } from '@/domain/dashboard-budget';
import { useBudgetLookup } from '../hooks/use-budget-lookup';
import { useDashboardNavigation } from '../hooks/use-dashboard-navigation';
import { AutoEntrepreneurBudget } from '../components/auto-entrepreneur-budget';
import { BudgetSection } from '../components/budget-section';
import { CompanyCard } from '../components/company-card';
import { NoCompany } from '../components/no-company';
import { OpcoCard } from '../components/opco-card';
import { TrainingCarousel, type StaticTraining } from '../components/training-carousel';
import '../dashboard.css';

/**
 * /dashboard (02 §2.3): everything reads the local store, so it opens offline after the first
 * visit. The budget lookup only enriches the card (units, financing conditions, fresher figure).
 */
export function DashboardPage() {
  const t = fr.dashboard;
  const user = useCurrentUser();
  const { companies, company: current, select } = useCurrentCompany(user?.id);
  const navigation = useDashboardNavigation(select);
  const [training, setTraining] = useState<StaticTraining | null>(null);

  // A navigation asking for a siret wins at once (the store follows in an effect).
  const company = companies?.find((c) => c.siret === navigation.siret) ?? current;
  const sim = company?.simulation;
  const range = sim ? { min: sim.employee_range_min, max: sim.employee_range_max } : null;
  const autoEntrepreneur = isAutoEntrepreneurRange(range);
  const lookup = useBudgetLookup(
    sim && range && sim.idcc && !autoEntrepreneur ? { idcc: sim.idcc, ...range } : null,
    navigation.refreshKey,
  );

  if (!user || company === undefined) {
    return (
      <div className="page">
        <h1 className="visually-hidden">{t.title}</h1>
        <PageSpinner label={t.loading} />
      </div>
    );
  }

  if (company === null || !sim) {
    return (
      <div className="page">
        <h1 className="page-title">{t.title}</h1>
        <NoCompany />
      </div>
    );
  }

  const view = resolveDashboardBudget(sim, lookup);
  return (
    <div className="page dashboard">
      <h1 className="page-title dashboard-title">
        {autoEntrepreneur ? t.autoEntrepreneur.title : t.budget.heading}
      </h1>
      <div className="dashboard-grid">
        <div className="dashboard-main stack">
          {autoEntrepreneur ? (
            <AutoEntrepreneurBudget />
          ) : (
            <BudgetSection
              company={company}
              view={view}
              lookupPending={lookup === undefined}
              user={{ id: user.id, email: user.email }}
            />
          )}
        </div>
        <div className="dashboard-side stack">
          <CompanyCard company={company} />
          {autoEntrepreneur ? null : <OpcoCard opcoName={view.opcoName} />}
        </div>
      </div>
      <TrainingCarousel onOpen={setTraining} />
      <BookingModal
        open={training !== null}
        onClose={() => setTraining(null)}
        training={
          training
            ? { title: training.title, category: training.category, duration: training.duration }
            : null
        }
      />
    </div>
  );
}
