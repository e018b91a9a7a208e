// The question sets (reference data of the product) that give the results their question and
// option labels: the copy kept on the device first, refreshed from the server (the owner reads the
// survey_question_sets table) whenever the network allows. Zod-validated both ways.
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { surveyQuestionSetSchema, type SurveyQuestionSet } from '@/domain/contracts';
import { useRepositories } from '@/db';
import { config } from '@/lib/config';
import { getAccessToken } from '@/lib/auth';
import { fetchJson } from '@/lib/http';

export const QUESTION_SETS_KEY = 'survey-question-sets';
const questionSetsSchema = z.array(surveyQuestionSetSchema).min(1);

async function fetchQuestionSets(): Promise<SurveyQuestionSet[] | null> {
  let token: string | null = null;
  try {
    token = await getAccessToken();
  } catch {
    token = null;
  }
  if (!token) return null;
  const res = await fetchJson(
    `${config.supabaseUrl}/rest/v1/survey_question_sets?select=department,label,questions&order=position.asc`,
    questionSetsSchema,
    { headers: { apikey: config.supabaseAnonKey, Authorization: `Bearer ${token}` } },
  );
  return res.ok ? res.data : null;
}

/** undefined while the device copy is read; [] when there is none and the server cannot be reached. */
export function useQuestionSets(): SurveyQuestionSet[] | undefined {
  const { getCachedReference, putCachedReference } = useRepositories();
  const [sets, setSets] = useState<SurveyQuestionSet[] | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      let local: SurveyQuestionSet[] = [];
      try {
        const parsed = questionSetsSchema.safeParse(
          (await getCachedReference(QUESTION_SETS_KEY))?.value,
        );
        if (parsed.success) local = parsed.data;
      } catch {
        local = [];
      }
      if (!cancelled) setSets(local);
      const fresh = await fetchQuestionSets();
      if (cancelled || !fresh) return;
      setSets(fresh);
      putCachedReference(QUESTION_SETS_KEY, fresh).catch(() => undefined);
    })();
    return () => {
      cancelled = true;
    };
  }, [getCachedReference, putCachedReference]);

  return sets;
}
