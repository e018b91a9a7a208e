// 'Démarrer' (02 §2.14, §9): the chosen recommendation becomes a training request of the plan,
// written locally (placeholder employee if none, mapping rules of recommendationToTrainingRequest).
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useProfile, useRepositories, type Company } from '@/db';
import type { TrainingRecommendation } from '@/domain/contracts';
import { recommendationToTrainingRequest } from '@/domain/training';
import { newRequestReadiness } from '@/domain/training-plan-rules';
import { addToTrainingPlan } from '@/lib/training-plan-writer';
import { fr } from '@/i18n/fr';

export function useAddRecommendation(ownerId: string | null, company: Company | null | undefined) {
  const navigate = useNavigate();
  const repos = useRepositories();
  const profile = useProfile(ownerId);
  const [chosen, setChosen] = useState<TrainingRecommendation | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const rec = chosen;
    if (!rec) return;
    if (
      !ownerId ||
      !profile ||
      !company ||
      newRequestReadiness(ownerId, profile, company) !== null
    ) {
      toast.error(fr.recommendations.toasts.addError);
      return;
    }
    setBusy(true);
    try {
      await addToTrainingPlan(repos, {
        ownerId,
        profile,
        company: { siret: company.siret, name: company.name, idcc: company.simulation.idcc },
        build: (ctx) => recommendationToTrainingRequest(rec, ctx),
      });
      setChosen(null);
      toast.success(fr.recommendations.toasts.added);
      void navigate('/training-plan');
    } catch {
      toast.error(fr.recommendations.toasts.addError);
    } finally {
      setBusy(false);
    }
  };

  return { chosen, choose: setChosen, cancel: () => setChosen(null), confirm, busy };
}
