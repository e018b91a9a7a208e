// The survey of the page: the copy kept on the device first (so that a reload with no network
// still shows the form), then the server's answer, which refreshes the copy. Not found and closed
// come from the server only; with no network and no copy the survey is 'unavailable' and is asked
// again when the connection returns.
import { useCallback, useEffect, useState } from 'react';
import { publicSurveySchema, type PublicSurvey } from '@/domain/public-survey-contracts';
import { surveyCacheKey } from '@/domain/public-survey-draft';
import { useSurveyDeviceStore } from '@/db/survey-device-store';
import { fetchPublicSurvey } from './public-survey-api';

export type PublicSurveyState =
  | { status: 'loading' }
  | { status: 'ready'; survey: PublicSurvey; fromDevice: boolean }
  | { status: 'not_found' }
  | { status: 'closed' }
  | { status: 'unavailable' };

export function usePublicSurvey(surveyId: string | null): {
  state: PublicSurveyState;
  retry: () => void;
} {
  const { getCachedReference, putCachedReference } = useSurveyDeviceStore();
  const [state, setState] = useState<PublicSurveyState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (!surveyId) return;
    const controller = new AbortController();
    let cancelled = false;
    let hasCopy = false;
    void (async () => {
      try {
        const cached = await getCachedReference(surveyCacheKey(surveyId));
        const parsed = publicSurveySchema.safeParse(cached?.value);
        if (!cancelled && parsed.success && parsed.data.id === surveyId) {
          hasCopy = true;
          setState((s) =>
            s.status === 'loading' ? { status: 'ready', survey: parsed.data, fromDevice: true } : s,
          );
        }
      } catch {
        // an unreadable device copy is the same as none
      }
      const result = await fetchPublicSurvey(surveyId, { signal: controller.signal });
      if (cancelled) return;
      if (result.kind === 'ok') {
        setState({ status: 'ready', survey: result.survey, fromDevice: false });
        putCachedReference(surveyCacheKey(surveyId), result.survey).catch(() => undefined);
      } else if (result.kind === 'unavailable') {
        if (!hasCopy) setState({ status: 'unavailable' });
      } else {
        setState({ status: result.kind });
      }
    })();
    return () => {
      cancelled = true;
      controller.abort();
    };
  }, [surveyId, attempt, getCachedReference, putCachedReference]);

  // Back online with nothing to show: ask again.
  useEffect(() => {
    if (state.status !== 'unavailable') return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [state.status, retry]);

  return { state, retry };
}
