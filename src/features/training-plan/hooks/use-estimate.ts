// 'Estimer la durée et le budget' (02 §2.16, §7.4, §8): the estimate-training function. Needs the
// network; offline the user types duration and budget by hand.
import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';
import { estimateTrainingResponseSchema, type EstimateTrainingResponse } from '@/domain/contracts';
import { estimateInputSchema } from '@/domain/schemas/training';
import { invokeFunction } from '@/lib/api/functions';
import { fr } from '@/i18n/fr';

export type EstimateOutcome =
  | { ok: true; estimate: EstimateTrainingResponse }
  | { ok: false; reason: 'invalid' | 'offline' | 'error'; message?: string };

export function useEstimate() {
  const [pending, setPending] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  const estimate = useCallback(
    async (input: {
      topic: string;
      description: string;
      format: 'remote' | 'in_person';
    }): Promise<EstimateOutcome> => {
      const parsed = estimateInputSchema.safeParse(input);
      if (!parsed.success) {
        return {
          ok: false,
          reason: 'invalid',
          message:
            parsed.error.issues[0]?.message ?? fr.validation.estimateNeedsTopicAndDescription,
        };
      }
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setPending(true);
      try {
        const res = await invokeFunction(
          'estimate-training',
          { trainingData: parsed.data },
          estimateTrainingResponseSchema,
          {
            signal: controller.signal,
          },
        );
        if (res.ok) {
          toast.success(fr.trainingPlan.newTraining.toasts.estimateSuccess);
          return { ok: true, estimate: res.data };
        }
        if (res.code !== 'aborted') toast.error(fr.trainingPlan.newTraining.toasts.estimateError);
        return { ok: false, reason: res.code === 'offline' ? 'offline' : 'error' };
      } finally {
        if (inFlight.current === controller) {
          inFlight.current = null;
          setPending(false);
        }
      }
    },
    [],
  );
  return { estimate, pending };
}
