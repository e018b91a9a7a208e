import type { Company } from '@/db';
import { useProfile } from '@/db';
import { fr } from '@/i18n/fr';
import { buildFormHiddenFields } from '@/domain/budget-display';
import { isDashboardBudgetKnown, type DashboardBudget } from '@/domain/dashboard-budget';
import { BudgetDetails } from './budget-details';
import { BudgetFigure } from './budget-figure';
import { BudgetSource } from './budget-source';
import { PromoBlock } from './promo-block';

type Props = {
  company: Company;
  view: DashboardBudget;
  /** the lookup is still running */
  lookupPending: boolean;
  user: { id: string; email: string };
};

/** Budget screen for regular companies (02 §2.3): the figure, the details panel, the promo block. */
export function BudgetSection({ company, view, lookupPending, user }: Props) {
  const profile = useProfile(user.id);
  const known = isDashboardBudgetKnown(view);
  const sim = company.simulation;
  const fields =
    profile === undefined
      ? null
      : buildFormHiddenFields({
          email: user.email || profile?.contact_email || '',
          idcc: sim.idcc,
          range: { min: sim.employee_range_min, max: sim.employee_range_max },
          budget: view.budget,
          phone: profile?.contact_phone ?? null,
        });
  return (
    <>
      <section
        className="card budget-card"
        aria-label={fr.dashboard.title}
        aria-busy={lookupPending || undefined}
      >
        <BudgetFigure
          budget={view.budget}
          rate={view.rate}
          comments={view.budgetInfo?.comments ?? null}
          asOf={view.asOf}
          figure={view.figure}
          unknownIdcc={view.unknownIdcc ? sim.idcc : null}
        />
        <BudgetSource provenance={view.provenance} figure={view.figure} />
        <BudgetDetails
          budgetInfo={view.budgetInfo}
          rate={view.rate}
          loading={lookupPending}
          provenance={view.provenance}
          figure={view.figure}
        />
      </section>
      {known ? <PromoBlock company={company} fields={fields} /> : null}
    </>
  );
}
