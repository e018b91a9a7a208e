// 'Envoyer': the answer is queued on the device (with its response id, generated once) and the
// draft marked as sent in the same transaction, so that a crash between the two can neither lose
// the answer nor let it be sent twice. The sender then delivers it.
import { useCallback } from 'react';
import type { SurveyQuestionSet } from '@/domain/public-survey-contracts';
import { draftToAnswer, surveyDraftKey, type SurveyDraft } from '@/domain/public-survey-draft';
import { useLocalDb, useSurveyDeviceStore } from '@/db/survey-device-store';

export function useSubmitAnswer(surveyId: string) {
  const db = useLocalDb();
  const store = useSurveyDeviceStore();
  return useCallback(
    async (
      draft: SurveyDraft,
      questionSets: readonly SurveyQuestionSet[],
    ): Promise<SurveyDraft | null> => {
      const answer = draftToAnswer(draft, questionSets);
      if (!answer || draft.submitted_id) return null;
      return db.transaction('rw', [db.survey_outbox, db.reference_cache], async () => {
        const id = await store.queueSurveyAnswer(surveyId, answer);
        const sent: SurveyDraft = { ...draft, submitted_id: id };
        await store.putCachedReference(surveyDraftKey(surveyId), sent);
        return sent;
      });
    },
    [db, store, surveyId],
  );
}
