// 'Envoyer': the answer is queued on the device (with its response id, generated once) and the
// draft marked as sent in the same transaction, so that a crash between the two can neither lose
// the answer nor let it be sent twice. The sender then delivers it.
import { useCallback } from 'react';
import type { SurveyQuestionSet } from '@/domain/public-survey-contracts';
import { draftToAnswer, surveyDraftKey, type SurveyDraft } from '@/domain/public-survey-draft';
import { useSurveyDeviceStore } from '@/db/survey-device-store';

export function useSubmitAnswer(surveyId: string) {
  const store = useSurveyDeviceStore();
  return useCallback(
    async (
      draft: SurveyDraft,
      questionSets: readonly SurveyQuestionSet[],
    ): Promise<SurveyDraft | null> => {
      const answer = draftToAnswer(draft, questionSets);
      if (!answer || draft.submitted_id) return null;
      let sent: SurveyDraft = draft;
      await store.queueSurveyAnswer(surveyId, answer, (id) => {
        sent = { ...draft, submitted_id: id };
        return { key: surveyDraftKey(surveyId), value: sent };
      });
      return sent;
    },
    [store, surveyId],
  );
}
