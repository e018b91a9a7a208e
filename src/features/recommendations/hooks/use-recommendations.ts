// The AI recommendation search (02 §2.14, §7.4, §8): the generate-training function, with the two
// loading messages, typed outcomes and the documented error toast. Needs the network.
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { generateTrainingResponseSchema, type TrainingRecommendation } from '@/domain/contracts';
import { recommendationNeedSchema } from '@/domain/schemas/training';
import { generateTrainingBody, type RecommendationCompany } from '@/domain/training-plan-rules';
import { invokeFunction } from '@/lib/api/functions';
import { fr } from '@/i18n/fr';

/** After this delay the loading message moves from 'Analyse…' to 'Création…'. */
export const LOADING_STAGE_MS = 1500;

export type RecommendationsState =
  | { status: 'idle' }
  | { status: 'loading'; stage: 'analyzing' | 'creating' }
  | { status: 'done'; term: string; recommendations: TrainingRecommendation[] }
  | { status: 'offline' }
  | { status: 'error' };

export function useRecommendations(company: RecommendationCompany | null) {
  const [state, setState] = useState<RecommendationsState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const stageTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const companyRef = useRef(company);
  useEffect(() => {
    companyRef.current = company;
  }, [company]);
  useEffect(
    () => () => {
      controller.current?.abort();
      if (stageTimer.current) clearTimeout(stageTimer.current);
    },
    [],
  );

  /** Returns the validation message when the text is blank (02 §5), else null. */
  const search = useCallback(async (text: string): Promise<string | null> => {
    const need = recommendationNeedSchema.safeParse(text);
    if (!need.success) return need.error.issues[0]?.message ?? fr.validation.needRequired;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setState({ status: 'offline' });
      return null;
    }
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    if (stageTimer.current) clearTimeout(stageTimer.current);
    setState({ status: 'loading', stage: 'analyzing' });
    stageTimer.current = setTimeout(() => {
      if (controller.current === mine) setState({ status: 'loading', stage: 'creating' });
    }, LOADING_STAGE_MS);
    const res = await invokeFunction(
      'generate-training',
      generateTrainingBody(need.data, companyRef.current),
      generateTrainingResponseSchema,
      {
        signal: mine.signal,
      },
    );
    if (controller.current !== mine) return null;
    controller.current = null;
    if (stageTimer.current) clearTimeout(stageTimer.current);
    if (res.ok)
      setState({ status: 'done', term: need.data, recommendations: res.data.recommendations });
    else if (res.code === 'offline') setState({ status: 'offline' });
    else if (res.code !== 'aborted') {
      toast.error(fr.recommendations.toasts.error);
      setState({ status: 'error' });
    }
    return null;
  }, []);

  return { state, search };
}
