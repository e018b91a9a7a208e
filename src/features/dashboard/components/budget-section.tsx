import type { Company } from '@/db';
import { useOpcoConfirmations, useProfile } from '@/db';
import { fr } from '@/i18n/fr';
import { buildBudgetView, buildFormHiddenFields } from '@/domain/budget-display';
import { isDashboardBudgetKnown, type DashboardBudget } from '@/domain/dashboard-budget';
import { latestConfirmation } from '@/domain/opco-confirmation';
import { BudgetDetails } from './budget-details';
import { BudgetFigure } from './budget-figure';
import { BudgetSource } from './budget-source';
import { ConfirmedAmount } from './confirmed-amount';
import { OpcoActions } from './opco-actions';
import { PromoBlock } from './promo-block';

type Props = {
  company: Company;
  view: DashboardBudget;
  /** the lookup is still running */
  lookupPending: boolean;
  user: { id: string; email: string };
};

/**
 * Budget screen for regular companies (02 §2.3): the amount the OPCO confirmed when the user
 * recorded one (issue 27 item 7), before the published figure (kept beneath, for comparison); the
 * figure and its source; the two OPCO actions; the details panel; and the advisor card (the promo
 * block), also when no figure is known, when help is needed most (issue 29 item 7).
 */
export function BudgetSection({ company, view, lookupPending, user }: Props) {
  const profile = useProfile(user.id);
  const confirmations = useOpcoConfirmations(user.id);
  const confirmed = latestConfirmation(confirmations ?? [], company.siret);
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
  // An answer cached before the figure existed, with nothing published: the figure already prints
  // the lookup's sentence (its comments, 02 §4); the source then keeps only its link to the OPCO's
  // criteria, so the sentence is printed once. (With a figure, the source says it once itself.)
  const shown = buildBudgetView(view.budget, view.budgetInfo?.comments);
  const sourceCompact =
    !view.figure &&
    view.provenance?.kind === 'unavailable' &&
    shown.kind === 'notCommunicated' &&
    shown.comments !== null;
  return (
    <>
      <section
        className="card budget-card"
        aria-label={fr.dashboard.title}
        aria-busy={lookupPending || undefined}
      >
        {confirmed ? (
          <>
            <ConfirmedAmount confirmation={confirmed} userId={user.id} />
            <p className="budget-published-label">{fr.opcoConfirmation.confirmed.published}</p>
          </>
        ) : null}
        <BudgetFigure
          budget={view.budget}
          rate={view.rate}
          comments={view.budgetInfo?.comments ?? null}
          asOf={view.asOf}
          figure={view.figure}
          unknownIdcc={view.unknownIdcc ? sim.idcc : null}
        />
        <BudgetSource provenance={view.provenance} figure={view.figure} compact={sourceCompact} />
        <OpcoActions
          company={company}
          view={view}
          known={known}
          userId={user.id}
          sender={profile?.contact_name?.trim() || null}
        />
        <BudgetDetails
          budgetInfo={view.budgetInfo}
          rate={view.rate}
          loading={lookupPending}
          provenance={view.provenance}
          figure={view.figure}
        />
      </section>
      <PromoBlock company={company} fields={fields} />
    </>
  );
}
