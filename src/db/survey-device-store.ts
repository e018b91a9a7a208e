// The local store as the public survey's respondent uses it (survey.html and the app's /survey/:id
// route, no account): its own small IndexedDB database (./respondent-store.ts, no Dexie), so that
// the respondent's page downloads neither Dexie nor the app's schema and repositories.
//
//   const store = useSurveyDeviceStore();          // the store of the context (the device's by default)
//   await store.putCachedReference(key, value);
//   const answer = useSurveyAnswer(id);            // live: waiting, sent, closed, not_found, invalid
import { createContext, useContext, useEffect, useState } from 'react';
import { surveyCacheKey, surveyDraftKey } from '@/domain/public-survey-draft';
import { DEFAULT_DB_NAME } from './meta';
import { RespondentStore, type RespondentAnswer } from './respondent-store';

export {
  RESPONDENT_DB_NAME,
  RespondentStore,
  type Cached,
  type RespondentAnswer,
  type SurveyAnswerInput,
  type SurveyAnswerStatus,
} from './respondent-store';

/** Where earlier versions kept the respondent's answers and drafts (moved on first opening). */
export const LEGACY_RESPONDENT_SOURCE = {
  dbName: DEFAULT_DB_NAME,
  keyPrefixes: [surveyCacheKey(''), surveyDraftKey('')],
} as const;

let deviceStore: RespondentStore | null = null;

/** The device's respondent store (opened lazily on first use). */
export function getRespondentStore(): RespondentStore {
  deviceStore ??= new RespondentStore({ legacy: LEGACY_RESPONDENT_SOURCE });
  return deviceStore;
}

/** Another store for a subtree (tests). */
export const RespondentStoreContext = createContext<RespondentStore | null>(null);

export function useSurveyDeviceStore(): RespondentStore {
  return useContext(RespondentStoreContext) ?? getRespondentStore();
}

/** A respondent's answer and its status, live; undefined while read, null when there is none. */
export function useSurveyAnswer(id: string | undefined): RespondentAnswer | null | undefined {
  const store = useSurveyDeviceStore();
  const [entry, setEntry] = useState<RespondentAnswer | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    let latest = 0;
    const read = () => {
      const ticket = ++latest;
      const done = (value: RespondentAnswer | null) => {
        if (live && ticket === latest) setEntry(value);
      };
      if (!id) return done(null);
      store.getSurveyAnswer(id).then(
        (value) => done(value ?? null),
        () => done(null),
      );
    };
    read();
    const off = store.onAnswersChange(read);
    return () => {
      live = false;
      off();
    };
  }, [store, id]);
  return entry;
}
