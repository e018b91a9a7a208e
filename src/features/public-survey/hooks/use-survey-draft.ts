// The respondent's answer in progress, kept on the device at every change (IndexedDB through the
// local store's reference cache), so that a closed tab, a reload or a crash loses nothing. Writes
// are chained in order; the last one always wins.
import { useCallback, useEffect, useRef, useState } from 'react';
import { readSurveyDraft, surveyDraftKey, type SurveyDraft } from '@/domain/public-survey-draft';
import { useSurveyDeviceStore } from '@/db/survey-device-store';

export type SurveyDraftState = {
  /** undefined while the device copy is read */
  draft: SurveyDraft | undefined;
  update: (change: (draft: SurveyDraft) => SurveyDraft) => void;
  /** Replaces the draft in memory only (after a write done elsewhere). */
  replace: (draft: SurveyDraft) => void;
  /** Resolves once every change made so far is written. */
  whenSaved: () => Promise<void>;
  /** true when the last write failed (storage full or unavailable) */
  saveFailed: boolean;
};

export function useSurveyDraft(surveyId: string | null): SurveyDraftState {
  const { getCachedReference, putCachedReference } = useSurveyDeviceStore();
  const [draft, setDraft] = useState<SurveyDraft | undefined>(undefined);
  const [saveFailed, setSaveFailed] = useState(false);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const current = useRef<SurveyDraft | undefined>(undefined);

  useEffect(() => {
    if (!surveyId) return;
    let cancelled = false;
    getCachedReference(surveyDraftKey(surveyId))
      .then((cached) => readSurveyDraft(cached?.value))
      .catch(() => readSurveyDraft(undefined))
      .then((loaded) => {
        if (cancelled) return;
        current.current = loaded;
        setDraft(loaded);
      });
    return () => {
      cancelled = true;
    };
  }, [surveyId, getCachedReference]);

  const update = useCallback(
    (change: (draft: SurveyDraft) => SurveyDraft) => {
      const base = current.current;
      if (!surveyId || !base || base.submitted_id) return;
      const next = change(base);
      current.current = next;
      setDraft(next);
      chain.current = chain.current
        .then(() => putCachedReference(surveyDraftKey(surveyId), next))
        .then(
          () => setSaveFailed(false),
          () => setSaveFailed(true),
        );
    },
    [surveyId, putCachedReference],
  );

  const replace = useCallback((next: SurveyDraft) => {
    current.current = next;
    setDraft(next);
  }, []);

  const whenSaved = useCallback(() => chain.current, []);

  return { draft, update, replace, whenSaved, saveFailed };
}
