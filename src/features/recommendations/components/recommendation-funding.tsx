import { PlanFundingLine } from '@/components/funding-lines';
import type { TrainingRecommendation } from '@/domain/contracts';
import type { RequestEstimate } from '@/domain/plan-funding';
import { priceBasis } from '@/domain/plan-funding-plan';
import { parseDurationText, parsePriceText } from '@/domain/training';
import type { Candidate } from '@/lib/funding-estimator';
import { fr } from '@/i18n/fr';

type Props = {
  recommendation: TrainingRecommendation;
  companyName: string;
  estimate: (candidate: Candidate) => RequestEstimate | null | undefined;
};

/**
 * Beside a recommendation's « 100% financé » (the documents' wording, kept): what this company's
 * OPCO criteria give for it, after the plan's requests of this year (issue 30 item 3); « non
 * estimable » with the reason where they give nothing, never a reste à charge of 0 € by default.
 */
export function RecommendationFunding({ recommendation: rec, companyName, estimate }: Props) {
  const result = estimate({
    costEur: parsePriceText(rec.price),
    hours: parseDurationText(rec.duration),
    basis: priceBasis(rec.price),
  });
  if (result === null) return null;
  return (
    <div className="funding-preview reco-card-funding">
      <PlanFundingLine
        topic={rec.title}
        estimate={result}
        label={fr.planFunding.preview.forCompany(companyName)}
        compact
      />
    </div>
  );
}
