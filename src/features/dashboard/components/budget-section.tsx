import type { Company } from '@/db';
import { useProfile } from '@/db';
import { fr } from '@/i18n/fr';
import { buildFormHiddenFields, isBudgetKnown } from '@/domain/budget-display';
import type { DashboardBudget } from '@/domain/dashboard-budget';
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
  const known = isBudgetKnown(view.budget);
  const sim = company.simulation;
  // Only once the lookup has answered: the hidden budget field would change with it, and the
  // embedded form would load a second time.
  const fields =
    profile === undefined || lookupPending
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
        />
        <BudgetSource provenance={view.provenance} />
        <BudgetDetails
          budgetInfo={view.budgetInfo}
          rate={view.rate}
          loading={lookupPending}
          provenance={view.provenance}
        />
      </section>
      {known ? <PromoBlock company={company} fields={fields} /> : null}
    </>
  );
}
