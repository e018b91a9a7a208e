// The respondent's sender (loaded lazily by the page): answers queued on the device are sent
// through the public submit function until the server answers, retried with backoff while the
// connection is missing or weak; 'closed' and 'not found' are final. The server records a response
// id once, so a lost acknowledgement or a second tab never makes a second response.
import type { RespondentStore, SurveyAnswerStatus as StoredStatus } from '@/db/survey-device-store';
import { browserEnv } from '../../../../sync/env';
import { SurveySender, type SurveyAnswerStatus } from '../../../../sync/survey-sender';
import { submitSurveyAnswer } from './public-survey-api';
import type { Same } from '@/lib/same-type';

// src/db and sync/ keep their own copy of the statuses (neither imports the other): the compiler
// checks here that they agree.
const statusesAgree: Same<StoredStatus, SurveyAnswerStatus> = true;
void statusesAgree;

const senders = new WeakMap<RespondentStore, SurveySender>();

/** The one sender of this page for that store, started. */
export function startRespondentSender(store: RespondentStore): SurveySender {
  let sender = senders.get(store);
  if (!sender) {
    sender = new SurveySender({
      queue: store.port,
      remote: { submit: (response) => submitSurveyAnswer(response) },
      env: browserEnv(window),
    });
    senders.set(store, sender);
  }
  sender.start();
  return sender;
}

export function stopRespondentSender(store: RespondentStore): void {
  senders.get(store)?.stop();
}
