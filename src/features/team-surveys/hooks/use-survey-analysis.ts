// AI recommendations of a survey (02 §2.19, §7.4): the analyze-survey function reads the
// aggregated answers. The last analysis is kept on the device (with the number of responses it
// covered) so that it shows offline and is not asked again for the same answers.
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import {
  analyzeSurveyResponseSchema,
  surveyRecommendationSchema,
  type SurveyRecommendation,
} from '@/domain/contracts';
import { buildAnalyzeSurveyPayload, type TeamSurveyResponse } from '@/domain/survey-results';
import { useRepositories } from '@/db';
import { fr } from '@/i18n/fr';
import { invokeFunction } from '@/lib/api/functions';
import { toast } from 'sonner';

export const analysisKey = (surveyId: string) => `survey-analysis:${surveyId}`;

const storedAnalysisSchema = z.object({
  responses: z.number().int().min(0),
  recommendations: z.array(surveyRecommendationSchema).max(20),
});

export type SurveyAnalysis = {
  status: 'idle' | 'loading' | 'error' | 'offline';
  recommendations: SurveyRecommendation[] | null;
  /** when the shown recommendations were computed */
  analysedAt: string | null;
  /** the shown recommendations cover fewer responses than there are now */
  outdated: boolean;
  run: () => void;
};

export function useSurveyAnalysis(
  surveyId: string,
  responses: readonly TeamSurveyResponse[] | undefined,
  online: boolean,
): SurveyAnalysis {
  const { getCachedReference, putCachedReference } = useRepositories();
  const [stored, setStored] = useState<
    { responses: number; recommendations: SurveyRecommendation[]; at: string } | null | undefined
  >(undefined);
  const [status, setStatus] = useState<SurveyAnalysis['status']>('idle');
  const inFlight = useRef<AbortController | null>(null);
  const count = responses?.length ?? 0;

  useEffect(() => {
    let cancelled = false;
    getCachedReference(analysisKey(surveyId))
      .then((cached) => {
        const parsed = storedAnalysisSchema.safeParse(cached?.value);
        if (!cancelled)
          setStored(parsed.success && cached ? { ...parsed.data, at: cached.fetchedAt } : null);
      })
      .catch(() => {
        if (!cancelled) setStored(null);
      });
    return () => {
      cancelled = true;
    };
  }, [surveyId, getCachedReference]);

  const run = useCallback(() => {
    if (!responses || responses.length === 0) return;
    if (!online) {
      setStatus('offline');
      return;
    }
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setStatus('loading');
    const covered = responses.length;
    void invokeFunction(
      'analyze-survey',
      buildAnalyzeSurveyPayload(responses),
      analyzeSurveyResponseSchema,
      {
        signal: controller.signal,
      },
    ).then((res) => {
      if (controller.signal.aborted) return;
      inFlight.current = null;
      if (!res.ok) {
        setStatus(res.code === 'offline' ? 'offline' : 'error');
        if (res.code !== 'offline') toast.error(fr.surveyResults.ai.errorToast);
        return;
      }
      const at = new Date().toISOString();
      const value = { responses: covered, recommendations: res.data.recommendations };
      setStored({ ...value, at });
      setStatus('idle');
      putCachedReference(analysisKey(surveyId), value, at).catch(() => undefined);
    });
  }, [responses, online, surveyId, putCachedReference]);

  // First visit, or new answers since the last analysis: analyse once, when online.
  const autoRan = useRef(false);
  useEffect(() => {
    if (
      autoRan.current ||
      stored === undefined ||
      responses === undefined ||
      count === 0 ||
      !online
    )
      return;
    if (stored && stored.responses === count) return;
    const timer = setTimeout(() => {
      autoRan.current = true;
      run();
    }, 0);
    return () => clearTimeout(timer);
  }, [stored, responses, count, online, run]);

  useEffect(() => () => inFlight.current?.abort(), []);

  return {
    status: !online && status !== 'loading' ? 'offline' : status,
    recommendations: stored?.recommendations ?? null,
    analysedAt: stored?.at ?? null,
    outdated: Boolean(stored && stored.responses !== count),
    run,
  };
}
