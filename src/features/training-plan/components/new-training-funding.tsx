import { PlanFundingLine } from '@/components/funding-lines';
import type { Company } from '@/db';
import { canSaveTrainingRequest } from '@/domain/schemas/training';
import { useFundingEstimator } from '@/lib/funding-estimator';
import { fr } from '@/i18n/fr';

type Props = {
  ownerId: string | null;
  company: Company | null | undefined;
  duration: string;
  budget: string;
};

/**
 * The OPCO's estimated share of the request being typed (issue 30 item 3), updated as the
 * duration and the budget change: what this company's criteria give, after the plan's requests
 * of this year.
 */
export function NewTrainingFunding({ ownerId, company, duration, budget }: Props) {
  const t = fr.planFunding.preview;
  const estimate = useFundingEstimator(ownerId, company);
  if (!company) return null;
  const ready = canSaveTrainingRequest(duration, budget);
  const amount = (text: string) => Number(text.replace(/\s+/g, '').replace(',', '.'));
  const result = ready ? estimate({ costEur: amount(budget), hours: amount(duration) }) : null;
  return (
    <section className="funding-preview" aria-label={t.forCompany(company.name)}>
      {ready ? (
        <>
          <PlanFundingLine
            topic=""
            estimate={result ?? undefined}
            label={t.forCompany(company.name)}
          />
          <p className="muted funding-preview-note">{t.afterPlan}</p>
        </>
      ) : (
        <p className="muted">{t.needAmounts}</p>
      )}
    </section>
  );
}
