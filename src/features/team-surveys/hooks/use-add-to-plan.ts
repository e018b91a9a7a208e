// 'Ajouter au plan de formation' (02 §7.3, §9): the recommendation becomes a training request
// (recommendationToTrainingRequest: funding OPCO, organisation the product, impact high, coverage
// from the percent, remaining cost, status to_organize) for the placeholder employee, written to
// the local store (synced in the background).
import { useCallback } from 'react';
import type { SurveyRecommendation } from '@/domain/contracts';
import { recommendationToTrainingRequest } from '@/domain/training';
import { useProfile, useRepositories } from '@/db';
import { useCurrentCompany } from '@/lib/current-company';

export function useAddToPlan(ownerId: string) {
  const { ensurePlaceholderEmployee, createTrainingRequest } = useRepositories();
  const profile = useProfile(ownerId);
  const { company } = useCurrentCompany(ownerId);
  return useCallback(
    async (recommendation: SurveyRecommendation): Promise<string> => {
      const employeeId = await ensurePlaceholderEmployee(ownerId);
      const { id: _id, created_at: _createdAt, company_id: _companyId, status: _status, ...row } = recommendationToTrainingRequest(
        recommendation,
        {
          id: '',
          company_id: ownerId,
          employee_id: employeeId,
          user_name: profile?.contact_name ?? null,
          user_email: profile?.contact_email ?? null,
          user_phone: profile?.contact_phone ?? null,
          company_name: company?.name ?? null,
          company_siret: company?.siret ?? null,
          idcc: company?.simulation.idcc ?? null,
          created_at: '',
        },
      );
      return createTrainingRequest(ownerId, row);
    },
    [ownerId, ensurePlaceholderEmployee, createTrainingRequest, profile, company],
  );
}
