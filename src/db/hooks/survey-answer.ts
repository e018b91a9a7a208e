// The respondent's queued answer, live (the public survey's thank-you screen). Apart from ./sync so
// that the respondent's page (src/db/survey-device-store.ts) does not load the replication modules.
import { useLiveQuery } from 'dexie-react-hooks';
import { useLocalDb } from '../context';
import type { SurveyOutboxEntry } from '../database';

/** A respondent's answer and its status (waiting / sent / closed / not_found). */
export function useSurveyAnswer(id: string | undefined): SurveyOutboxEntry | null | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () => (id ? ((await db.survey_outbox.get(id)) ?? null) : null),
    [db, id],
  );
}
