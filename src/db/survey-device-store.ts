// The local store as the public survey's respondent uses it (survey.html, no account): the same
// IndexedDB database and schema as the app, but only what the respondent's page needs: the survey
// answer queue, the reference cache (the survey kept on the device, the answer in progress) and the
// live status of a queued answer. It does not import ./index (which builds every repository and
// hook of the app), so the respondent's page does not download them.
//
//   const db = useLocalDb();
//   const store = useSurveyDeviceStore();          // bound to the database of the context
//   await store.putCachedReference(key, value);
import { useMemo } from 'react';
import { useLocalDb } from './context';
import type { LocalDb } from './database';
import { cachesRepository } from './repositories/caches';
import { surveyQueueRepository } from './repositories/survey-queue';

export {
  createLocalDb,
  DEFAULT_DB_NAME,
  type LocalDb,
  type SurveyAnswerStatus,
  type SurveyOutboxEntry,
} from './database';
export { getAppDb, LocalDbContext, useLocalDb } from './context';
export { surveyQueueRepository, type SurveyAnswerInput } from './repositories/survey-queue';
export type { Cached } from './repositories/caches';
export { useSurveyAnswer } from './hooks/survey-answer';

/** The respondent's operations over one database. */
export function surveyDeviceStore(db: LocalDb) {
  const { getCachedReference, putCachedReference } = cachesRepository(db);
  const { queueSurveyAnswer, getSurveyAnswer } = surveyQueueRepository(db);
  return { getCachedReference, putCachedReference, queueSurveyAnswer, getSurveyAnswer };
}
export type SurveyDeviceStore = ReturnType<typeof surveyDeviceStore>;

/** The respondent's operations over the database of the current LocalDbContext (the app's by default). */
export function useSurveyDeviceStore(): SurveyDeviceStore {
  const db = useLocalDb();
  return useMemo(() => surveyDeviceStore(db), [db]);
}
