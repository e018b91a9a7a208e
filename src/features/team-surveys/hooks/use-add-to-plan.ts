// 'Ajouter au plan de formation' (02 §7.3, §9): the recommendation becomes a training request
// (recommendationToTrainingRequest: funding OPCO, organisation the product, impact high, coverage
// from the percent, remaining cost, status to_organize) for the placeholder employee, written to
// the local store through the shared plan writer (synced in the background). As everywhere a
// request is created, a profile and a company are needed (02 §5).
import { useCallback } from 'react';
import type { SurveyRecommendation } from '@/domain/contracts';
import { recommendationToTrainingRequest } from '@/domain/training';
import { newRequestReadiness, type RequestReadiness } from '@/domain/training-plan-rules';
import { useProfile, useRepositories } from '@/db';
import { useCurrentCompany } from '@/lib/current-company';
import { addToTrainingPlan } from '@/lib/training-plan-writer';

export type AddToPlanOutcome =
  { ok: true; id: string } | { ok: false; reason: Exclude<RequestReadiness, null> };

export function useAddToPlan(ownerId: string) {
  const repos = useRepositories();
  const profile = useProfile(ownerId);
  const { company } = useCurrentCompany(ownerId);
  return useCallback(
    async (recommendation: SurveyRecommendation): Promise<AddToPlanOutcome> => {
      const context = company
        ? { siret: company.siret, name: company.name, idcc: company.simulation.idcc }
        : null;
      const readiness = newRequestReadiness(ownerId, profile, context);
      if (readiness !== null || !profile || !context)
        return { ok: false, reason: readiness ?? 'no_company' };
      const id = await addToTrainingPlan(repos, {
        ownerId,
        profile,
        company: context,
        build: (ctx) => recommendationToTrainingRequest(recommendation, ctx),
      });
      return { ok: true, id };
    },
    [ownerId, repos, profile, company],
  );
}
