// The respondent's sender (loaded lazily by the page): answers queued on the device are sent
// through the public submit function until the server answers, retried with backoff while the
// connection is missing or weak; 'closed' and 'not found' are final. The server records a response
// id once, so a lost acknowledgement or a second tab never makes a second response.
import { surveyQueueRepository, type LocalDb } from '@/db/survey-device-store';
import { browserEnv } from '../../../../sync/env';
import { SurveySender } from '../../../../sync/survey-sender';
import { submitSurveyAnswer } from './public-survey-api';

const senders = new WeakMap<LocalDb, SurveySender>();

/** The one sender of this page for that database, started. */
export function startRespondentSender(db: LocalDb): SurveySender {
  let sender = senders.get(db);
  if (!sender) {
    sender = new SurveySender({
      queue: surveyQueueRepository(db).port,
      remote: { submit: (response) => submitSurveyAnswer(response) },
      env: browserEnv(window),
    });
    senders.set(db, sender);
  }
  sender.start();
  return sender;
}

export function stopRespondentSender(db: LocalDb): void {
  senders.get(db)?.stop();
}
